import torch
f = torch.tensor([1., -2.])
a = torch.angle(f, out=torch.zeros(2, dtype=torch.float64))
b = torch.angle(torch.tensor([1, -2]), out=torch.zeros(2, dtype=torch.float64))
c = torch.angle(torch.tensor([True]), out=torch.zeros(1, dtype=torch.float16))
d = torch.angle(f.double(), out=torch.zeros(2))
e = torch.angle(f, out=f)
