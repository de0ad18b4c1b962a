import torch
x = torch.tensor([1+1j, 2, 3j])
y = torch.sgn(x[:2], out=x[1:])
