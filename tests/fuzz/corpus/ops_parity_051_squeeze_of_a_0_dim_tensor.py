import torch
x = torch.tensor(4)
y = x.squeeze()
z = x.squeeze(0)
