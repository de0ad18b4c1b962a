import torch
m = torch.arange(6.).view(2, 3)
n = m
m.t_()
n
