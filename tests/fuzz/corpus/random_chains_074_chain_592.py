import torch
x = torch.arange(6).view(3, 2).to(torch.float32)
t1 = x[:, ::2, 0]
