import torch
repr(torch.complex(torch.arange(8.).view(2, 2, 2), torch.ones(2, 2, 2)))
