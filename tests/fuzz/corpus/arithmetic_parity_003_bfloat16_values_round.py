import torch
a = torch.arange(5, dtype=torch.bfloat16) / 3
b = a + 255
