import torch
x = torch.ones(2, dtype=torch.float64) + torch.tensor([1j, 2j])
