import torch
x = torch.tensor([1+2j, 3-4j]).conj()
a = x.detach()
b = x.data
c = x.view(2, 1)
d = x.expand(2, 2)
e = x.reshape(1, 2)
f = x.unsqueeze(0)
g = x[None]
h = x.as_strided((1,), (1,), 1)
i = x.flip(0)
j = x.repeat(2)
k = x.to(torch.complex128)
l = x[1]
