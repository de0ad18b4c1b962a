import torch
z = torch.tensor(1.)
y = z.view(torch.int16)
