import torch
x = torch.arange(15).view(3, 5).to(torch.float64)
t1 = x[2, -1]
t2 = t1.reshape((1,))
