import torch
x = f"{1.0:.99999999999f}"
