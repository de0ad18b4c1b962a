import torch
x = torch.arange(6)
y = x.clone(memory_format=torch.channels_last)
