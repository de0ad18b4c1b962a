#pragma once
// torch.einsum, following PyTorch 1.13's at::einsum (aten/src/ATen/native/Linear.cpp) step by
// step: the equation's labels are checked and numbered the same way, a repeated label takes a
// diagonal, every operand is unsqueezed and permuted to the output's labels followed by the
// contracted ones, and only then are the operands multiplied pairwise, left to right, each pair
// by one bmm (or a broadcast mul when nothing is summed) whose result is permuted back. So one
// operand's pure reordering ('ij->ji', the implicit 'ji') or diagonal ('ii->i') is a view of it,
// a contraction of one operand ('ij->i', 'ii') a new tensor from sum, and a product of several a
// permutation of bmm's contiguous result ('bij,bjk->bki' has strides (8, 1, 4)). Errors are
// PyTorch's texts.
#include "Tensor.h"

#include <string_view>
#include <vector>

namespace stridescope::ops {

Tensor einsum(std::string_view equation, const std::vector<Tensor>& operands);

} // namespace stridescope::ops
