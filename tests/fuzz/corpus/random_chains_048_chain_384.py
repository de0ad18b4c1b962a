import torch
x = torch.arange(4).view(4).to(torch.bool)
t1 = x.repeat(2)
