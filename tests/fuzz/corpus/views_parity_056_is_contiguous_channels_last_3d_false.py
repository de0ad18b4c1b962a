import torch
t = torch.zeros(2, 3, 4, 5, 6)
t.is_contiguous(memory_format=torch.channels_last_3d)
