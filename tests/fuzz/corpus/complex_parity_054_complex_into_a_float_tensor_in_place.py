import torch
x = torch.ones(2)
x.add_(torch.tensor([1j, 2j]))
