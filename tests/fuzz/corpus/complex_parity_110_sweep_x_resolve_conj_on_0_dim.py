import torch
x = torch.tensor(1+2j)
y = x.resolve_conj()
