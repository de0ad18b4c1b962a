import torch
x = torch.tensor([1+2j, 3+4j])
y = x.view(torch.float32)
