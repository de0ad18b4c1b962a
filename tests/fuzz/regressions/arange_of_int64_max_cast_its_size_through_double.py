import torch
x = torch.arange(9223372036854775807)
x.size()
