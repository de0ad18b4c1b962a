import torch
a = torch.zeros(3)
a.resize_(2, 2, memory_format=torch.channels_last)
