import torch
a = torch.tensor([-7.5, 7.5, 0.0])
q = a // 2
r = a % -2
