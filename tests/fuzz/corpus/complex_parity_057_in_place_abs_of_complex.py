import torch
x = torch.tensor([1+2j])
x.abs_()
