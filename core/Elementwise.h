#pragma once
// The element-by-element machinery shared by copies, creation and in-place writes: allocation
// with PyTorch's memory-format rules and the value loops.
#include "Ops.h"

#include <functional>

namespace stridescope::detail {

// at::empty_like(self, format) with dtype `dtype`: Preserve keeps the strides of a dense
// non-overlapping input and infers dense strides in the same dim order otherwise.
// `keepValues` false makes a layout-only result (when a source has no values).
Tensor emptyLike(const Tensor& self, MemoryFormat format, DType dtype, bool keepValues = true);
Tensor emptyWithFormat(const Shape& sizes, MemoryFormat format, DType dtype, bool keepValues = true);

// The memory format PyTorch would guess from the strides (suggest_memory_format).
MemoryFormat suggestMemoryFormat(const Tensor& self);

// Broadcasting and type promotion live in Broadcast.h and TypePromotion.h; the elementwise ops
// themselves in Arithmetic.h (TensorIterator's pipeline).

// Writes src (already broadcast to dst's shape) into dst element by element, casting to dst's
// dtype. Values are read before any is written, so overlapping reads see the old values.
void copyValues(const Tensor& dst, const Tensor& src);

// dst[i] = produce(i) for the i-th element in row-major order.
void writeValues(const Tensor& dst, const std::function<Scalar(std::int64_t)>& produce);

// dst's elements in row-major order from a list of values (or of int64 indices).
void writeRowMajor(const Tensor& dst, const std::vector<Scalar>& values);
void writeIndices(const Tensor& dst, const std::vector<std::int64_t>& indices);

// Gives up the values of dst's storage when a layout-only source is written into it: the
// values can no longer be known.
void forgetValues(const Tensor& dst);

// An op's out=: resize_output, then the result copied in. out keeps its strides when its shape
// is the result's; otherwise it is resized as resize_ does (contiguous strides, the storage grown
// in place; PyTorch warns when out had elements). Returns out as it now is.
Tensor writeOut(const Tensor& out, const Tensor& result);

// A structured kernel's set_output with out=: out must already have the result's dtype
// ("Expected out tensor to have dtype float, but got long int instead").
void requireOutDtype(const Tensor& out, DType expected);

} // namespace stridescope::detail
