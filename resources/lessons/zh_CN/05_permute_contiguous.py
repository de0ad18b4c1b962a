# 第 5 课 — permute 与 contiguous()
# permute 一次重排所有维度（连同它们的步长）。contiguous() 只在张量还不连续时，
# 才按行优先顺序复制一份。
import torch

images = torch.arange(2 * 3 * 4 * 5).view(2, 3, 4, 5)    # N, C, H, W
nhwc = images.permute(0, 2, 3, 1)                        # N, H, W, C
nhwc.stride()             # (60, 5, 1, 20)
nhwc.is_contiguous()      # False
packed = nhwc.contiguous()
packed.stride()           # (60, 15, 3, 1)：新的 Storage，按行优先排列
same = packed.contiguous()  # 已经连续：返回同一个张量，不复制
