import torch
x = torch.arange(24.).view(2, 3, 4)
y = x[1, 1:]
y.data_ptr() - y.storage().data_ptr()
