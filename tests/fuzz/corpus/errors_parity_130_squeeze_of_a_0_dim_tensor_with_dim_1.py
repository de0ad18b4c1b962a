import torch
x = torch.tensor(2)
y = x.squeeze(1)
