import torch
a = int(1j)
