import torch
x = torch.zeros(0)
y = torch.view_as_complex(x)
