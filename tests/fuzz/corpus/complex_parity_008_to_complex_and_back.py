import torch
x = torch.tensor([1.5, -2.])
y = x.to(torch.complex64)
z = y.to(torch.float64)
w = torch.tensor([1+2j]).to(torch.complex128)
