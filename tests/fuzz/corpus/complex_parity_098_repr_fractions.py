import torch
repr(torch.tensor([1.5+2j, 0.25-3.125j]))
