import torch
x = torch.arange(80).view(5, 4, 4).to(torch.bool)
t1 = x.clone()
t2 = t1.permute(1, 0, 2)
t3 = t2.diagonal(1, 2, 2)
