import torch
x = torch.arange(24).reshape(4, 6)
n = x.narrow(0, 1, 2)  # storage_offset 6, still contiguous
