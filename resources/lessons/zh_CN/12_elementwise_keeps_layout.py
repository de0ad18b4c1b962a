# 第 12 课 — 逐元素运算保留布局
# x.t() + 1 把新值算进一个新的 Storage，但不是按行优先顺序：PyTorch 的 TensorIterator
# 让结果沿用输入的维度顺序（按步长给维度排序），所以转置张量的和也是"转置"的。
# 之后的 view 就可能失败。
import torch

x = torch.arange(6.).view(2, 3)
t = x.t()                    # 视图：形状 (3, 2)，步长 (1, 3)
y = t + 1                    # 新的 Storage，步长同样是 (1, 3)：不连续
y.is_contiguous()

# 属性面板会说明原因："dims ordered like a (its strides (1, 3)); the scalar 1 was
# broadcast"（维度顺序同 a，即步长 (1, 3)；标量 1 被广播）。所以 y.view(6) 和 t.view(6)
# 一样会失败（可以在控制台里试试）：
# y.view(6)  ->  view size is not compatible with input tensor's size and stride (at least one
#                dimension spans across two contiguous subspaces). Use .reshape(...) instead.
flat = y.reshape(6)          # 不存在视图时，reshape 会复制
z = y.contiguous().view(6)   # 或者先把它变成行优先

# 布局混合时：第一个决定维度顺序的操作数说了算；被广播的操作数没有发言权。
a = x.t() * x.t()            # 两个都是转置的：步长 (1, 3)
b = torch.ones(3, 1) + x.t() # 被广播的 (3, 1) 没有发言权：步长还是 (1, 3)
c = x + x                    # 输入连续，结果也连续

# 输入是 channels_last，输出也是 channels_last（形状为 (C, 1, 1) 的偏置会被广播）：
img = torch.ones(1, 3, 2, 2).contiguous(memory_format=torch.channels_last)
out = img * torch.arange(3.).view(3, 1, 1)
out.is_contiguous(memory_format=torch.channels_last)

# 归约运算不一样：它的结果总是连续的。
s = t.sum(1)
