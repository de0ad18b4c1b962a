import torch
x = torch.zeros(5,5)[::1<<62]
