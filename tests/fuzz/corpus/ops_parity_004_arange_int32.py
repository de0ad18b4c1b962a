import torch
x = torch.arange(5, dtype=torch.int32)
