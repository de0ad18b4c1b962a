import torch
x = torch.arange(12).view(3, 4).to(torch.int64)
t1 = x.reshape(6, 2, 1)
t2 = t1.clone(memory_format=torch.contiguous_format)
t3 = t2.flatten()
