import torch
x = torch.arange(12).view(3, 4).to(torch.float32)
t1 = x.permute(0, -1)
