import torch
a = torch.arange(6.).view(2, 3)
b = torch.arange(12.).view(3, 4)
c = torch.tensordot(a, b, dims=([1], [0]))
d = a.mm(b).mv(torch.ones(4)).dot(torch.ones(2))
a @= torch.ones(3, 3)
