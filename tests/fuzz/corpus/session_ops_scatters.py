import torch
m = torch.arange(6.).view(2, 3)
a = torch.select_scatter(m.t(), torch.tensor([9., 9.]), 0, 1)
b = m.slice_scatter(torch.zeros(2, 2), 1, 0, 3, 2)
c = m.diagonal_scatter(torch.zeros(2))
