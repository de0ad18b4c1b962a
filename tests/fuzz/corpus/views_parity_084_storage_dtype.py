import torch
a = torch.zeros(3, dtype=torch.int16)
a.storage().dtype
