import torch
x = torch.full((2,), 300, dtype=torch.int8)
