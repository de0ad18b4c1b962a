import torch
torch.equal(torch.zeros(0), torch.zeros(0, dtype=torch.int8))
