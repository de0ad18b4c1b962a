#include "gpu/CopyPlan.h"

#include <cstdlib>

namespace stridescope::gpu {

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

std::optional<TilePlan> planRowTiles(const Layout& layout) {
    TilePlan plan;
    plan.dims = collapseLayout(layout);
    const int rank = plan.dims.rank();
    if (rank < 3 || plan.dims.numel() == 0 || plan.dims.strides[rank - 1] != 1)
        return std::nullopt;
    const int b = rank - 2;
    const auto strideB = std::llabs(plan.dims.strides[b]);
    if (strideB == 0)
        return std::nullopt;
    int fast = -1;
    for (int d = rank - 3; d >= 0; --d) {
        const auto stride = std::llabs(plan.dims.strides[d]);
        if (stride != 0 && (fast < 0 || stride < std::llabs(plan.dims.strides[fast])))
            fast = d;
    }
    if (fast < 0 || std::llabs(plan.dims.strides[fast]) >= strideB)
        return std::nullopt;
    plan.inputFastDim = fast;
    plan.outputFastDim = b;
    plan.outputStrides = contiguousStrides(plan.dims.sizes);
    plan.wholeRows = true;
    return plan;
}

} // namespace stridescope::gpu
