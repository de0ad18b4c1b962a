import torch
x = torch.tensor([1+2j, 3+4j, 5+6j])
r = x[1:].real
i = x[1:].imag
