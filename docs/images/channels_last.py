import torch
x = torch.arange(96).reshape(2, 3, 4, 4)
c = x.contiguous(memory_format=torch.channels_last)  # NHWC in memory, NCHW logically
