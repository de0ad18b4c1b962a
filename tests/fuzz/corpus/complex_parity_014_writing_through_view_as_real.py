import torch
x = torch.zeros(2, dtype=torch.complex64)
y = torch.view_as_real(x)
y[0, 1] = 5.
y[1] = torch.tensor([7., 8.])
z = x
v = x._version
