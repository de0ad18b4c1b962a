import torch
x = torch.arange(30.).view(5, 2, 3)
y = torch.arange(60.).view(5, 3, 4) % 7
c = torch.einsum('bij,bjk->bki', x, y)
d = x @ y.transpose(1, 2).transpose(1, 2)
e = torch.kron(x[0].t(), y[0].t())
