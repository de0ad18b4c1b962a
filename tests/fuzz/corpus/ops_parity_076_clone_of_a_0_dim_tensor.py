import torch
x = torch.tensor(4)
y = x.clone()
