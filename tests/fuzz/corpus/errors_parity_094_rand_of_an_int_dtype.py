import torch
x = torch.rand(2, dtype=torch.int64)
