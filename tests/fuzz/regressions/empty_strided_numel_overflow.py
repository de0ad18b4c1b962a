import torch
o = torch.empty_strided((1 << 40, 1 << 40), (1 << 20, 1))
