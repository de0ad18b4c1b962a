import torch
m = torch.arange(6.).view(2, 3)
y = m.t().view(torch.float64)
