import torch
x = torch.zeros(2).repeat(1<<62)
