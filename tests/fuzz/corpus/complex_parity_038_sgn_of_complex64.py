import torch
x = torch.tensor([3+4j, -1j, 0j, -2.5, 1-1j])
y = x.sgn()
z = torch.sgn(x)
w = torch.sgn(input=x)
