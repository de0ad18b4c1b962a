import torch
x = torch.arange(30, dtype=torch.float64).view(2, 5, 3)
x.add_(torch.arange(10).view(2, 5, 1).to(torch.int16))
x
