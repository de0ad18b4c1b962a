import torch
x = torch.arange(-1, 3, dtype=torch.int8).reshape(1, 4, 1)
t1 = x.reshape(2, 2)
t2 = t1.contiguous(memory_format=torch.channels_last)
