import torch
b = torch.arange(10.)
w = b.as_strided((4, 4), (2, 1))  # overlapping windows
