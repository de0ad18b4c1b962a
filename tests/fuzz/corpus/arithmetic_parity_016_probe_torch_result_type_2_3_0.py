import torch
x = torch.arange(6.).view(2, 3)
torch.result_type(2, 3.0)
