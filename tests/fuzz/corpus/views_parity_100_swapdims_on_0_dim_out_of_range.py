import torch
z = torch.tensor(1.)
y = z.swapdims(0, 1)
