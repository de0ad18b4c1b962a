import torch
x = torch.arange(9).view(3, 1, 3).to(torch.int16)
t1 = x.reshape((-1, 9))
t2 = t1.flip((0,))
t2.fill_(1)
t2.zero_()
x
