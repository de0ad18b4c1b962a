import torch
a = complex(torch.tensor(1+1j))
b = complex(torch.tensor([2.]))
c = bool(torch.tensor(1j))
d = bool(torch.tensor(0j))
e = float(torch.tensor(2+0j))
f = int(torch.tensor(3.5+0j))
