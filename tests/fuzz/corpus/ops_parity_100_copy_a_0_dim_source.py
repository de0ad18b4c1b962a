import torch
x = torch.zeros(2, 2)
x.copy_(torch.tensor(3.5))
