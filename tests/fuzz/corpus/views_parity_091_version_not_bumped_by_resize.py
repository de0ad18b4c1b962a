import torch
a = torch.zeros(2, 3)
a.resize_(7)
a._version
