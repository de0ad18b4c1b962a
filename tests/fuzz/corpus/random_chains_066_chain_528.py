import torch
x = torch.arange(32).view(2, 4, 4).to(torch.int8)
t1 = x.transpose(0, 0)
t1.copy_(torch.tensor(2).to(torch.bool))
t2 = t1.permute(0, 1, 2)
x
