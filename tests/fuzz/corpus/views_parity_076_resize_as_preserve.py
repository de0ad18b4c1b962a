import torch
a = torch.arange(2.)
t = torch.zeros(3, 2).t()
a.resize_as_(t, memory_format=torch.preserve_format)
