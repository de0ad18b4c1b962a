#pragma once
// Why PyTorch refuses a view, as data (the window words it; app/window/ViewFailure.h). view()
// succeeds only when every dim of the new shape lies inside one contiguous chunk of the input: a
// run of dims where each stride is the next dim's size times its stride (computeViewStrides in
// core/Layout.h, PyTorch's computeStride). This finds the new dim that would run across a chunk
// boundary and the two input dims on either side of it.
#include "core/Layout.h"

#include <cstdint>
#include <optional>

namespace stridescope {

// Dim newDim of the new shape (size newSize) would run across input dims `before` and `after`,
// two separate contiguous chunks: stride(before) != size(after) * stride(after).
struct ViewChunkCrossing {
    std::int64_t newDim = 0;
    std::int64_t newSize = 0;
    std::int64_t before = 0;
    std::int64_t after = 0;
    std::int64_t strideBefore = 0;
    std::int64_t sizeAfter = 0;
    std::int64_t strideAfter = 0;
    bool operator==(const ViewChunkCrossing&) const = default;
};

struct ViewFailureReason {
    // The dims to name; nothing when no single new dim crosses a boundary between two input dims
    // (the shape then cuts across the chunks as a whole).
    std::optional<ViewChunkCrossing> crossing;
    bool operator==(const ViewFailureReason&) const = default;
};

// Nothing when the view is possible, when the tensor is empty (every shape of its numel views
// it), or when the shape itself is wrong (inferSize refuses it, and PyTorch's own message says
// so). Never throws.
std::optional<ViewFailureReason> explainViewFailure(const Layout& layout, const Shape& requested);

} // namespace stridescope
