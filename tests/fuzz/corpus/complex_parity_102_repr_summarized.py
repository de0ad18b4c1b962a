import torch
repr(torch.complex(torch.arange(1200.), torch.ones(1200)))
