import torch
x = torch.tensor([1+1j, -1j]).expand(3, 2)
y = x.sgn()
s = torch.complex(torch.arange(12.).view(3, 4), torch.ones(3, 4))[:, ::2]
z = s.sgn()
