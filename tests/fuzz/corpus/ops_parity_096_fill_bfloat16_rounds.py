import torch
x = torch.zeros(2, dtype=torch.bfloat16)
x.fill_(0.1)
