import torch
x = torch.arange(4).view(4, 1)[:, :]
x.t().is_contiguous()
y = torch.zeros(0, 3)
y.t().is_contiguous()
z = torch.arange(12).view(3, 4)[:, :1]
z.is_contiguous()
