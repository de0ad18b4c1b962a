import torch
a = torch.zeros(2)
b = a.view(torch.int32)
b[0] = 1065353216
a
