import torch
x = torch.tensor(1.5-2j)
