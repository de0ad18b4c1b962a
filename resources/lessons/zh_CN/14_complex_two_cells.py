# 第 14 课 — 复数：一个元素，两个浮点格子
# 一个 complex64 元素占 8 字节：先是 float32 的实部，再是 float32 的虚部。
# view_as_real 不拷贝就把这些格子显示出来：步长翻倍，偏移翻倍，
# 再加上大小为 2、步长为 1 的最后一维，从实部走到虚部。
import torch

z = torch.tensor([[1+2j, 3-1j, 0.5j], [4, -2+2j, 1j]])
z.element_size()                 # 8：每个元素两个 float32 格子
z.stride()                       # (3, 1)，以复数元素为单位
r = torch.view_as_real(z)        # 同一个 Storage，按 float32 格子读
r.shape                          # torch.Size([2, 3, 2])
r.stride()                       # (6, 2, 1)：翻倍，再加上走到虚部的那一步
col = torch.view_as_real(z[:, 1:])
col.storage_offset()             # 2：偏移 1 个复数元素 = 2 个浮点格子

# .real 和 .imag 也是视图：每隔一个格子取一个，从 0 或从 1 开始。
re = z.real
im = z.imag
im.stride()                      # (6, 2)
im.storage_offset()              # 1
im[0, 0] = 9.                    # 写的是 z[0, 0] 的虚部
z[0, 0]

# conj() 同样什么都不拷贝：它只设置一个位，读取的一方再去应用它。
c = z.conj()
c.is_conj()
c.data_ptr() == z.data_ptr()
# torch.view_as_real(c)  ->  view_as_real doesn't work on unresolved conjugated tensors.  To
#    resolve the conjugate tensor so you can view it as real, use self.resolve_conj(); however, be
#    warned that the resulting tensor will NOT alias the original.
p = c.resolve_conj()             # 一个拷贝，存放共轭后的值
torch.view_as_real(p)

# 反过来：最后一维必须是 2 且步长为 1，其余步长和偏移必须是偶数。
f = torch.arange(8.).view(4, 2)
back = torch.view_as_complex(f)  # f 的 Storage 上的 4 个复数元素
# torch.view_as_complex(f.t())  ->  Tensor must have a last dimension of size 2
