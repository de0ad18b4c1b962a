#pragma once
// torch.einsum of one operand, following PyTorch 1.13's at::einsum (aten/src/ATen/native/Linear.cpp)
// step by step: the equation's labels are checked and numbered the same way, a repeated label
// takes a diagonal, the operand is permuted to the output's labels followed by the contracted
// ones, and only then are those summed out. So a pure reordering ('ij->ji', 'bij->bji', the
// implicit 'ji') or a diagonal ('ii->i') is a view of the operand, and a contraction ('ij->i',
// 'ii') is a new tensor from sum. Errors are PyTorch's texts.
#include "Tensor.h"

#include <string_view>

namespace stridescope::ops {

Tensor einsum(std::string_view equation, const Tensor& operand);

} // namespace stridescope::ops
