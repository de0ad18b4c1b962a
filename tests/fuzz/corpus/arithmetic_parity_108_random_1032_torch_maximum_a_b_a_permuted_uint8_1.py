import torch
a = torch.arange(1, 5, dtype=torch.uint8).view(4, 1).permute(1, 0)
b = torch.arange(1, 2, dtype=torch.float16).view(1, 1)
c = torch.maximum(a, b)
