import torch
m = torch.arange(6.).view(2, 3)
n = m.t()
n.resize_(3, 2)
