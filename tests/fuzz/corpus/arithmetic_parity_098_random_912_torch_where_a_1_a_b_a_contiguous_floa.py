import torch
a = torch.arange(1, 3, dtype=torch.float16)
b = torch.arange(1, 5, dtype=torch.int32)[::2]
c = torch.where(a > 1, a, b)
