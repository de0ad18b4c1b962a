import torch
a = float(torch.tensor(1j))
