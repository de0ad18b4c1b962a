import torch
x = torch.arange(3)
x.add_(torch.tensor(5))
