import torch
x = torch.arange(12).view(3, 4).to(torch.float16)
t1 = x.diagonal(-3, 1, 0)
