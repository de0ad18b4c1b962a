import torch
x = torch.tensor(5)
y = x.unfold(0, 1, 1)
