import torch
x = torch.tensor([[[1+1j, 2], [3, 4j]]])
y = x.mH
a = y.is_conj()
