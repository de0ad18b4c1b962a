import torch
a = torch.zeros(3)
a.resize_(4611686018427387904, 4)
