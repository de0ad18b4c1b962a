import torch
y = torch.view_as_complex(torch.tensor(1.))
