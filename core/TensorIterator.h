#pragma once
// The output-layout rule of PyTorch's TensorIterator (aten/src/ATen/TensorIterator.cpp, 1.13):
// which strides the result of an elementwise op gets from the strides of its operands, and why.
//
// On a high level (TensorIteratorBase::build, for an output it allocates):
//  1. the shape is the broadcast of the inputs' shapes (compute_shape);
//  2. fast setup (compute_fast_setup_type): when all operands have the same shape and are all
//     contiguous, the result is contiguous; all channels_last contiguous: channels_last; all
//     non-overlapping and dense with the very same strides: the result takes those strides;
//  3. otherwise every operand's strides are taken over the broadcast shape, with 0 for a dim it
//     was broadcast along (compute_strides), and the dims are insertion-sorted from the last one
//     (reorder_dimensions): for two dims, the first operand whose strides differ there decides,
//     smaller stride first; an operand broadcast along either dim has no say; equal strides are
//     decided by the dims' sizes (the larger size goes outer); nobody deciding keeps row-major order;
//  4. the result is laid out densely in that order (compatible_stride, then invert_perm); if the
//     order is plain row-major it is simply contiguous.
// PyTorch's NOTE [Computing output strides] sums it up: the result recovers the permutation of
// the first operand when all have the same size, or of the one that is not broadcast.
#include "Layout.h"

#include <cstddef>
#include <string>
#include <vector>

namespace stridescope {

// One operand of an op as the rule sees it.
struct LayoutOperand {
    Layout layout;     // the operand's own sizes and strides, before broadcasting
    std::string name;  // how the explanation names it: "a", "b", "the scalar 2", "out"
    bool isOutput = false;     // an output that is written into as it is (in-place self, out=)
};

struct OutputLayout {
    Shape sizes;
    Shape strides;
    // Why: "dims ordered like a (its strides (1, 3)); b was broadcast".
    std::string reason;
};

// The layout of a new output for `operands` (given outputs first, then inputs, as TensorIterator
// lists them). The shape is the inputs' broadcast (PyTorch's error when they do not broadcast).
OutputLayout computeOutputLayout(const std::vector<LayoutOperand>& operands);

// "(1, 3)", "(1,)", "()": strides as Python prints a tuple.
std::string tupleText(const Shape& values);

} // namespace stridescope
