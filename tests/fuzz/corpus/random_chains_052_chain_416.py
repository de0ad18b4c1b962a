import torch
x = torch.arange(24).view(3, 2, 4).to(torch.int8)
t1 = x.reshape((-1,))
t2 = t1.unsqueeze(0)
