import torch
x = torch.tensor([1.5, -100.25, 127.0], dtype=torch.float16)
y = x.to(torch.int8)
