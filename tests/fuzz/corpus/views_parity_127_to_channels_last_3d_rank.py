import torch
m = torch.arange(6.).view(2, 3)
y = m.to(memory_format=torch.channels_last_3d)
