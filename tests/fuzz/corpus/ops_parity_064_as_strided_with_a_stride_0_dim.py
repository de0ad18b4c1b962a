import torch
x = torch.arange(10)
y = x.as_strided((3, 2), (0, 1), 4)
