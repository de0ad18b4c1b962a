import torch
a = torch.zeros(3)
a._version
