import torch
x = torch.empty(-1)
