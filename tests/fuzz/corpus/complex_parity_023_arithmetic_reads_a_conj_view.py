import torch
x = torch.tensor([1+2j, 3-4j])
y = x.conj() + 1
z = x.conj() * x
