#pragma once
// The per-thread steps of the CUDA tiled transpose (gpu/CudaBackend.cu), in plain C++ so that the
// host tests run them thread by thread: every (threadIdx.x, threadIdx.y) of a 32 x 8 block does
// loadTile, then (after the barrier) storeTile. The kernel is only the loop over tiles around
// these two calls.
//
// A block moves one 32 x 32 tile at a time through shared memory padded to 33 columns. The load
// reads along a (the input-fast dim, contiguous in the source) with threadIdx.x, so a warp reads
// 32 neighbours; the store writes along b (the output's last dim, contiguous in the
// destination) with threadIdx.x, so a warp writes 32 neighbours. The store reads a tile column,
// and the 33-word row pitch puts those 32 elements in 32 different banks.
#include "gpu/CopyPlan.h"
#include "gpu/StridedIndexer.h"

#include <cstdint>

namespace stridescope::gpu {

inline constexpr int kCudaTile = 32;
inline constexpr int kCudaTileRows = 8; // threads along y; each moves 4 elements of a column

// What a tiled transpose block needs: the tile dims a and b, and the other dims (innermost
// first) with their source and destination strides. Trivially copyable: a kernel parameter.
struct TileParams {
    std::int64_t sizeA = 0, sizeB = 0;
    std::int64_t strideA = 0, strideB = 0;
    std::int64_t outStrideA = 0;
    std::int64_t tilesA = 0, tilesB = 0, tiles = 0;
    std::int64_t offset = 0;
    int outerRank = 0;
    std::int64_t outerSizes[kMaxGpuDims] = {};
    std::int64_t outerStrides[kMaxGpuDims] = {};
    std::int64_t outerOutStrides[kMaxGpuDims] = {};
};

inline TileParams makeTileParams(const TilePlan& plan) {
    TileParams p;
    const auto& dims = plan.dims;
    checkGpuRank(dims);
    const int a = plan.inputFastDim;
    const int b = plan.outputFastDim;
    p.sizeA = dims.sizes[a];
    p.sizeB = dims.sizes[b];
    p.strideA = dims.strides[a];
    p.strideB = dims.strides[b];
    p.outStrideA = plan.outputStrides[a];
    p.tilesA = (p.sizeA + kCudaTile - 1) / kCudaTile;
    p.tilesB = (p.sizeB + kCudaTile - 1) / kCudaTile;
    p.tiles = p.tilesA * p.tilesB;
    p.offset = dims.storageOffset;
    for (int d = dims.rank() - 1; d >= 0; --d) {
        if (d == a || d == b)
            continue;
        p.outerSizes[p.outerRank] = dims.sizes[d];
        p.outerStrides[p.outerRank] = dims.strides[d];
        p.outerOutStrides[p.outerRank] = plan.outputStrides[d];
        ++p.outerRank;
        p.tiles *= dims.sizes[d];
    }
    return p;
}

// Where tile `item` starts: decomposed once per tile (b fastest, then a, then the other dims).
struct TileOrigin {
    std::int64_t inBase = 0;
    std::int64_t outBase = 0;
    std::int64_t a0 = 0;
    std::int64_t b0 = 0;
};

STRIDESCOPE_HOST_DEVICE TileOrigin tileOrigin(const TileParams& p, std::int64_t item) {
    TileOrigin o;
    std::int64_t rest = item;
    o.b0 = (rest % p.tilesB) * kCudaTile;
    rest /= p.tilesB;
    o.a0 = (rest % p.tilesA) * kCudaTile;
    rest /= p.tilesA;
    o.inBase = p.offset;
    for (int k = 0; k < p.outerRank; ++k) {
        const std::int64_t i = rest % p.outerSizes[k];
        rest /= p.outerSizes[k];
        o.inBase += i * p.outerStrides[k];
        o.outBase += i * p.outerOutStrides[k];
    }
    return o;
}

// tile[row][col] holds the element at (a0 + col, b0 + row).
template <typename T>
STRIDESCOPE_HOST_DEVICE void loadTile(const T* src, T (*tile)[kCudaTile + 1], const TileParams& p,
                                      const TileOrigin& o, unsigned tx, unsigned ty) {
    const std::int64_t ia = o.a0 + tx;
    for (int j = static_cast<int>(ty); j < kCudaTile; j += kCudaTileRows) {
        const std::int64_t ib = o.b0 + j;
        if (ia < p.sizeA && ib < p.sizeB)
            tile[j][tx] = src[o.inBase + ia * p.strideA + ib * p.strideB];
    }
}

template <typename T>
STRIDESCOPE_HOST_DEVICE void storeTile(T* dst, const T (*tile)[kCudaTile + 1], const TileParams& p,
                                       const TileOrigin& o, unsigned tx, unsigned ty) {
    const std::int64_t ob = o.b0 + tx;
    for (int j = static_cast<int>(ty); j < kCudaTile; j += kCudaTileRows) {
        const std::int64_t oa = o.a0 + j;
        if (oa < p.sizeA && ob < p.sizeB)
            dst[o.outBase + oa * p.outStrideA + ob] = tile[tx][j];
    }
}

} // namespace stridescope::gpu
