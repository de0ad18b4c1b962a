import torch
t = torch.zeros(2, 3, 4, 5)
y = torch.empty_like(t, memory_format=torch.channels_last)
