import torch
a = torch.arange(0, dtype=torch.int32)[::3]
c = a > 1
