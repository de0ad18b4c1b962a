import torch
x = torch.zeros(2)
s = x.storage()
s[0] = 1j
