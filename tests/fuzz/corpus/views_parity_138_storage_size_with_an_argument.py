import torch
a = torch.zeros(3)
v = a.storage().size(0)
