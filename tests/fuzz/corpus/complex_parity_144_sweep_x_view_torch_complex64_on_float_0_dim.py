import torch
x = torch.tensor(1.)
y = x.view(torch.complex64)
