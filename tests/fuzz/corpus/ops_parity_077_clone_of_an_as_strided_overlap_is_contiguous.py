import torch
x = torch.arange(10)
y = x.as_strided((3, 3), (1, 1)).clone()
