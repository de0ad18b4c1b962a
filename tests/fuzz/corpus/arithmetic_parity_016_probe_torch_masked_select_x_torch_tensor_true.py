import torch
x = torch.arange(6.).view(2, 3)
torch.masked_select(x, torch.tensor(True))
