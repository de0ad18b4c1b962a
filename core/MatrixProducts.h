#pragma once
// Matrix products with PyTorch 1.13's CPU checks, messages, result dtypes and layouts.
//
// dot, vdot, mv, mm and bmm write a new contiguous tensor of their first operand's dtype (no type
// promotion: a second operand of another dtype is refused by the kernel's read). matmul follows
// at::native::matmul's dispatch: 1-D and 2-D operands go to dot / mv / mm, a batch with a matrix
// or vector on the other side is folded into one mm or mv (unless the batch is a transposed 3-D
// tensor, which bmm can read as it is), and everything else broadcasts the batch dims into one
// bmm. Which path runs decides the error a wrong shape gets, so each path is kept. tensordot and
// kron are composites of views, products and reshapes: their layouts follow from those steps
// (kron of a transposed matrix fails in 1.13's own view step, and so it does here).
//
// Values are sums of products in the operands' dtype: integers wrap, float32 and bfloat16 are
// summed in float and float64 in double, complex as complex. BLAS sums in another order, so the
// last bits of a float result can differ from PyTorch's (integers and exact sums agree fully).
#include "Tensor.h"

#include <cstdint>
#include <optional>

namespace stridescope::ops {

Tensor dot(const Tensor& self, const Tensor& other);
Tensor vdot(const Tensor& self, const Tensor& other); // conj(self) . other
Tensor mv(const Tensor& self, const Tensor& vec);
Tensor mm(const Tensor& self, const Tensor& mat2);
Tensor bmm(const Tensor& self, const Tensor& mat2);
Tensor matmul(const Tensor& self, const Tensor& other);

// torch.tensordot(a, b, dims=([...], [...])) and its int form (the last `dims` dims of a with
// the first of b), as torch/functional.py turns one into the other.
Tensor tensordot(const Tensor& a, const Tensor& b, const Shape& dimsA, const Shape& dimsB);
Tensor tensordot(const Tensor& a, const Tensor& b, std::int64_t dims);

// torch.inner: self * other when either is 0-dim (a broadcast mul), else tensordot over both
// operands' last dims, which must match.
Tensor inner(const Tensor& self, const Tensor& other);

// torch.kron: view(mul(self viewed as [s0, 1, s1, 1, ...], other as [1, o0, 1, o1, ...]),
// [s0 * o0, s1 * o1, ...]), the shorter operand padded with leading 1s.
Tensor kron(const Tensor& self, const Tensor& other);

// addmm, addmv, baddbmm and addbmm: beta * self + alpha * (the product), self expanded to the
// product's shape (expand's error), beta and alpha read in the product's dtype as the kernels read
// them (an integer dtype truncates 0.5 to 0; a complex number for a real dtype overflows), and a
// zero beta ignoring self, NaN included, as gemm does. A new contiguous result, or with `inPlace`
// self itself, which must already have the product's shape ("Bad in-place call: ...") and keeps
// its strides. addbmm sums the products of all batches.
Tensor addmm(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta,
             const Scalar& alpha, bool inPlace = false);
Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta,
             const Scalar& alpha, bool inPlace = false);
Tensor baddbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta,
               const Scalar& alpha, bool inPlace = false);
Tensor addbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta,
              const Scalar& alpha, bool inPlace = false);

// torch.cross / linalg.cross: the vector product along `dim` (torch.cross without a dim takes the
// first dim of size 3), the operands broadcast; a new contiguous tensor of self's dtype.
Tensor cross(const Tensor& self, const Tensor& other, std::optional<std::int64_t> dim);

} // namespace stridescope::ops
