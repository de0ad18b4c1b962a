import torch
# A broadcast operand has no say: the full-size, transposed one orders the dims
a = torch.arange(4.).view(4, 1)
b = torch.arange(12.).view(3, 4).t()
c = a + b
