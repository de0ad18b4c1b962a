import torch
a = torch.arange(6.)
a.resize_(2)
a
