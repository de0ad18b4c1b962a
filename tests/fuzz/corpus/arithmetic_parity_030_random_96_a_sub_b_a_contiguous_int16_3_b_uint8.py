import torch
a = torch.arange(1, 4, dtype=torch.int16).clone()
b = torch.arange(1, 2, dtype=torch.uint8).expand(3)
c = a.sub_(b)
