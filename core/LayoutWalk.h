#pragma once
// The odometer walk over a layout's storage indices in row-major (logical) order: the last dim
// turns fastest and the storage index is kept in step by adding or unwinding strides, never
// recomputed from the full index. Shared by the device copies (DeviceMemory.cpp) and the
// analyses (Analysis.cpp); a template, so each caller's visit inlines.
#include "Layout.h"

#include <algorithm>
#include <cstdint>

namespace stridescope {

// Calls visit(storageIndex, linearIndex) for the first min(numel, limit) logical elements.
template <typename Visit> void forEachStorageIndex(const Layout& layout, std::int64_t limit, Visit&& visit) {
    const std::int64_t n = std::min(layout.numel(), limit);
    if (n <= 0)
        return;
    const std::size_t rank = layout.sizes.size();
    Shape index(rank, 0);
    std::int64_t at = layout.storageOffset;
    for (std::int64_t i = 0; i < n; ++i) {
        visit(at, i);
        for (std::size_t d = rank; d-- > 0;) {
            if (++index[d] < layout.sizes[d]) {
                at += layout.strides[d];
                break;
            }
            at -= (layout.sizes[d] - 1) * layout.strides[d];
            index[d] = 0;
        }
    }
}

} // namespace stridescope
