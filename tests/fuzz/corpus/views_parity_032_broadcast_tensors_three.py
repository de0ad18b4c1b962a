import torch
a = torch.arange(3)
b = torch.zeros(2, 1)
c = torch.tensor(5)
d, e, f = torch.broadcast_tensors(a, b, c)
