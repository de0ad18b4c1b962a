import torch
x = torch.tensor([1.00390625, 1.01171875, 257.0, 259.0, 3.4e38, -1.5e-39])
y = x.to(torch.bfloat16)
