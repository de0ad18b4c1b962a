import torch
x = torch.tensor([1+2j])
y = torch.view_as_real(x.conj())
