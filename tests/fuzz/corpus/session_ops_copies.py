import torch
m = torch.arange(6.).view(2, 3)
a = m.tile(2, 1)
b = m.t().triu(-1)
c = torch.diag(m, 1)
d = torch.diag_embed(m, 1, 0, 2)
e = torch.column_stack([m.t(), torch.arange(3.)])
f = m.repeat_interleave(torch.tensor([1, 2]), 0)
