import torch
a = torch.arange(1, 2, dtype=torch.uint8).view(1, 1, 1, 1).contiguous(memory_format=torch.channels_last)
b = torch.arange(1, 7, dtype=torch.uint8).view(1, 2, 3, 1).permute(0, 1, 2, 3)
c = a >= b
