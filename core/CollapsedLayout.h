#pragma once
// A layout in the fewest dims that read the same addresses in the same order: what the copy
// kernels (CPU and CUDA) walk and what the coalescing model counts over.
#include "core/Layout.h"

#include <cstdint>

namespace stridescope {

// The layout with size-1 dims dropped and each dim merged into the one before it where
// stride[outer] == stride[inner] · size[inner]: the same elements in the same row-major order
// at the same addresses, in the fewest dims (TensorIterator's coalesce_dimensions). A
// contiguous view collapses to one dim; a 0-dim or single-element view to {1} with stride 1;
// an empty view to {0} with stride 1, so that numel() stays 0.
struct CollapsedLayout {
    Shape sizes;
    Shape strides;
    std::int64_t storageOffset = 0;

    int rank() const { return static_cast<int>(sizes.size()); }
    std::int64_t numel() const;
};

CollapsedLayout collapseLayout(const Layout& layout);

} // namespace stridescope
