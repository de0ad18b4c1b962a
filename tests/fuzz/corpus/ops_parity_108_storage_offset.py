import torch
x = torch.arange(24).view(2, 3, 4)[1, 1:]
x.storage_offset()
