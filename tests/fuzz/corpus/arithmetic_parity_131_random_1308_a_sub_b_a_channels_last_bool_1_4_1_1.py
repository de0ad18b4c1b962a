import torch
a = (torch.arange(4).view(1, 4, 1, 1) % 2 == 0).contiguous(memory_format=torch.channels_last).clone()
b = torch.tensor(-1, dtype=torch.int8)
c = a.sub_(b)
