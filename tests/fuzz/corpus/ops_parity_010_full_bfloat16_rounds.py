import torch
x = torch.full((2,), 257, dtype=torch.bfloat16)
