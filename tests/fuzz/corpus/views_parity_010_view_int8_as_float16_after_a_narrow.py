import torch
a = torch.arange(12, dtype=torch.int8).view(3, 4)[1:]
y = a.view(torch.float16)
