import torch
x = torch.ones(3, 3)
d = x.diagonal()
d.mul_(5)
x
