import torch
x = torch.tensor([[1+1j, 2], [3j, -4]])
y = x.t()
y.sgn_()
z = x
v = x._version
