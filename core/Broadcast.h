#pragma once
// Shape broadcasting as PyTorch 1.13 computes it, shared by broadcast_to / broadcast_tensors /
// broadcast_shapes and by anything else that needs the broadcast shape of several operands.
#include "Layout.h"

#include <vector>

namespace stridescope {

// at::infer_size: the broadcast shape of a and b, or RuntimeError "The size of tensor a (3) must
// match the size of tensor b (4) at non-singleton dimension 1" (dims counted in the result).
Shape broadcastPair(const Shape& a, const Shape& b);

// at::infer_size folded over all shapes, left to right, as expand_outplace does (so the error
// names the first pair that does not broadcast, with the shape so far as tensor a).
Shape broadcastAll(const std::vector<Shape>& shapes);

// torch.broadcast_shapes as PyTorch 1.13 writes it in Python (torch/functional.py): negative
// sizes and mismatches raise its own messages ("Trying to create tensor with negative dimension
// (-1): (-1)", "Shape mismatch: objects cannot be broadcast to a single shape").
Shape broadcastShapesPython(const std::vector<Shape>& shapes);

} // namespace stridescope
