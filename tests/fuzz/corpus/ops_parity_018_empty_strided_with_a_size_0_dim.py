import torch
x = torch.empty_strided((0, 3), (3, 1))
