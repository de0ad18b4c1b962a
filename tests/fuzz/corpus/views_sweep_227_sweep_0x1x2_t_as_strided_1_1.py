import torch
t = torch.zeros(0, 1, 2)
r = t.as_strided([1], [1])
