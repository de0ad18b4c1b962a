import torch
a = torch.arange(1, 25, dtype=torch.uint8).view(2, 3, 4).clone()
b = torch.arange(1, 7, dtype=torch.float16).view(2, 3, 1).expand(2, 3, 4)
a -= 1
a
