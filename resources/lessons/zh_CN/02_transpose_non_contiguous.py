# 第 2 课 — transpose 让视图变得不连续
# transpose 交换两个维度的大小以及它们的步长。数据并不移动，所以按行优先顺序读结果时，
# 会在 Storage 里来回跳。
import torch

x = torch.arange(24).reshape(2, 3, 4)
y = x.transpose(0, 1)
y.shape            # torch.Size([3, 2, 4])
y.stride()         # (4, 12, 1)：交换的是步长，Storage 没有变
y.is_contiguous()  # False：第 1 维的步长 12 不等于 4 * 1

# 二维转置：x2.t() 把列当作行来读。
x2 = torch.arange(6).view(2, 3)
t2 = x2.t()
t2.stride()        # (1, 3)
t2.is_contiguous()
