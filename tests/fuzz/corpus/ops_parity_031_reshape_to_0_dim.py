import torch
x = torch.tensor([7])
y = x.reshape(())
