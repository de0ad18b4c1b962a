import torch
x = torch.arange(8).view(2, 2, 2).to(torch.float32)
t1 = x.contiguous(memory_format=torch.channels_last)
