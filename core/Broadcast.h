#pragma once
// Broadcasting as PyTorch 1.13 does it (at::infer_size, ExpandUtils.cpp): arithmetic,
// broadcast_to / broadcast_tensors / broadcast_shapes and advanced indexing share it.
#include "Layout.h"

#include <vector>

namespace stridescope {

// The broadcast shape of a and b: sizes are matched from the last dim backwards, a missing dim
// counts as 1, and a size-1 dim stretches to the other size. Any other mismatch fails with
// PyTorch's "The size of tensor a (3) must match the size of tensor b (4) at non-singleton
// dimension 1" (the dim counted in the result).
Shape inferBroadcastShape(const Shape& a, const Shape& b);

// The broadcast shape of several shapes, folded left to right as TensorIterator's compute_shape
// does (so the error names the running result as "a").
Shape inferBroadcastShape(const std::vector<Shape>& shapes);

// torch.broadcast_shapes as PyTorch 1.13 writes it in Python (torch/functional.py): negative
// sizes and mismatches raise its own messages ("Trying to create tensor with negative dimension
// (-1): (-1)", "Shape mismatch: objects cannot be broadcast to a single shape").
Shape broadcastShapesPython(const std::vector<Shape>& shapes);

} // namespace stridescope
