import torch
x = torch.tensor(1)
y = x.transpose(0, 1)
