import torch
x = torch.randn(2, 2, dtype=torch.bfloat16)
