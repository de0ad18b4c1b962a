import torch
a = torch.zeros(3)
a.zero_()
a.fill_(2)
a._version
