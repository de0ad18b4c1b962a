import torch
x = torch.tensor([1-1j])
y = x.sgn()
