import torch
a = torch.arange(1, 7, dtype=torch.bfloat16)[::2]
c = a + 2
