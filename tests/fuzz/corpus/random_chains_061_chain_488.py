import torch
x = torch.arange(-3, 1, dtype=torch.float64).reshape(2, 2)
x.dim()
t1 = x.expand(1, -1, 2)
t2 = t1.as_strided((1,), (3,), 0)
t3 = t2.contiguous()
