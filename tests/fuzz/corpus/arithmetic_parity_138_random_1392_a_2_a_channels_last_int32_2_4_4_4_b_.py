import torch
a = torch.arange(1, 129, dtype=torch.int32).view(2, 4, 4, 4).contiguous(memory_format=torch.channels_last).clone()
b = torch.arange(1, 33, dtype=torch.uint8).view(2, 4, 4, 1).expand(2, 4, 4, 4)
a %= 2
a
