#pragma once
// How the copy kernels (CPU and CUDA) walk a layout: with dims collapsed, and, for transposes,
// which pair of dims a tile spans. Plain C++ shared by both backends so that the CPU tests cover
// the plans the GPU kernels use.
#include "core/CollapsedLayout.h"
#include "core/Layout.h"

#include <cstdint>
#include <optional>

namespace stridescope::gpu {

// A tiled transpose reads tiles along the input's fastest dim and writes them along the
// output's fastest (last) dim, so both sides touch whole cache lines. It pays off when the
// output's last dim is strided in the input.
struct TilePlan {
    CollapsedLayout dims;
    int inputFastDim = 0;  // smallest non-zero |stride| (ties: the later dim)
    int outputFastDim = 0; // = dims.rank() - 1
    Shape outputStrides;   // row-major strides of dims.sizes (the destination)
};

// A plan when the collapsed layout's last dim has a non-zero stride larger in magnitude than
// another dim's; nothing otherwise (contiguous, broadcast-last or already row-major rows).
std::optional<TilePlan> planTiled(const Layout& layout);
inline bool tiledApplies(const Layout& layout) { return planTiled(layout).has_value(); }

} // namespace stridescope::gpu
