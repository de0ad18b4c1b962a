#pragma once
// The write checks of PyTorch's TensorIterator (aten/src/ATen/MemoryOverlap.cpp, 1.13), run before
// an in-place op or an out= write: the written-to tensor must not reach one memory location
// through two elements, and must not partly overlap an input.
#include "Tensor.h"

namespace stridescope {

// PyTorch's TensorImpl identity has no equivalent in a value-type Tensor; the same storage,
// layout and dtype is the closest (and gives the same answers for the checks below).
bool isSameTensor(const Tensor& a, const Tensor& b);

// assert_no_internal_overlap: refuses a written-to tensor with a stride-0 dim of size > 1.
void assertNoInternalOverlap(const Tensor& written);

// assert_no_partial_overlap (get_overlap_status == Partial): refuses an input that shares some,
// but not all, of the written-to tensor's memory. "Too hard" layouts (not dense) pass, as in
// PyTorch.
void assertNoPartialOverlap(const Tensor& written, const Tensor& input);

} // namespace stridescope
