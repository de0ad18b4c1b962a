# 第 8 课 — 通过视图的原地写入会改变原张量
# 视图只是读同一个 Storage 的另一种方式，所以通过它写入就是写原张量。
import torch

x = torch.zeros(3, 4)
col = x[:, 1]       # 第 1 列：步长 4，偏移 1
col.fill_(7)        # 现在 x 的第 1 列都是 7
x
row = x.narrow(0, 2, 1)
row.mul_(0)         # x 的最后一行变成 0
x[0, ::2] = 5       # 切片赋值同样是通过视图写入
x
