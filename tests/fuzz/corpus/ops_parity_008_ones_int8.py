import torch
x = torch.ones(3, dtype=torch.int8)
