import torch
x = torch.arange(32, dtype=torch.bfloat16).view(2, 4, 4)
t1 = x.clone()
t2 = t1.select(0, -2)
t2.copy_(torch.arange(1).view(1).to(torch.bfloat16))
t2[0, None, 2:] = 0.1
x
