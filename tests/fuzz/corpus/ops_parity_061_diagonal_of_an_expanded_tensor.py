import torch
x = torch.arange(3).expand(3, 3)
y = x.diagonal()
