import torch
a = torch.arange(3.)
a.resize_(0, 3)
