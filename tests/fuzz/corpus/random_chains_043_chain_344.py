import torch
x = torch.arange(10).view(2, 5).to(torch.bfloat16)
t1 = x.permute(0, 1)
t2 = x.unfold(1, 5, 3)
