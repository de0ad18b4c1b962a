import torch
a = torch.tensor([1.5, -2.0], dtype=torch.bfloat16)
y = a.view(torch.float16)
