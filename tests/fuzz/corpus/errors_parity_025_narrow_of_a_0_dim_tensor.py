import torch
x = torch.tensor(3)
y = x.narrow(0, 0, 1)
