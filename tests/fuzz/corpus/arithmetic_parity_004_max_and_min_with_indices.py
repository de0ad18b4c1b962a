import torch
x = torch.tensor([[1, 5, 5], [7, 2, 7]])
v, i = x.max(1)
w, j = x.min(0, keepdim=True)
m = x.max(dim=1).indices
