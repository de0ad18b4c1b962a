import torch
x = torch.arange(8).view(2, 4).to(torch.bool)
t1 = x.narrow(1, -1, 0)
