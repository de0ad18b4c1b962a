import torch
z = torch.tensor(1.)
z.is_set_to(z)
