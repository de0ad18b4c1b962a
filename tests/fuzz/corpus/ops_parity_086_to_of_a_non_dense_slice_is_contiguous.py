import torch
x = torch.arange(24).view(2, 3, 4)[:, ::2]
y = x.to(torch.float16)
