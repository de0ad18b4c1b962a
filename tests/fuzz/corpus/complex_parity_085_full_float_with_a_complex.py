import torch
y = torch.full((2,), 1+1j, dtype=torch.float32)
