# Lesson 2 — transpose makes a view non-contiguous
# transpose swaps two sizes AND their strides. The data does not move, so reading the
# result in row-major order jumps around the Storage.
import torch

x = torch.arange(24).reshape(2, 3, 4)
y = x.transpose(0, 1)
y.shape            # torch.Size([3, 2, 4])
y.stride()         # (4, 12, 1): the strides were swapped, the Storage was not
y.is_contiguous()  # False: dim 1's stride 12 is not 4 * 1

# A 2-D transpose: x2.t() reads columns as rows.
x2 = torch.arange(6).view(2, 3)
t2 = x2.t()
t2.stride()        # (1, 3)
t2.is_contiguous()
