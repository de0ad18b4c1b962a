import torch
x = torch.arange(6).view(2, 3).to(torch.uint8)
x[0] = 1
x.fill_(0)
x.copy_(torch.tensor([1, 0, 1]))
x.zero_()
