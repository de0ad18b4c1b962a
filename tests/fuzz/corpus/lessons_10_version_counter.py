# Lesson 10 — the version counter: why autograd says "modified by an inplace operation"
# Every tensor carries _version, shared with its views. Each in-place write through any of
# them bumps it; autograd remembers the number when it saves a tensor for backward and
# refuses to use it if the number changed. The storage tells you who shares: data_ptr().
import torch

x = torch.arange(6.).view(2, 3)
v = x.t()                                # a view: same storage, same counter
x.storage().data_ptr() == v.storage().data_ptr()
x._version                               # 0
v[0, 1] = 10                             # a write through the view ...
x._version                               # ... bumps the base's counter: 1
x.add_(1)                                # 2: every in-place op counts
c = x.clone()                            # a copy: its own storage, its own counter
c._version                               # 0
d = x.data                               # .data shares the storage but not the counter
d.mul_(2)
x._version                               # still 2: why .data hides writes from autograd
x.t_()                                   # metadata ops count too: 3
x._version
print(x.storage())
