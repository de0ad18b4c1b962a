# transpose: a view that swaps two strides and moves no data.
import torch

x = torch.arange(24).reshape(2, 3, 4)  # 24 elements in one storage, strides (12, 4, 1)
y = x.transpose(0, 1)                  # same storage, shape (3, 2, 4), strides (4, 12, 1)
print(y.stride())
print(y.is_contiguous())               # False: stepping the last dims no longer walks memory in order
z = y.contiguous()                     # copies into a new storage with strides (8, 4, 1)
