import torch
x = torch.ones(3)
x.index_select(0, torch.tensor([[0]]))
