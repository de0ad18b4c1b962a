# 第 13 课 — 高级索引会复制，基本索引得到视图
# 整数、切片、None 和 ... 只改变布局：结果是同一个 Storage 的视图。列表、下标张量或
# 布尔掩码则逐个挑选元素，没有哪种步长能表达这种选法：PyTorch 把它们复制到一个新的 Storage。
import torch

x = torch.arange(12).view(3, 4)
v = x[1:, ::2]               # 基本索引：视图，步长 (4, 2)，storage_offset 为 4
c = x[[1, 2]]                # 高级索引：第 1、2 行的副本，有自己的 Storage
m = x[x > 6]                 # 掩码：选中的元素，放在一个新的一维 Storage 里

# 通过视图写入会影响 x；写入副本则不会。
v[0, 0] = 100
x
c[0, 0] = -1
x

# 通过高级索引赋值就不同了：x[idx] = value 直接写入 x 本身。
x[[0, 2]] = 0
x
x[x > 50] = 7
x

# 高级索引的维度放在哪里？彼此相邻时留在原位；被切片隔开时，PyTorch 把它们移到最前面。
y = torch.arange(24).view(2, 3, 4)
p = y[:, [0, 2], [1, 3]]     # 形状 (2, 2)：被索引的维度留在中间
q = y[[0, 1], :, [1, 3]]     # 形状 (2, 3)：被隔开了，索引维度排到最前面

# 以同样方式复制的函数：index_select、masked_select、gather、take。
s = x.index_select(1, torch.tensor([3, 0]))
g = torch.gather(x, 1, torch.tensor([[0], [1], [2]]))
