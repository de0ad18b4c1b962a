import torch
y = torch.view_as_complex(torch.ones(2, 2).t())
