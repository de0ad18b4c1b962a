import torch
x = torch.tensor([[1+1j, 2+2j, 3+3j], [4+4j, 5+5j, 6+6j]])
y = torch.view_as_real(x.t())
