# 第 7 课 — clone() 和 contiguous() 产生新的 Storage，视图不会
# 视图（view、transpose、narrow、select、expand……）与原张量共用 Storage。clone() 立刻
# 分配新的 Storage 并复制（没有写时复制），对稠密输入保留原来的步长；contiguous() 只在
# 必要时才复制。
import torch

x = torch.arange(6).view(2, 3)
v = x.t()             # 视图：与 x 同一个 Storage
c = x.t().clone()     # 副本：新的 Storage，保留转置后的步长 (1, 2)
c.stride()
k = x.t().contiguous()  # 按行优先顺序的副本：步长 (2, 1)
k.stride()
x.add_(100)           # 只有 x 和它的视图看得到这次写入
v
c
