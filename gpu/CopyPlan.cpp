#include "gpu/CopyPlan.h"

#include <cstdlib>

namespace stridescope::gpu {

std::int64_t CollapsedLayout::numel() const {
    std::int64_t n = 1;
    for (auto size : sizes)
        n *= size;
    return n;
}

CollapsedLayout collapseLayout(const Layout& layout) {
    CollapsedLayout c;
    c.storageOffset = layout.storageOffset;
    if (layout.numel() == 0) {
        // Nothing is read; keep one empty dim so that callers see numel() == 0.
        c.sizes = {0};
        c.strides = {1};
        return c;
    }
    for (std::int64_t d = 0; d < layout.dim(); ++d) {
        const auto size = layout.sizes[d];
        const auto stride = layout.strides[d];
        if (size == 1)
            continue;
        if (!c.sizes.empty() && c.strides.back() == stride * size) {
            c.sizes.back() *= size;
            c.strides.back() = stride;
        } else {
            c.sizes.push_back(size);
            c.strides.push_back(stride);
        }
    }
    if (c.sizes.empty()) {
        c.sizes = {1};
        c.strides = {1};
    }
    return c;
}

std::optional<TilePlan> planTiled(const Layout& layout) {
    TilePlan plan;
    plan.dims = collapseLayout(layout);
    const int rank = plan.dims.rank();
    if (rank < 2 || plan.dims.numel() == 0)
        return std::nullopt;
    plan.outputFastDim = rank - 1;
    const auto lastStride = std::llabs(plan.dims.strides[rank - 1]);
    if (lastStride == 0)
        return std::nullopt;
    int fast = -1;
    for (int d = rank - 2; d >= 0; --d) {
        const auto stride = std::llabs(plan.dims.strides[d]);
        if (stride != 0 && (fast < 0 || stride < std::llabs(plan.dims.strides[fast])))
            fast = d;
    }
    if (fast < 0 || std::llabs(plan.dims.strides[fast]) >= lastStride)
        return std::nullopt;
    plan.inputFastDim = fast;
    plan.outputStrides = contiguousStrides(plan.dims.sizes);
    return plan;
}

} // namespace stridescope::gpu
