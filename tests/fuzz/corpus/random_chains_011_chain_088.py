import torch
x = torch.arange(36).view(2, 3, 2, 3).to(torch.uint8)
x.element_size()
t1 = x.flip((2, 1, 3, 0))
t2 = t1[None, :, ::3, :]
