import torch
x = torch.arange(8.)[2:].view(3, 2)
y = torch.view_as_complex(x)
