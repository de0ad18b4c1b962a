import torch
a = torch.zeros(3)
b = torch.zeros(2)
a.set_(b.storage(), 0, (1, 1), (1,))
