import torch
y = torch.sgn(torch.tensor([1, -1]), out=torch.zeros(2))
