#pragma once
// Complex tensors as PyTorch 1.13 views them (aten/src/ATen/native/TensorShape.cpp view_as_real /
// view_as_complex, UnaryOps.cpp real / imag / conj, Resize-free `_conj`): one complex element is
// two float cells of the same storage, so view_as_real doubles the strides and the offset and
// adds a last dim of size 2 and stride 1; `.real` and `.imag` select its cell 0 or 1. `conj()` is
// lazy: a view with the conj bit (Tensor::isConj), resolved when something reads the values.
#include "Ops.h"

namespace stridescope::ops {

Tensor viewAsReal(const Tensor& self);
Tensor viewAsComplex(const Tensor& self);
// x.real / torch.real: a real tensor is returned itself.
Tensor real(const Tensor& self);
// x.imag: refused for a real tensor; of a conjugate view it is a view with the neg bit.
Tensor imag(const Tensor& self);
// A view with the conj bit flipped (complex), or self (real).
Tensor conj(const Tensor& self);
// A copy holding the conjugated values (complex), or self (real).
Tensor conjPhysical(const Tensor& self);
// self without a conj (neg) bit: self when it has none, else a copy like empty_like(self).copy_(self).
Tensor resolveConj(const Tensor& self);
Tensor resolveNeg(const Tensor& self);
// torch.complex(real, imag): a new complex tensor (broadcasting the two parts).
Tensor complexFromParts(const Tensor& real, const Tensor& imag);

} // namespace stridescope::ops
