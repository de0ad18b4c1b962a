import torch
repr(torch.tensor([1+2j, 3j], dtype=torch.complex128))
