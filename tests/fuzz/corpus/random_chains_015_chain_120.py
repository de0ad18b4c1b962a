import torch
x = torch.arange(5, 13, dtype=torch.int32).reshape(2, 2, 1, 2)
t1 = x.narrow(-3, 1, 1)
t1.zero_()
t2 = t1.unsqueeze(-2)
t3 = t2.view(1, 4)
