import torch
x = torch.arange(24.).view(2, 3, 4)
y = torch.randn_like(x, memory_format=torch.contiguous_format)
