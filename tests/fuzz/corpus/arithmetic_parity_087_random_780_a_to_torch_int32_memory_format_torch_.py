import torch
a = torch.arange(1, 2, dtype=torch.uint8).expand(3)
c = a.to(torch.int32, memory_format=torch.preserve_format)
