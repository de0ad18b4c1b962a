import torch
a = torch.arange(1, 5, dtype=torch.float16)
c = a.index_select(0, torch.tensor([0, 0]))
