# Lesson 12 — An elementwise op keeps the layout
# x.t() + 1 computes new values into a new Storage, but not in row-major order: PyTorch's
# TensorIterator gives the result the dim order of its inputs (it sorts the dims by their
# strides), so the sum of a transposed tensor is "transposed" too. A later view can then fail.
import torch

x = torch.arange(6.).view(2, 3)
t = x.t()                    # a view: shape (3, 2), strides (1, 3)
y = t + 1                    # new Storage, and the same strides (1, 3): not contiguous
y.is_contiguous()

# The properties panel says why: "dims ordered like a (its strides (1, 3)); the scalar 1 was
# broadcast". So y.view(6) fails just as t.view(6) does (try it on the console):
# y.view(6)  ->  view size is not compatible with input tensor's size and stride (at least one
#                dimension spans across two contiguous subspaces). Use .reshape(...) instead.
flat = y.reshape(6)          # reshape copies where no view exists
z = y.contiguous().view(6)   # or make it row-major first

# Mixed layouts: the first operand that orders the dims wins; a broadcast one has no say.
a = x.t() * x.t()            # both transposed: strides (1, 3)
b = torch.ones(3, 1) + x.t() # the broadcast (3, 1) has no say: strides (1, 3) again
c = x + x                    # contiguous inputs, contiguous result

# channels_last in, channels_last out (a bias of shape (C, 1, 1) broadcasts):
img = torch.ones(1, 3, 2, 2).contiguous(memory_format=torch.channels_last)
out = img * torch.arange(3.).view(3, 1, 1)
out.is_contiguous(memory_format=torch.channels_last)

# Reductions are different: their result is always contiguous.
s = t.sum(1)
