import torch
x = torch.tensor([1+2j, -3-4j, 0j, 5])
i = x.conj().imag
a = i.angle()
s = i.sgn()
n = i.is_neg()
