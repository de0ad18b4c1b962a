import torch
x = torch.tensor([0j, complex(-0.0, 0), complex(-0.0, -0.0), complex(0, -0.0)])
y = x.angle()
