import torch
x = torch.where(torch.tensor([True, False]), torch.tensor([1+1j, 2j]), 1.0)
