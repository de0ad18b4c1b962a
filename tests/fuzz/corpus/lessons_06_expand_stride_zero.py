# Lesson 6 — expand and stride 0
# expand repeats a size-1 dim without copying by giving it stride 0: every index along it
# lands on the same Storage cell.
import torch

col = torch.arange(3).view(3, 1)
wide = col.expand(3, 4)
wide.stride()          # (1, 0): dim 1 never moves through the Storage
wide.is_contiguous()   # False

# Reading is fine, but a write that would store several results into one cell is refused:
# wide.add_(1)  ->  unsupported operation: more than one element of the written-to tensor
#                   refers to a single memory location. Please clone() the tensor ...
copy = wide.clone()    # clone gives every element its own cell
copy.stride()          # (4, 1)
