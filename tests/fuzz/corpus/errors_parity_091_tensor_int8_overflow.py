import torch
x = torch.tensor([200], dtype=torch.int8)
