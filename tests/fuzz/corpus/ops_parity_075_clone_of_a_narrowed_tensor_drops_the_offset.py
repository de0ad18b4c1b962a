import torch
x = torch.arange(10)[3:7]
y = x.clone()
