import torch
x = torch.tensor([1+2j, 4j])
y = x / torch.tensor([1+1j, 2])
z = x / 2
