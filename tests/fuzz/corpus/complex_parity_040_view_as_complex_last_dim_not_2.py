import torch
y = torch.view_as_complex(torch.ones(3))
