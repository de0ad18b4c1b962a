import torch
a = torch.arange(1, 25, dtype=torch.bfloat16).view(4, 3, 2).permute(1, 0, 2)
c = a + 2
