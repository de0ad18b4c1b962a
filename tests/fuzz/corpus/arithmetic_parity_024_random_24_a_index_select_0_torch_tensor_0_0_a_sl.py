import torch
a = torch.arange(1, 7, dtype=torch.int32)[::3]
c = a.index_select(0, torch.tensor([0, 0]))
