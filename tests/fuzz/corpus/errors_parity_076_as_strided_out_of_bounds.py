import torch
x = torch.arange(6)
y = x.as_strided((3, 3), (3, 1))
