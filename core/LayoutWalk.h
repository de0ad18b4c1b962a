#pragma once
// The odometer walk over a layout's storage indices in row-major (logical) order: the last dim
// turns fastest and the storage index is kept in step by adding or unwinding strides, never
// recomputed from the full index. Shared by Tensor::forEachElement (the value ops), the device
// copies (DeviceMemory.cpp), the analyses (Analysis.cpp), the gathers of advanced indexing, the
// coalescing model's block walk and the window's write overlay; a template, so each caller's
// visit inlines.
#include "Layout.h"

#include <algorithm>
#include <cstdint>

namespace stridescope {

namespace detail {

// The innermost dim is a plain loop (one add a step); only between rows does the odometer carry
// through the dims above. With keepIndex the logical index is kept current for the visit;
// without it, the row loop does not touch it.
template <bool keepIndex, typename Visit>
void walkLayout(const Layout& layout, std::int64_t limit, Visit&& visit) {
    const std::int64_t n = std::min(layout.numel(), limit);
    if (n <= 0)
        return;
    const std::size_t rank = layout.sizes.size();
    Shape index(rank, 0);
    if (rank == 0) {
        visit(static_cast<const Shape&>(index), layout.storageOffset, std::int64_t(0));
        return;
    }
    const std::size_t last = rank - 1;
    const std::int64_t rowSize = layout.sizes[last]; // > 0, as numel is
    const std::int64_t step = layout.strides[last];
    std::int64_t rowStart = layout.storageOffset;
    std::int64_t i = 0;
    for (;;) {
        const std::int64_t count = std::min(rowSize, n - i);
        std::int64_t at = rowStart;
        for (std::int64_t j = 0; j < count; ++j, at += step) {
            if constexpr (keepIndex)
                index[last] = j;
            visit(static_cast<const Shape&>(index), at, i + j);
        }
        i += count;
        if (i >= n)
            return;
        for (std::size_t d = last; d-- > 0;) {
            if (++index[d] < layout.sizes[d]) {
                rowStart += layout.strides[d];
                break;
            }
            rowStart -= (layout.sizes[d] - 1) * layout.strides[d];
            index[d] = 0;
        }
    }
}

} // namespace detail

// Calls visit(storageIndex, linearIndex) for the first min(numel, limit) logical elements.
template <typename Visit> void forEachStorageIndex(const Layout& layout, std::int64_t limit, Visit&& visit) {
    detail::walkLayout<false>(layout, limit,
                              [&](const Shape&, std::int64_t at, std::int64_t i) { visit(at, i); });
}

// Calls visit(logicalIndex, storageIndex, linearIndex) for the first min(numel, limit) logical
// elements; logicalIndex is valid only during the call.
template <typename Visit>
void forEachIndexAndStorage(const Layout& layout, std::int64_t limit, Visit&& visit) {
    detail::walkLayout<true>(layout, limit, visit);
}

} // namespace stridescope
