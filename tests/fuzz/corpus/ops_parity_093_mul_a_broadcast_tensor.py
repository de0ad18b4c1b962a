import torch
x = torch.ones(2, 3)
x.mul_(torch.tensor([[2.0], [3.0]]))
