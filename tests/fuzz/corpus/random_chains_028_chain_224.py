import torch
x = torch.arange(6).view(2, 3).to(torch.bool)
t1 = x.narrow(1, 3, 0)
