import torch
repr(torch.tensor(1+2j))
repr(torch.tensor(-1.5-0.25j))
repr(torch.tensor(3j, dtype=torch.complex128))
