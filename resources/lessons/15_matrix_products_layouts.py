# Lesson 15 — Matrix products: new storage, and einsum's permuted result
# a @ b never changes a or b: it writes a new contiguous Storage, whatever the operands' strides
# (a transposed operand is read as it is, not copied first). einsum is different: it multiplies
# through one bmm and then permutes the result back to the output's labels, so its strides can
# come out in any order. The properties panel says why for each result.
import torch

a = torch.arange(6.).view(2, 3)
b = torch.arange(12.).view(3, 4)
c = a @ b                     # new Storage, shape (2, 4), strides (4, 1)
d = b.t() @ a.t()             # transposed operands, still a contiguous result (4, 2)

# A batch times a matrix is folded into one mm over all rows; a transposed 3-D batch goes to
# bmm instead. The result is contiguous either way.
x = torch.arange(30.).view(5, 2, 3)
e = x @ b                     # shape (5, 2, 4)
xt = torch.arange(30.).view(5, 3, 2).transpose(1, 2)   # (5, 2, 3), strides (6, 1, 2)
f = xt @ b                    # bmm reads each transposed matrix as it is

# einsum writes the bmm's result and permutes it: 'bki' asks for the transpose of each matrix,
# and gets it as a view of the product, strides (8, 1, 4).
y = torch.arange(60.).view(5, 3, 4) % 7
g = torch.einsum('bij,bjk->bki', x, y)
g.is_contiguous()

# So a later view can fail, just as for a transposed tensor (try it on the console):
# g.view(40)  ->  view size is not compatible with input tensor's size and stride (at least one
#                 dimension spans across two contiguous subspaces). Use .reshape(...) instead.
h = g.reshape(40)             # reshape copies where no view exists

# kron is a view of a broadcast product: two transposes give a transposed result.
k = torch.kron(a.t(), torch.tensor([[1., 10.], [100., 1000.]]).t())
