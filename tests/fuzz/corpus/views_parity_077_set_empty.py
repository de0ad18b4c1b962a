import torch
a = torch.arange(2.)
a.set_()
