import torch
x = torch.arange(6.).view(2, 3)
x.index_select(1, torch.tensor(2))
