import torch
repr(torch.tensor([-0.0-0.0j, complex(-0.0, 0.0)]))
