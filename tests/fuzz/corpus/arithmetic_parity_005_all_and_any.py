import torch
x = torch.tensor([[True, False], [True, True]])
a = x.all()
b = x.any(0)
c = x.all(1, keepdim=True)
d = torch.arange(3, dtype=torch.uint8).all()
