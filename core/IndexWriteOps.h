#pragma once
// Index-driven writes and gathers beyond gather: scatter, index_add, index_copy, index_fill,
// scatter_add, scatter_reduce, put and take_along_dim, in place and out of place, with PyTorch
// 1.13's result layouts, overlap refusals and error texts.
//
// The out-of-place forms differ in layout as they do in ATen: index_add, index_copy, scatter_add
// and scatter_reduce are structured kernels whose result is allocated contiguous (whatever self's
// strides), while index_fill and put are clone(preserve_format) followed by the in-place op.
#include "Ops.h"

#include <cstdint>
#include <optional>
#include <string>

namespace stridescope::ops {

// Whether an op writes into self (the `op_` method) or into a new tensor (`op` / torch.op).
enum class WriteTarget { InPlace, NewTensor };

// self.index_add_(dim, index, source, alpha=alpha): self[..., index[i], ...] += alpha * source[..., i, ...].
Tensor indexAdd(const Tensor& self, std::int64_t dim, const Tensor& index, const Tensor& source,
                const Scalar& alpha, WriteTarget target);
// self.index_copy_(dim, index, source): self[..., index[i], ...] = source[..., i, ...].
Tensor indexCopy(const Tensor& self, std::int64_t dim, const Tensor& index, const Tensor& source,
                 WriteTarget target);
// self.index_fill_(dim, index, value); value is a Python number or a 0-dim tensor.
Tensor indexFill(const Tensor& self, std::int64_t dim, const Tensor& index, const Operand& value,
                 WriteTarget target);
// self.scatter_(dim, index, src or value): self[index[p] at dim, rest of p] = src[p] (or value); the
// out-of-place scatter is structured: a contiguous result.
Tensor scatter(const Tensor& self, std::int64_t dim, const Tensor& index, const Operand& src,
               WriteTarget target);
// self.scatter_add_(dim, index, src): self[index[p] at dim, rest of p] += src[p].
Tensor scatterAdd(const Tensor& self, std::int64_t dim, const Tensor& index, const Tensor& src,
                  WriteTarget target);
// self.scatter_reduce_(dim, index, src, reduce, include_self=...), reduce one of
// "sum", "prod", "mean", "amax", "amin".
Tensor scatterReduce(const Tensor& self, std::int64_t dim, const Tensor& index, const Tensor& src,
                     const std::string& reduce, bool includeSelf, WriteTarget target);
// self.put_(index, source, accumulate): self.flatten()[index[k]] = (or +=) source.flatten()[k].
Tensor put(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate,
           WriteTarget target);
// torch.take_along_dim(self, indices, dim): gather along dim after broadcasting the other dims;
// without dim, gather from self.view(-1) at indices.view(-1).
Tensor takeAlongDim(const Tensor& self, const Tensor& indices, std::optional<std::int64_t> dim);

} // namespace stridescope::ops
