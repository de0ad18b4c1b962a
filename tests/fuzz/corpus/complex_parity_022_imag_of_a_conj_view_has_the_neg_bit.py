import torch
x = torch.tensor([1+2j, 3-4j])
y = x.conj()
i = y.imag
r = y.real
a = i.is_neg()
b = r.is_neg()
c = x.imag.is_neg()
