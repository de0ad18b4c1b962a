import torch
m = torch.arange(6.).view(2, 3)
m.as_strided_((2,), (-1,))
