import torch
x = torch.randn(2, dtype=torch.int32)
