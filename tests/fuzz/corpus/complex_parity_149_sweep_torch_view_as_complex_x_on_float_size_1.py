import torch
x = torch.tensor([1.])
y = torch.view_as_complex(x)
