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
    // Tiles of whole rows (planRowTiles): the last dim is a row (unit-stride, or with a step of
    // up to kRowTileMaxStep), moved whole; the tile spans inputFastDim and outputFastDim =
    // dims.rank() - 2, in rows.
    bool wholeRows = false;
};

// The widest step within a row that planRowTiles takes (x[..., ::2].permute(0, 2, 1, 3)): such
// rows are packed element by element or, for a step of 2, a vector at a time. The CPU's
// transposing tiles pack gaps up to the same step.
constexpr std::int64_t kRowTileMaxStep = 8;

// A plan when the collapsed layout's last dim has a non-zero stride larger in magnitude than
// another dim's; nothing otherwise (contiguous, broadcast-last or already row-major rows).
std::optional<TilePlan> planTiled(const Layout& layout);
inline bool tiledApplies(const Layout& layout) { return planTiled(layout).has_value(); }

// A permute that keeps the last dim as unit-stride rows but reads them out of order ((0, 2, 1, 3)
// of [batch, heads, tokens, 64]): the rows are not transposed, only reordered, so a tile of them
// runs along the input's fastest dim above the rows (a) and the output's (b = rank - 2). A plan
// (wholeRows) when the collapsed layout's last stride is 1 to kRowTileMaxStep (a step: rows
// with gaps; the CPU backend asks planTiled first, which takes the layouts where another dim is
// read faster than the rows) and a's |stride| is below b's;
// nothing otherwise (the naive walk already reads the rows in order, or there are none). The CPU
// backend's tiled kernel takes these as well as planTiled's; the CUDA one does not (a warp reads
// a row of 32 or more elements whole either way).
std::optional<TilePlan> planRowTiles(const Layout& layout);
// Short rows as wide elements: a row-tile plan whose rows are unit-stride and 2, 3, 4, 6 or 8 bytes
// long (an RGBA or RGB pixel, a pair of fp32, rows of 8 int8) as a transposing plan of elements that size,
// the rows' dim dropped: `elementSize` becomes the row's bytes, strides and offset are divided by
// the row's length. Nothing when a stride or the offset is not a whole number of rows (the wide
// elements would be misaligned) or the plan is not of such rows. (16-byte rows stay row tiles:
// as 16-byte elements they measured 0.88-0.95x as fast. Rows of 5 or 7 bytes have no element
// type: they stay row tiles too. The 3- and 6-byte elements are only the CPU tiles'.)
struct WideTilePlan {
    TilePlan plan;
    int elementSize = 0;
};
std::optional<WideTilePlan> widenShortRows(const TilePlan& rows, int elementSize);

} // namespace stridescope::gpu
