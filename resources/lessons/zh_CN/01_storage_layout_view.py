# 第 1 课 — Storage、布局与视图：地址公式
# 张量就是一段一维的 Storage，按布局来读：sizes（形状）、strides（步长）和
# storage_offset（偏移）。元素 x[i0, i1, i2] 位于 Storage 的下标
#     storage_offset + i0*stride[0] + i1*stride[1] + i2*stride[2]
import torch

# 一个 Storage 里的 24 个数，读成 2 x 3 x 4 的块。
x = torch.arange(24).reshape(2, 3, 4)
x.stride()          # (12, 4, 1)：沿第 0 维走一步，跳过整整一个 3 x 4 矩阵
x.storage_offset()  # 0：视图从第一个格子开始

# x[1, 2, 3] 在 0 + 1*12 + 2*4 + 3*1 = 23
x[1, 2, 3]

# 取一行得到的视图与 x 共用同一个 Storage：没有复制任何元素。
row = x[1, 2]
row.storage_offset()  # 20 = 1*12 + 2*4
