import torch
x = torch.tensor([1+2j, 3j])
y = x * 2.5
