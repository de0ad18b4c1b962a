import torch
x = torch.tensor([1+1j, 2j])
y = x.reciprocal()
