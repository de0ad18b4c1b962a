import torch
v = torch.arange(10)[::20]
y = v.ravel()
