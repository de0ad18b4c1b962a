import torch
a = torch.arange(2.)
a.resize_as_(torch.zeros(2, 2))
