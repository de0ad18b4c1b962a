import torch
x = torch.arange(6).view(2, 3)
a = x.t().new_zeros(3, 2)
b = x.new_tensor(x.t())
c = x.type('torch.DoubleTensor')
d = x.new_full((2,), 7.5, dtype=torch.float16)
e = x.layout == torch.strided
