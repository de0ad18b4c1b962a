# 第 4 课 — view 与 reshape
# view 从不复制：只有当新形状能用同一个 Storage 上的新步长读出来时才成功。reshape 在
# 存在这样的视图时返回视图，必须复制时才复制。
import torch

x = torch.arange(12).view(3, 4)
v = x.view(2, 6)            # 可以：x 是连续的
t = x.t()                   # 形状 (4, 3)，步长 (1, 4)
r = t.reshape(12)           # 不存在这样的视图，所以 reshape 复制到新的 Storage
r.is_contiguous()
f = t.reshape(2, 2, 3)      # 只拆分 t 的第 0 维仍然是视图：步长 (2, 1, 4)
w = t.view(4, 3)            # 形状不变：是视图

# 不兼容的 view 会被拒绝，报的是 PyTorch 的原话（也可以在控制台里试试）：
# t.view(12)  ->  view size is not compatible with input tensor's size and stride (at least one
#                 dimension spans across two contiguous subspaces). Use .reshape(...) instead.
