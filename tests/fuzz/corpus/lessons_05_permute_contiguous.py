# Lesson 5 — permute and contiguous()
# permute reorders all dims (and their strides) at once. contiguous() copies into row-major
# order when, and only when, the tensor is not already contiguous.
import torch

images = torch.arange(2 * 3 * 4 * 5).view(2, 3, 4, 5)    # N, C, H, W
nhwc = images.permute(0, 2, 3, 1)                        # N, H, W, C
nhwc.stride()             # (60, 5, 1, 20)
nhwc.is_contiguous()      # False
packed = nhwc.contiguous()
packed.stride()           # (60, 15, 3, 1): a new Storage in row-major order
same = packed.contiguous()  # already contiguous: the same tensor comes back, no copy
