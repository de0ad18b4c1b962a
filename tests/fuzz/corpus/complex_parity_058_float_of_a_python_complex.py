import torch
a = float(1j)
