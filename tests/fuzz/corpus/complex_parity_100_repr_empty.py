import torch
repr(torch.tensor([], dtype=torch.complex64))
repr(torch.zeros(0, 2, dtype=torch.complex128))
