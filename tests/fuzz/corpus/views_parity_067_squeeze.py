import torch
t = torch.zeros(1, 3, 1)
t.squeeze_()
t
