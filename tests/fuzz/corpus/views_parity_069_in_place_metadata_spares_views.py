import torch
m = torch.arange(6.).view(2, 3)
v = m.view(6)
m.t_()
v
