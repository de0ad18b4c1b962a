import torch
# x.t() + 1: a new storage, but the dims keep the transposed order (strides (1, 3))
x = torch.arange(6.).view(2, 3)
y = x.t() + 1
