import torch
x = torch.arange(4, dtype=torch.int16).view(2, 2)
t1 = x.flatten()
t2 = t1.unfold(-1, 0, 2)
t2.is_contiguous()
