import torch
x = torch.arange(8, dtype=torch.bfloat16).view(2, 4)
x.copy_(torch.tensor(0).to(torch.float64))
t1 = x.unfold(1, 2, 1)
x
