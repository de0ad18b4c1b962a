import torch
x = torch.arange(10, dtype=torch.int32).view(5, 2)
t1 = x.select(1, 0)
t2 = t1.view((5,))
x.fill_(2)
t3 = t2.as_strided((1, 3, 2), (2, 1, 1), 1)
x
