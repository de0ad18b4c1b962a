import torch
a = torch.tensor([1+2j, 3j])
b = torch.tensor([1+2j, 3j])
c = torch.equal(a, b)
d = torch.equal(a, a.conj())
