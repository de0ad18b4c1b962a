import torch
a = 2j
b = 1.5j
c = 1e3j
d = 0j
e = -2j
f = 1 + 2j
g = 07j
