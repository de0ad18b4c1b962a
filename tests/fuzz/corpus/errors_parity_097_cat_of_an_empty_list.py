import torch
c = torch.cat([])
