import torch
x = torch.arange(2040, 2060, dtype=torch.float16)
