import torch
x = torch.full((2,), 3.0, dtype=torch.bfloat16)
x.mul_(1.01)
