import torch
x = torch.tensor([complex(float('-inf'), 1), complex(float('nan'), float('inf')), complex(-0.0, 0)], dtype=torch.complex128)
y = x.sgn()
