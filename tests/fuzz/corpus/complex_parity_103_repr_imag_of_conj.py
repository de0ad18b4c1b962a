import torch
repr(torch.tensor([1+2j, 3-4j]).conj().imag)
