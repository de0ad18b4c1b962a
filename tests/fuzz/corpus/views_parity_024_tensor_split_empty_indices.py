import torch
v = torch.arange(4)
(a,) = v.tensor_split([])
