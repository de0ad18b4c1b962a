import torch
a = torch.zeros(3)
b = torch.zeros(2, dtype=torch.int64)
a.set_(b)
