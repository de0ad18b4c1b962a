# Lesson 7 — clone() and contiguous() make a new Storage, views do not
# Views (view, transpose, narrow, select, expand, ...) share their base's Storage. clone()
# allocates a new one at once and copies (there is no copy-on-write), keeping the strides of a
# dense input; contiguous() copies only when it has to.
import torch

x = torch.arange(6).view(2, 3)
v = x.t()             # a view: same storage as x
c = x.t().clone()     # a copy: new storage, and it keeps the transposed strides (1, 2)
c.stride()
k = x.t().contiguous()  # a copy in row-major order: strides (2, 1)
k.stride()
x.add_(100)           # only x and its views see this write
v
c
