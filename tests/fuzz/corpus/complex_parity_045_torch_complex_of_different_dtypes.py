import torch
y = torch.complex(torch.ones(2), torch.zeros(2, dtype=torch.float64))
