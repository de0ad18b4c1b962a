# 第 6 课 — expand 与步长 0
# expand 不复制就能重复一个大小为 1 的维度：把它的步长设为 0，沿这一维的每个下标都落在
# Storage 的同一个格子上。
import torch

col = torch.arange(3).view(3, 1)
wide = col.expand(3, 4)
wide.stride()          # (1, 0)：第 1 维在 Storage 里从不移动
wide.is_contiguous()   # False

# 读取没有问题，但会把多个结果写进同一个格子的写操作会被拒绝：
# wide.add_(1)  ->  unsupported operation: more than one element of the written-to tensor
#                   refers to a single memory location. Please clone() the tensor ...
copy = wide.clone()    # clone 给每个元素一个自己的格子
copy.stride()          # (4, 1)
