import torch
m = torch.arange(9.).view(3, 3)
t = torch.arange(24.).view(2, 3, 4)
a = torch.einsum('ij->ji', m)
b = torch.einsum('ii->i', m)
c = torch.einsum('bij->bj', t)
d = torch.einsum('...ij->...ji', t)
