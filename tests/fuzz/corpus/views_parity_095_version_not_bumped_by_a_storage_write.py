import torch
a = torch.zeros(3)
s = a.storage()
s[0] = 1
a._version
