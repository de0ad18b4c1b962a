import torch
x = torch.tensor([True, False], dtype=torch.float32)
