import torch
repr(torch.tensor([[1.5+2j, -3j], [1e-5j, 1e10+1j]]))
