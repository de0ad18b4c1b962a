# Lesson 3 — narrow and slicing move the offset
# narrow(dim, start, length) and x[a:b] keep the strides and move storage_offset to the first
# element they keep. A step (x[::2]) multiplies the stride.
import torch

x = torch.arange(24).reshape(4, 6)
n = x.narrow(1, 2, 3)   # columns 2, 3, 4
n.storage_offset()      # 2
n.stride()              # (6, 1): same strides as x
n.is_contiguous()       # False: each row skips 3 cells

s = x[1:3, ::2]         # rows 1-2, every other column
s.storage_offset()      # 6
s.stride()              # (6, 2): the step doubled the column stride

# narrow past the end is an error, never an out-of-bounds read:
# x.narrow(0, 3, 2)  ->  start (3) + length (2) exceeds dimension size (4).
