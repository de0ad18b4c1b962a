# Lesson 1 — Storage, layout and view: the address formula
# A tensor is a one-dimensional Storage read through a layout: sizes, strides and
# storage_offset. Element x[i0, i1, i2] lives at storage index
#     storage_offset + i0*stride[0] + i1*stride[1] + i2*stride[2]
import torch

# 24 numbers in one Storage, read as a 2 x 3 x 4 block.
x = torch.arange(24).reshape(2, 3, 4)
x.stride()          # (12, 4, 1): one step along dim 0 skips a whole 3 x 4 matrix
x.storage_offset()  # 0: the view starts at the first cell

# x[1, 2, 3] is at 0 + 1*12 + 2*4 + 3*1 = 23
x[1, 2, 3]

# A view of one row shares the same Storage: no element is copied.
row = x[1, 2]
row.storage_offset()  # 20 = 1*12 + 2*4
