import torch
a = torch.arange(1, 5, dtype=torch.int64)[::2]
c = a.cos()
