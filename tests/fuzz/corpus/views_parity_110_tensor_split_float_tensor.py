import torch
v = torch.arange(3)
r = torch.tensor_split(v, torch.tensor([1.]))
