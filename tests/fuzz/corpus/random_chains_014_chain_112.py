import torch
x = torch.arange(24).view(2, 3, 2, 2).to(torch.int16)
t1 = x.narrow(-2, 0, 1)
t2 = t1.clone()
