import torch
repr(torch.tensor([1.5+2j]).item())
repr(torch.tensor([1+2j, 3j]).tolist())
