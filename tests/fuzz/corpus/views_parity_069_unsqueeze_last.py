import torch
m = torch.arange(6.).view(2, 3)
m.unsqueeze_(-1)
