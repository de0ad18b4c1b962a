import torch
x = torch.tensor(5)
y = x[0]
