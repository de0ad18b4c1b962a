import torch
x = torch.tensor(1+2j)
y = x.view(torch.int8)
