import torch
v = torch.tensor([1.5, 2.5, 3.5])
e = v.expand(4, 3)  # stride 0 along dim 0: four rows read one row
