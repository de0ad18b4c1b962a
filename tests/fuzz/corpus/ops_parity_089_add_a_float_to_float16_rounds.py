import torch
x = torch.full((2,), 2048, dtype=torch.float16)
x.add_(1)
