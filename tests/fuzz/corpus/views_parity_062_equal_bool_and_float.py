import torch
torch.equal(torch.zeros(2, dtype=torch.bool), torch.zeros(2))
