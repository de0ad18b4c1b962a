import torch
x = torch.zeros(4).as_strided((1<<40,1<<40,0),(1,1,1))
