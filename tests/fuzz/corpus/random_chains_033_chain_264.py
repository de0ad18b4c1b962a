import torch
x = torch.arange(25, dtype=torch.float16).view(5, 5)
t1 = x.view(1, -1, 5)
t1.copy_(torch.arange(1).view(1, 1).to(torch.bool))
t2 = t1.repeat(1, 1, 2)
x
