import torch
a = torch.arange(4.)
b = torch.zeros(2)
b.set_(a.storage())
