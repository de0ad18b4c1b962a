import torch
m = torch.arange(6.).view(2, 3)
m.equal(m.t().t())
