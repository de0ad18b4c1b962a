import torch
x = torch.arange(24.).view(2, 3, 4)
x.storage().nbytes()
