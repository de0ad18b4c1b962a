import torch
a = torch.arange(12).reshape(3, 4)
t = a.t()
c = a[:, 1::2]
c.mul_(10)  # written through c: a and t see it too
