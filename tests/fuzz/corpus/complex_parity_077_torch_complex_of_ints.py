import torch
y = torch.complex(torch.ones(2, dtype=torch.int32), torch.zeros(2, dtype=torch.int32))
