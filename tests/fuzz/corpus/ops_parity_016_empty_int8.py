import torch
x = torch.empty(4, 2, dtype=torch.int8)
