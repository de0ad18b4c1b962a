# Lesson 8 — an in-place write through a view changes its base
# A view is another way of reading the same Storage, so writing through it writes the base.
import torch

x = torch.zeros(3, 4)
col = x[:, 1]       # column 1: stride 4, offset 1
col.fill_(7)        # x now has 7s in column 1
x
row = x.narrow(0, 2, 1)
row.mul_(0)         # the last row of x becomes zeros
x[0, ::2] = 5       # slice assignment writes through a view too
x
