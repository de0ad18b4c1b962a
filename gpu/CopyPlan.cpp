#include "gpu/CopyPlan.h"

#include <cstdlib>
#include <utility>

namespace stridescope::gpu {

namespace {

// The tiles across dim b (the output's side of a tile) and the input's fastest dim before it: the
// smallest non-zero |stride| among dims [0, b) (ties: the later dim), when it is smaller than b's.
std::optional<TilePlan> planAcross(CollapsedLayout dims, int b) {
    const auto strideB = std::llabs(dims.strides[b]);
    if (strideB == 0)
        return std::nullopt;
    int fast = -1;
    for (int d = b - 1; d >= 0; --d) {
        const auto stride = std::llabs(dims.strides[d]);
        if (stride != 0 && (fast < 0 || stride < std::llabs(dims.strides[fast])))
            fast = d;
    }
    if (fast < 0 || std::llabs(dims.strides[fast]) >= strideB)
        return std::nullopt;
    TilePlan plan;
    plan.dims = std::move(dims);
    plan.inputFastDim = fast;
    plan.outputFastDim = b;
    plan.outputStrides = contiguousStrides(plan.dims.sizes);
    return plan;
}

} // namespace

std::optional<TilePlan> planTiled(const Layout& layout) {
    CollapsedLayout dims = collapseLayout(layout);
    const int rank = dims.rank();
    if (rank < 2 || dims.numel() == 0)
        return std::nullopt;
    return planAcross(std::move(dims), rank - 1);
}

std::optional<TilePlan> planRowTiles(const Layout& layout) {
    CollapsedLayout dims = collapseLayout(layout);
    const int rank = dims.rank();
    if (rank < 3 || dims.numel() == 0 || dims.strides[rank - 1] < 1 ||
        dims.strides[rank - 1] > kRowTileMaxStep)
        return std::nullopt;
    auto plan = planAcross(std::move(dims), rank - 2);
    if (plan)
        plan->wholeRows = true;
    return plan;
}

} // namespace stridescope::gpu
