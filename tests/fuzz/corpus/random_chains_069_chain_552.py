import torch
x = torch.arange(60, dtype=torch.float32).view(5, 3, 4)
x.storage_offset()
x.add_(0.1)
x
