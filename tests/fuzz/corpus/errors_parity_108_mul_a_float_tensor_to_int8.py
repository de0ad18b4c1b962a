import torch
x = torch.arange(3, dtype=torch.int8)
x.mul_(torch.tensor([1.0, 2.0, 3.0]))
