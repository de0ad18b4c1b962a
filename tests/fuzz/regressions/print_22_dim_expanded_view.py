import torch
x = torch.zeros(1).expand(7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7)
print(x)
