import torch
a = (torch.arange(9) % 2 == 0)[::3].clone()
b = torch.arange(1, 2, dtype=torch.float16)
a %= 2
a
