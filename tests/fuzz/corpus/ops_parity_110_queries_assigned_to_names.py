import torch
x = torch.arange(24).view(2, 3, 4)
s = x.shape
st = x.stride()
n = x.numel()
c = x.is_contiguous()
