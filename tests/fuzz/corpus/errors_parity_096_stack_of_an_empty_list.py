import torch
c = torch.stack([])
