import torch
x = torch.ones(4, 1, 2, dtype=torch.bool)
t1 = x.clone()
t2 = t1.reshape([-1, 1])
t3 = t2[3:, 0::2]
