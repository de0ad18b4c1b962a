import torch
a = (-8) ** 0.5
