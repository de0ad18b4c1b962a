import torch
z = torch.tensor(1.)
r = z.split_with_sizes([1])
