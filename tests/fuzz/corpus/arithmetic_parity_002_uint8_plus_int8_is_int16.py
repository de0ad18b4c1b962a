import torch
a = torch.arange(3, dtype=torch.uint8)
b = torch.arange(3, dtype=torch.int8)
c = a + b
