import torch
repr(torch.tensor([12345.678+0.001j, 1+1j]))
