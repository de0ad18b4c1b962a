import torch
a = torch.zeros(2)
a.view(torch.int16).storage().size()
