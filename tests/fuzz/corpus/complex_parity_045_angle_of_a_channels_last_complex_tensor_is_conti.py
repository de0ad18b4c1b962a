import torch
x = torch.complex(torch.arange(12.).view(1, 3, 2, 2) - 6, torch.ones(1, 3, 2, 2)).contiguous(memory_format=torch.channels_last)
y = x.angle()
