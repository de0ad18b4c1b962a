import torch
x = f"{1:3000000000}"
