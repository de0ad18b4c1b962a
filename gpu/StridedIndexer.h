#pragma once
// The index arithmetic of the CUDA read-through-layout kernel, in plain C++ so that the host
// tests check it exhaustively: a thread turns its linear element index into a storage index
// with one multiply-high, add and shift per dim instead of a 32-bit division (tens of
// instructions on a GPU). Same scheme as PyTorch's IntDivider / OffsetCalculator.
#include "gpu/CopyPlan.h"

#include <cstdint>
#include <stdexcept>
#include <string>

#if defined(__CUDACC__)
#define STRIDESCOPE_HOST_DEVICE __host__ __device__ __forceinline__
#else
#define STRIDESCOPE_HOST_DEVICE inline
#endif

namespace stridescope::gpu {

// n / d and n % d for 0 <= n < 2^31 and 1 <= d < 2^31, by a precomputed magic number:
// with shift = ceil(log2 d) and magic = floor(2^32 · (2^shift - d) / d) + 1 (it fits 32 bits),
// n / d == (mulhi(n, magic) + n) >> shift. The sum cannot overflow because both terms are below
// 2^31.
struct FastDivmod {
    std::uint32_t divisor = 1;
    std::uint32_t magic = 0;
    std::uint32_t shift = 0;

    FastDivmod() = default;
    explicit FastDivmod(std::uint32_t d) : divisor(d) {
        if (d == 0 || d >= (std::uint32_t(1) << 31))
            throw std::invalid_argument("FastDivmod: divisor must be in [1, 2^31)");
        while (shift < 32 && (std::uint64_t(1) << shift) < d)
            ++shift;
        const std::uint64_t one = 1;
        magic = static_cast<std::uint32_t>(((one << 32) * ((one << shift) - d)) / d + 1);
    }

    STRIDESCOPE_HOST_DEVICE std::uint32_t divide(std::uint32_t n) const {
#if defined(__CUDA_ARCH__)
        const std::uint32_t high = __umulhi(n, magic);
#else
        const auto high = static_cast<std::uint32_t>((std::uint64_t(n) * magic) >> 32);
#endif
        return (high + n) >> shift;
    }
};

// Collapsed dims beyond this are refused by the CUDA backend (PyTorch's OffsetCalculator allows
// 25; after collapsing, real layouts have a handful).
inline constexpr int kMaxGpuDims = 16;

// Storage index of a linear (row-major) element index, for numel < 2^31. Dims are stored
// innermost first, so the loop peels the fastest dim off first.
struct StridedIndexer {
    int rank = 0;
    std::int64_t offset = 0;
    FastDivmod sizes[kMaxGpuDims];
    std::int64_t strides[kMaxGpuDims] = {};

    STRIDESCOPE_HOST_DEVICE std::int64_t storageIndex(std::uint32_t linear) const {
        std::int64_t at = offset;
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
        for (int d = 0; d < kMaxGpuDims; ++d) {
            if (d == rank)
                break;
            const std::uint32_t quotient = sizes[d].divide(linear);
            at += static_cast<std::int64_t>(linear - quotient * sizes[d].divisor) * strides[d];
            linear = quotient;
        }
        return at;
    }
};

// The same for any numel, with 64-bit division (slow on a GPU; used only above 2^31 elements).
struct WideStridedIndexer {
    int rank = 0;
    std::int64_t offset = 0;
    std::int64_t sizes[kMaxGpuDims] = {};
    std::int64_t strides[kMaxGpuDims] = {};

    STRIDESCOPE_HOST_DEVICE std::int64_t storageIndex(std::int64_t linear) const {
        std::int64_t at = offset;
        for (int d = 0; d < kMaxGpuDims; ++d) {
            if (d == rank)
                break;
            at += (linear % sizes[d]) * strides[d];
            linear /= sizes[d];
        }
        return at;
    }
};

// True when the 32-bit indexer applies: numel and every size below 2^31.
inline bool fitsNarrowIndexer(const CollapsedLayout& layout) {
    return layout.numel() < (std::int64_t(1) << 31);
}

inline void checkGpuRank(const CollapsedLayout& layout) {
    if (layout.rank() > kMaxGpuDims)
        throw std::invalid_argument("the layout has " + std::to_string(layout.rank()) +
                                    " dims that cannot be merged; the CUDA kernels take at most " +
                                    std::to_string(kMaxGpuDims));
}

inline StridedIndexer makeStridedIndexer(const CollapsedLayout& layout) {
    checkGpuRank(layout);
    if (!fitsNarrowIndexer(layout))
        throw std::invalid_argument("StridedIndexer needs fewer than 2^31 elements");
    StridedIndexer indexer;
    indexer.rank = layout.rank();
    indexer.offset = layout.storageOffset;
    for (int k = 0; k < indexer.rank; ++k) {
        const int d = indexer.rank - 1 - k;
        indexer.sizes[k] = FastDivmod(static_cast<std::uint32_t>(layout.sizes[d]));
        indexer.strides[k] = layout.strides[d];
    }
    return indexer;
}

inline WideStridedIndexer makeWideStridedIndexer(const CollapsedLayout& layout) {
    checkGpuRank(layout);
    WideStridedIndexer indexer;
    indexer.rank = layout.rank();
    indexer.offset = layout.storageOffset;
    for (int k = 0; k < indexer.rank; ++k) {
        const int d = indexer.rank - 1 - k;
        indexer.sizes[k] = layout.sizes[d];
        indexer.strides[k] = layout.strides[d];
    }
    return indexer;
}

} // namespace stridescope::gpu
