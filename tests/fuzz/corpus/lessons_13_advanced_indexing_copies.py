# Lesson 13 — Advanced indexing copies, basic indexing views
# Integers, slices, None and ... only change the layout: the result is a view of the same
# Storage. A list, a tensor of indices or a boolean mask picks elements one by one, and no
# strides can express that: PyTorch copies them into a new Storage.
import torch

x = torch.arange(12).view(3, 4)
v = x[1:, ::2]               # basic: a view, strides (4, 2), storage_offset 4
c = x[[1, 2]]                # advanced: a copy of rows 1 and 2, its own Storage
m = x[x > 6]                 # a mask: the selected elements, in a new 1-D Storage

# A write through the view reaches x; a write into the copy does not.
v[0, 0] = 100
x
c[0, 0] = -1
x

# Writing through an advanced index is different: x[idx] = value writes into x itself.
x[[0, 2]] = 0
x
x[x > 50] = 7
x

# Where do advanced dims land? Next to each other they stay in place; separated by a slice,
# PyTorch moves them to the front.
y = torch.arange(24).view(2, 3, 4)
p = y[:, [0, 2], [1, 3]]     # shape (2, 2): the indexed dims stay in the middle
q = y[[0, 1], :, [1, 3]]     # shape (2, 3): separated, the index dim goes first

# Functions that copy the same way: index_select, masked_select, gather, take.
s = x.index_select(1, torch.tensor([3, 0]))
g = torch.gather(x, 1, torch.tensor([[0], [1], [2]]))
