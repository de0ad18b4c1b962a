import torch
x = torch.arange(6.).view(2, 3)
x[torch.zeros(2, 3, 4, dtype=torch.bool)]
