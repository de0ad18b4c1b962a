import torch
x = torch.arange(6).view(2, 3, 1, 1)
y = x.contiguous(memory_format=torch.channels_last)
