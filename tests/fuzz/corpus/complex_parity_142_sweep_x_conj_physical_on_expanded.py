import torch
x = torch.tensor([1+1j]).expand(3, 2)
y = x.conj_physical()
