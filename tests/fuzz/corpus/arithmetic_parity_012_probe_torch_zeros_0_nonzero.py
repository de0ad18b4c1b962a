import torch
x = torch.arange(6.).view(2, 3)
torch.zeros(0).nonzero()
