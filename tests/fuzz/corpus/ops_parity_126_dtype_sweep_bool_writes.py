import torch
x = torch.tensor([[True, False, True], [False, False, True]])
x[0] = 1
x.fill_(0)
x.copy_(torch.tensor([1, 0, 1]))
x.zero_()
