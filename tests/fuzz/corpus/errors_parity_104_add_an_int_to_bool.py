import torch
x = torch.tensor([True, False])
x.add_(1)
