import torch
x = torch.arange(48, dtype=torch.float32).view(2, 2, 3, 4)
y = x.contiguous(memory_format=torch.channels_last)
b = y.is_contiguous()
c = y.is_contiguous(memory_format=torch.channels_last)
