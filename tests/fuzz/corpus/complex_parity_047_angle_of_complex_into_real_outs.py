import torch
z = torch.tensor([[1+1j, -2j], [3, 0]])
o = torch.zeros(2, 2)
y = torch.angle(z, out=o)
d = torch.angle(z, out=torch.zeros(2, 2, dtype=torch.float64))
h = torch.angle(z, out=torch.zeros(2, 2, dtype=torch.float16))
e = torch.angle(z.to(torch.complex128), out=torch.zeros(2, 2))
