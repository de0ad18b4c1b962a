# 第 10 课 — 版本计数器：为什么 autograd 会说 "modified by an inplace operation"
# 每个张量都带有 _version，并与它的视图共用。通过其中任何一个做原地写入，都会让它加一；
# autograd 在为反向传播保存张量时记下这个数，如果数变了就拒绝使用它。
# 谁与谁共享，看 Storage 就知道：data_ptr()。
import torch

x = torch.arange(6.).view(2, 3)
v = x.t()                                # 视图：同一个 Storage，同一个计数器
x.storage().data_ptr() == v.storage().data_ptr()
x._version                               # 0
v[0, 1] = 10                             # 通过视图写入……
x._version                               # ……原张量的计数器也加一：1
x.add_(1)                                # 2：每个原地操作都计数
c = x.clone()                            # 副本：有自己的 Storage，也有自己的计数器
c._version                               # 0
d = x.data                               # .data 共享 Storage，但不共享计数器
d.mul_(2)
x._version                               # 仍是 2：这就是 .data 能让写入瞒过 autograd 的原因
x.t_()                                   # 只改元数据的操作也计数：3
x._version
print(x.storage())
