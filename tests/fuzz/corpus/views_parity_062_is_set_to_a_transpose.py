import torch
m = torch.arange(6.).view(2, 3)
m.is_set_to(m.t())
