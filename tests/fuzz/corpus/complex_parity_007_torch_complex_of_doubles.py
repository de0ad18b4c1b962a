import torch
x = torch.complex(torch.ones(2, dtype=torch.float64), torch.zeros(2, dtype=torch.float64))
