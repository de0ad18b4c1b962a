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

std::optional<WideTilePlan> widenShortRows(const TilePlan& rows, int elementSize) {
    const int last = rows.dims.rank() - 1;
    if (!rows.wholeRows || last < 2 || rows.dims.strides[last] != 1)
        return std::nullopt;
    const std::int64_t length = rows.dims.sizes[last];
    const std::int64_t bytes = length * elementSize;
    if (bytes != 2 && bytes != 3 && bytes != 4 && bytes != 6 && bytes != 8)
        return std::nullopt;
    if (rows.dims.storageOffset % length != 0)
        return std::nullopt;
    WideTilePlan wide;
    wide.elementSize = static_cast<int>(bytes);
    wide.plan.dims.storageOffset = rows.dims.storageOffset / length;
    for (int d = 0; d < last; ++d) {
        if (rows.dims.strides[d] % length != 0)
            return std::nullopt;
        wide.plan.dims.sizes.push_back(rows.dims.sizes[d]);
        wide.plan.dims.strides.push_back(rows.dims.strides[d] / length);
    }
    wide.plan.inputFastDim = rows.inputFastDim;
    wide.plan.outputFastDim = last - 1;
    wide.plan.outputStrides = contiguousStrides(wide.plan.dims.sizes);
    return wide;
}

} // namespace stridescope::gpu
