import torch
a = torch.arange(1, 193, dtype=torch.float32).view(3, 4, 4, 4).contiguous(memory_format=torch.channels_last)
c = a % 3
