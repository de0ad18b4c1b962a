import torch
m = torch.arange(6.).view(2, 3)
y = torch.empty_like(m, memory_format=torch.channels_last_3d)
