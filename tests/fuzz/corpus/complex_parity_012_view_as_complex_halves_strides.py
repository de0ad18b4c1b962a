import torch
x = torch.arange(12.).view(2, 3, 2)
y = torch.view_as_complex(x)
