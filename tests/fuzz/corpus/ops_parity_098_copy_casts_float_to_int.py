import torch
x = torch.zeros(3, dtype=torch.int32)
x.copy_(torch.tensor([1.7, -1.7, 2.5]))
