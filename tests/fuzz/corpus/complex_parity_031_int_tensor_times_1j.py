import torch
x = torch.tensor([1, 2], dtype=torch.int32) * 1j
