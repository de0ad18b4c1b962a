import torch
t = torch.empty(2, 3, 4, 5, 6, memory_format=torch.channels_last_3d)
