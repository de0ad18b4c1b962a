import torch
repr(torch.tensor([1+2j, 4j]) / 3)
