import torch
v = torch.arange(3)
v.t_()
