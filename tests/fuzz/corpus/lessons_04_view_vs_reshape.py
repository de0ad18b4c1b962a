# Lesson 4 — view versus reshape
# view never copies: it only succeeds when the new shape can be read through new strides of
# the same Storage. reshape returns such a view when one exists, and copies when it must.
import torch

x = torch.arange(12).view(3, 4)
v = x.view(2, 6)            # fine: x is contiguous
t = x.t()                   # shape (4, 3), strides (1, 4)
r = t.reshape(12)           # no view exists, so reshape copies into a new Storage
r.is_contiguous()
f = t.reshape(2, 2, 3)      # splitting dim 0 of t alone is still a view: strides (2, 1, 4)
w = t.view(4, 3)            # same shape: a view

# The incompatible view is refused with PyTorch's message (try it on the console):
# t.view(12)  ->  view size is not compatible with input tensor's size and stride (at least one
#                 dimension spans across two contiguous subspaces). Use .reshape(...) instead.
