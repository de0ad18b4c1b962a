# 第 15 课 — 矩阵乘积：新的 Storage，以及 einsum 被重排的结果
# a @ b 从不改动 a 和 b：无论操作数的步长如何，它都写出一个新的连续 Storage
# （转置的操作数按原样读取，不会先复制）。einsum 不同：它用一次 bmm 相乘，
# 再把结果重排回输出的下标顺序，所以它的步长可能是任何顺序。属性面板会说明每个结果的原因。
import torch

a = torch.arange(6.).view(2, 3)
b = torch.arange(12.).view(3, 4)
c = a @ b                     # 新的 Storage，形状 (2, 4)，步长 (4, 1)
d = b.t() @ a.t()             # 操作数是转置的，结果仍然连续 (4, 2)

# 一批矩阵乘一个矩阵时，所有行被折叠进一次 mm；转置过的三维批次则改走 bmm。
# 两种情况下结果都是连续的。
x = torch.arange(30.).view(5, 2, 3)
e = x @ b                     # 形状 (5, 2, 4)
xt = torch.arange(30.).view(5, 3, 2).transpose(1, 2)   # (5, 2, 3)，步长 (6, 1, 2)
f = xt @ b                    # bmm 按原样读取每个转置的矩阵

# einsum 写出 bmm 的结果再重排它：'bki' 要的是每个矩阵的转置，
# 得到的是乘积的一个视图，步长 (8, 1, 4)。
y = torch.arange(60.).view(5, 3, 4) % 7
g = torch.einsum('bij,bjk->bki', x, y)
g.is_contiguous()

# 所以之后的 view 可能失败，和转置张量一样（在控制台上试试）：
# g.view(40)  ->  view size is not compatible with input tensor's size and stride (at least one
#                 dimension spans across two contiguous subspaces). Use .reshape(...) instead.
h = g.reshape(40)             # 没有视图可用时，reshape 会复制

# kron 是广播乘积的一个视图：两个转置得到一个转置的结果。
k = torch.kron(a.t(), torch.tensor([[1., 10.], [100., 1000.]]).t())
