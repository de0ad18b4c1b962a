import torch
x = torch.zeros(5).chunk(9223372036854775807)
