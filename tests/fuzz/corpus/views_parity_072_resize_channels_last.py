import torch
t = torch.zeros(1, 2, 3, 4)
t.resize_(2, 3, 4, 5, memory_format=torch.channels_last)
