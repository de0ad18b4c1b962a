# Lesson 14 — complex numbers: one element, two float cells
# A complex64 element is 8 bytes: a float32 real part, then a float32 imaginary part.
# view_as_real shows those cells without copying: the strides double, the offset doubles,
# and a last dim of size 2 and stride 1 walks from the real part to the imaginary one.
import torch

z = torch.tensor([[1+2j, 3-1j, 0.5j], [4, -2+2j, 1j]])
z.element_size()                 # 8: two float32 cells per element
z.stride()                       # (3, 1) in complex elements
r = torch.view_as_real(z)        # the same storage read as float32 cells
r.shape                          # torch.Size([2, 3, 2])
r.stride()                       # (6, 2, 1): doubled, plus the step to the imaginary part
col = torch.view_as_real(z[:, 1:])
col.storage_offset()             # 2: offset 1 complex element = 2 float cells

# .real and .imag are views too: every other cell, starting at 0 or at 1.
re = z.real
im = z.imag
im.stride()                      # (6, 2)
im.storage_offset()              # 1
im[0, 0] = 9.                    # writes the imaginary part of z[0, 0]
z[0, 0]

# conj() copies nothing either: it sets a bit that readers apply.
c = z.conj()
c.is_conj()
c.data_ptr() == z.data_ptr()
# torch.view_as_real(c)  ->  view_as_real doesn't work on unresolved conjugated tensors.  To
#    resolve the conjugate tensor so you can view it as real, use self.resolve_conj(); however, be
#    warned that the resulting tensor will NOT alias the original.
p = c.resolve_conj()             # a copy holding the conjugated values
torch.view_as_real(p)

# Going back: the last dim must be 2 with stride 1, the other strides and the offset even.
f = torch.arange(8.).view(4, 2)
back = torch.view_as_complex(f)  # 4 complex elements on f's storage
# torch.view_as_complex(f.t())  ->  Tensor must have a last dimension of size 2
