import torch
repr(torch.complex64)
repr(torch.cdouble)
repr(torch.zeros(1, dtype=torch.cfloat).dtype)
