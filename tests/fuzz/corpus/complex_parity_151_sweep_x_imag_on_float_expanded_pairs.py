import torch
x = torch.tensor([1., 2.]).expand(3, 2)
y = x.imag
