import torch
a = torch.arange(1, 7, dtype=torch.float16).view(2, 3)[::2]
b = torch.tensor(-1, dtype=torch.float16)
c = a / b
