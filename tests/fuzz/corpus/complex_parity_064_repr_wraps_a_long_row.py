import torch
repr(torch.complex(torch.arange(12.) * 1.5, -torch.arange(12.)))
