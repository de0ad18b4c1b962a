import torch
a = torch.tensor(True)
b = (torch.arange(1) % 3 == 0)
c = a * b
