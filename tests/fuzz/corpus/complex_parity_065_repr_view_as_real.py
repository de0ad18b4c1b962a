import torch
repr(torch.view_as_real(torch.tensor([1+2j, 3-4j])))
