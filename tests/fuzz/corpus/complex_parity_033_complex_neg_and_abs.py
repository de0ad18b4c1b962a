import torch
x = torch.tensor([3+4j, -1j])
y = -x
z = x.abs()
w = abs(x)
v = torch.abs(x)
