import torch
x = torch.arange(6.).view(2, 3)
x.index_put_((None, torch.tensor([1])), torch.tensor([7.]))
x
