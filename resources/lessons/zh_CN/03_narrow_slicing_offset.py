# 第 3 课 — narrow 和切片会移动偏移
# narrow(dim, start, length) 和 x[a:b] 保留步长，把 storage_offset 移到保留下来的第一个
# 元素。带步长的切片（x[::2]）会把步长乘上去。
import torch

x = torch.arange(24).reshape(4, 6)
n = x.narrow(1, 2, 3)   # 第 2、3、4 列
n.storage_offset()      # 2
n.stride()              # (6, 1)：与 x 的步长相同
n.is_contiguous()       # False：每行都跳过 3 个格子

s = x[1:3, ::2]         # 第 1-2 行，隔一列取一列
s.storage_offset()      # 6
s.stride()              # (6, 2)：切片的步长让列步长翻倍

# narrow 越过末尾会报错，绝不会越界读取：
# x.narrow(0, 3, 2)  ->  start (3) + length (2) exceeds dimension size (4).
