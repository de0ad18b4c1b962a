import torch
y = torch.view_as_complex(torch.ones(3, 2, dtype=torch.complex64))
