#include "gpu/CpuCopyKernels.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace stridescope::gpu::cpu {

namespace {

// Rows shorter than this are copied by a plain loop; a memcpy call costs more than it saves.
constexpr std::int64_t kMemcpyRowBytes = 256;

template <typename T>
inline void copyRow(const T* __restrict src, std::int64_t stride, T* __restrict dst, std::int64_t count) {
    if (stride == 1) {
        if (count * std::int64_t(sizeof(T)) >= kMemcpyRowBytes)
            std::memcpy(dst, src, static_cast<std::size_t>(count) * sizeof(T));
        else
            for (std::int64_t i = 0; i < count; ++i)
                dst[i] = src[i];
    } else if (stride == 0) {
        std::fill(dst, dst + count, *src);
    } else {
        for (std::int64_t i = 0; i < count; ++i)
            dst[i] = src[i * stride];
    }
}

// Elements [begin, end) of the row-major walk. The start index is decomposed once (a division
// per dim); after that an odometer keeps the storage index in step: a row of the innermost dim
// is one copyRow, and moving to the next row is an add (or, on a carry, an add per carried dim).
template <typename T>
void readRange(const T* src, T* dst, const CollapsedLayout& layout, std::int64_t begin, std::int64_t end) {
    const int rank = layout.rank();
    const auto* sizes = layout.sizes.data();
    const auto* strides = layout.strides.data();
    std::vector<std::int64_t> index(static_cast<std::size_t>(rank), 0);
    std::int64_t rest = begin;
    std::int64_t at = layout.storageOffset;
    for (int d = rank - 1; d >= 0; --d) {
        index[static_cast<std::size_t>(d)] = rest % sizes[d];
        rest /= sizes[d];
        at += index[static_cast<std::size_t>(d)] * strides[d];
    }
    const std::int64_t rowLength = sizes[rank - 1];
    const std::int64_t rowStride = strides[rank - 1];
    std::int64_t position = begin;
    std::int64_t inRow = index[static_cast<std::size_t>(rank - 1)];
    at -= inRow * rowStride; // `at` now tracks the start of the current row
    while (position < end) {
        const std::int64_t count = std::min(rowLength - inRow, end - position);
        copyRow(src + at + inRow * rowStride, rowStride, dst + position, count);
        position += count;
        inRow = 0;
        for (int d = rank - 2; d >= 0; --d) {
            auto& i = index[static_cast<std::size_t>(d)];
            if (++i < sizes[d]) {
                at += strides[d];
                break;
            }
            at -= (sizes[d] - 1) * strides[d];
            i = 0;
        }
    }
}

// Tile shape, from measurements on the development machine (see scripts/bench-cpu): a tile
// covers kTileRows source rows (along b) and 1 KiB of each (along a), and tiles advance along a
// first, so each source row is read front to back by kTileRows concurrent streams, and each
// destination row gets kTileRows elements per tile: one whole 64-byte line for 4-byte elements,
// written with streaming stores. One thread, 4096 x 4096 fp32: 16 rows 13.5 GB/s, 8 rows 5.7
// (half lines written), 32 rows 9.9 (more streams); 512 B to 4 KiB per row piece within 10%;
// AVX2 8 x 8 blocks and software prefetching measured no faster (memory-bound, not compute).
constexpr std::int64_t kTileRows = 16;
template <typename T> constexpr std::int64_t tileColumns() { return 1024 / std::int64_t(sizeof(T)); }


struct TileGeometry {
    std::int64_t sizeA, sizeB, strideA, strideB, outStrideA;
    std::int64_t tilesA, tilesB;
    std::vector<int> outer; // the other dims, outermost first
};

template <typename T> TileGeometry tileGeometry(const TilePlan& plan) {
    const auto& dims = plan.dims;
    TileGeometry g;
    const int a = plan.inputFastDim;
    const int b = plan.outputFastDim;
    g.sizeA = dims.sizes[a];
    g.sizeB = dims.sizes[b];
    g.strideA = dims.strides[a];
    g.strideB = dims.strides[b];
    g.outStrideA = plan.outputStrides[a];
    g.tilesA = (g.sizeA + tileColumns<T>() - 1) / tileColumns<T>();
    g.tilesB = (g.sizeB + kTileRows - 1) / kTileRows;
    for (int d = 0; d < dims.rank(); ++d)
        if (d != a && d != b)
            g.outer.push_back(d);
    return g;
}

// Moves tile elements (ia, ib) for ia in [0, countA), ib in [0, countB) from
// from[ia·strideA + ib·strideB] to to[ia·outStrideA + ib], element by element through a small
// buffer: source row pieces are copied in order, then destination row pieces gathered from the
// buffer's columns, so each array is touched in whole lines. (Directly, a power-of-two row pitch
// puts all of a tile's rows in one L1 set and the lines are evicted before their neighbours are
// used.)
template <typename T>
void moveTileScalar(const T* __restrict from, std::int64_t strideA, std::int64_t strideB, T* __restrict to,
                    std::int64_t outStrideA, std::int64_t countA, std::int64_t countB, T* __restrict buffer) {
    constexpr std::int64_t columns = tileColumns<T>();
    for (std::int64_t ib = 0; ib < countB; ++ib) {
        const T* __restrict row = from + ib * strideB;
        T* __restrict into = buffer + ib * columns;
        if (strideA == 1)
            for (std::int64_t ia = 0; ia < countA; ++ia)
                into[ia] = row[ia];
        else
            for (std::int64_t ia = 0; ia < countA; ++ia)
                into[ia] = row[ia * strideA];
    }
    for (std::int64_t ia = 0; ia < countA; ++ia) {
        T* __restrict out = to + ia * outStrideA;
        for (std::int64_t ib = 0; ib < countB; ++ib)
            out[ib] = buffer[ib * columns + ia];
    }
}

#if defined(__SSE2__)
// 4 x 4 blocks of 4-byte elements, transposed in registers (SSE2 is part of x86-64, so this
// needs no compiler flag or dispatch). `stream` writes with movntps; it needs `to` and
// outStrideA to keep every block row 16-byte aligned.
inline void transpose4x4(const std::uint32_t* from, std::int64_t strideB, std::uint32_t* to,
                         std::int64_t outStrideA, bool stream) {
    const auto* s = reinterpret_cast<const float*>(from);
    auto* d = reinterpret_cast<float*>(to);
    __m128 r0 = _mm_loadu_ps(s);
    __m128 r1 = _mm_loadu_ps(s + strideB);
    __m128 r2 = _mm_loadu_ps(s + 2 * strideB);
    __m128 r3 = _mm_loadu_ps(s + 3 * strideB);
    _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
    if (stream) {
        _mm_stream_ps(d, r0);
        _mm_stream_ps(d + outStrideA, r1);
        _mm_stream_ps(d + 2 * outStrideA, r2);
        _mm_stream_ps(d + 3 * outStrideA, r3);
    } else {
        _mm_storeu_ps(d, r0);
        _mm_storeu_ps(d + outStrideA, r1);
        _mm_storeu_ps(d + 2 * outStrideA, r2);
        _mm_storeu_ps(d + 3 * outStrideA, r3);
    }
}

// 2 x 2 blocks of 8-byte elements.
inline void transpose2x2(const std::uint64_t* from, std::int64_t strideB, std::uint64_t* to,
                         std::int64_t outStrideA, bool stream) {
    const auto* s = reinterpret_cast<const double*>(from);
    auto* d = reinterpret_cast<double*>(to);
    const __m128d r0 = _mm_loadu_pd(s);
    const __m128d r1 = _mm_loadu_pd(s + strideB);
    const __m128d c0 = _mm_unpacklo_pd(r0, r1);
    const __m128d c1 = _mm_unpackhi_pd(r0, r1);
    if (stream) {
        _mm_stream_pd(d, c0);
        _mm_stream_pd(d + outStrideA, c1);
    } else {
        _mm_storeu_pd(d, c0);
        _mm_storeu_pd(d + outStrideA, c1);
    }
}

inline void store4(float* to, __m128 value, bool stream) {
    if (stream)
        _mm_stream_ps(to, value);
    else
        _mm_storeu_ps(to, value);
}

// Two or three source rows of 4-byte elements interleaved into one dense output run, the layout
// of NCHW -> NHWC with C = 2 or 3 (an RGB image): four columns of every row become two or three
// whole vectors. Scalar, this case was a third slower than PyTorch's copy_.
// Returns the columns done; the rest (fewer than four) is left to the caller.
inline std::int64_t interleaveRows(const std::uint32_t* from, std::int64_t strideB, std::uint32_t* to,
                                   std::int64_t countA, std::int64_t rows, bool stream) {
    const auto* s = reinterpret_cast<const float*>(from);
    auto* d = reinterpret_cast<float*>(to);
    const std::int64_t full = countA / 4 * 4;
    for (std::int64_t ia = 0; ia < full; ia += 4) {
        const __m128 r0 = _mm_loadu_ps(s + ia);          // a0 a1 a2 a3
        const __m128 r1 = _mm_loadu_ps(s + ia + strideB); // b0 b1 b2 b3
        const __m128 ab01 = _mm_unpacklo_ps(r0, r1);     // a0 b0 a1 b1
        const __m128 ab23 = _mm_unpackhi_ps(r0, r1);     // a2 b2 a3 b3
        if (rows == 2) {
            store4(d + ia * 2, ab01, stream);
            store4(d + ia * 2 + 4, ab23, stream);
            continue;
        }
        const __m128 r2 = _mm_loadu_ps(s + ia + 2 * strideB);                          // c0 c1 c2 c3
        const __m128 ca01 = _mm_unpacklo_ps(r2, r0);                                   // c0 a0 c1 a1
        const __m128 ca23 = _mm_unpackhi_ps(r2, r0);                                   // c2 a2 c3 a3
        const __m128 b1c1 = _mm_shuffle_ps(ab01, ca01, _MM_SHUFFLE(2, 2, 3, 3));       // b1 b1 c1 c1
        const __m128 b3c3 = _mm_shuffle_ps(ab23, ca23, _MM_SHUFFLE(2, 2, 3, 3));       // b3 b3 c3 c3
        store4(d + ia * 3, _mm_shuffle_ps(ab01, ca01, _MM_SHUFFLE(3, 0, 1, 0)), stream); // a0 b0 c0 a1
        store4(d + ia * 3 + 4, _mm_shuffle_ps(b1c1, ab23, _MM_SHUFFLE(1, 0, 2, 0)), stream); // b1 c1 a2 b2
        store4(d + ia * 3 + 8, _mm_shuffle_ps(ca23, b3c3, _MM_SHUFFLE(2, 0, 3, 0)), stream); // c2 a3 b3 c3
    }
    return full;
}

// The register-transposing tile for 4- and 8-byte elements with unit stride along a; the ragged
// edges (countA or countB not a multiple of the block) go element by element.
template <typename T>
void moveTileSimd(const T* __restrict from, std::int64_t strideB, T* __restrict to, std::int64_t outStrideA,
                  std::int64_t countA, std::int64_t countB, bool stream) {
    if constexpr (sizeof(T) == 4) {
        if ((countB == 2 || countB == 3) && outStrideA == countB) {
            const std::int64_t done = interleaveRows(from, strideB, to, countA, countB, stream);
            for (std::int64_t ia = done; ia < countA; ++ia)
                for (std::int64_t ib = 0; ib < countB; ++ib)
                    to[ia * outStrideA + ib] = from[ia + ib * strideB];
            return;
        }
    }
    constexpr std::int64_t block = sizeof(T) == 4 ? 4 : 2;
    const std::int64_t fullA = countA / block * block;
    const std::int64_t fullB = countB / block * block;
    for (std::int64_t ia = 0; ia < fullA; ia += block) {
        for (std::int64_t ib = 0; ib < fullB; ib += block) {
            if constexpr (sizeof(T) == 4)
                transpose4x4(from + ia + ib * strideB, strideB, to + ia * outStrideA + ib, outStrideA,
                             stream);
            else
                transpose2x2(from + ia + ib * strideB, strideB, to + ia * outStrideA + ib, outStrideA,
                             stream);
        }
        for (std::int64_t r = ia; r < ia + block; ++r)
            for (std::int64_t ib = fullB; ib < countB; ++ib)
                to[r * outStrideA + ib] = from[r + ib * strideB];
    }
    for (std::int64_t ia = fullA; ia < countA; ++ia)
        for (std::int64_t ib = 0; ib < countB; ++ib)
            to[ia * outStrideA + ib] = from[ia + ib * strideB];
}
#endif

// Work items are (outer index, tile along b, tile along a) with a varying fastest (see the tile
// shape above). One decomposition per tile, none per element.
template <typename T>
void tiledRange(const T* src, T* dst, const TilePlan& plan, bool streaming, std::int64_t beginItem,
                std::int64_t endItem) {
    const TileGeometry g = tileGeometry<T>(plan);
    const auto& dims = plan.dims;
    constexpr std::int64_t columns = tileColumns<T>();
    std::vector<T> buffer(static_cast<std::size_t>(kTileRows * columns));
    [[maybe_unused]] bool streamed = false;

    for (std::int64_t item = beginItem; item < endItem; ++item) {
        std::int64_t rest = item;
        const std::int64_t ta = rest % g.tilesA;
        rest /= g.tilesA;
        const std::int64_t tb = rest % g.tilesB;
        rest /= g.tilesB;
        std::int64_t inBase = dims.storageOffset;
        std::int64_t outBase = 0;
        for (auto it = g.outer.rbegin(); it != g.outer.rend(); ++it) {
            const std::int64_t i = rest % dims.sizes[*it];
            rest /= dims.sizes[*it];
            inBase += i * dims.strides[*it];
            outBase += i * plan.outputStrides[*it];
        }
        const std::int64_t a0 = ta * columns, countA = std::min(g.sizeA, a0 + columns) - a0;
        const std::int64_t b0 = tb * kTileRows, countB = std::min(g.sizeB, b0 + kTileRows) - b0;
        const T* from = src + inBase + a0 * g.strideA + b0 * g.strideB;
        T* to = dst + outBase + a0 * g.outStrideA + b0;
#if defined(__SSE2__)
        if constexpr (sizeof(T) == 4 || sizeof(T) == 8) {
            if (g.strideA == 1) {
                // Streaming stores need every block row aligned to the vector width.
                auto alignedTo = [&](std::int64_t bytes) {
                    return reinterpret_cast<std::uintptr_t>(to) % bytes == 0 &&
                           (g.outStrideA * std::int64_t(sizeof(T))) % bytes == 0;
                };
                const bool stream = streaming && alignedTo(16);
                moveTileSimd(from, g.strideB, to, g.outStrideA, countA, countB, stream);
                streamed = streamed || stream;
                continue;
            }
        }
#endif
        moveTileScalar(from, g.strideA, g.strideB, to, g.outStrideA, countA, countB, buffer.data());
    }
#if defined(__SSE2__)
    if (streamed)
        _mm_sfence(); // streaming stores are weakly ordered: make them visible before returning
#endif
}

// Work is handed out in chunks (CpuThreadPool::parallelChunks): about 16 per thread, so that a
// thread that loses its core for a while costs a chunk, not half the run; never so small that
// the per-chunk start (one index decomposition) shows.
constexpr std::int64_t kChunksPerThread = 16;
constexpr std::int64_t kMinChunkElements = 16 << 10;
// Baseline copy chunks: 2 MiB, a multiple of every alignment below.
constexpr std::int64_t kCopyChunkBytes = std::int64_t(2) << 20;

std::int64_t chunkOf(std::int64_t count, int threads, std::int64_t minimum) {
    return std::max(minimum, count / (std::int64_t(threads) * kChunksPerThread) + 1);
}

// memcpy with streaming stores. glibc's memcpy switches to them by itself only above a
// threshold tied to the cache size (tens of MiB), which the 2 MiB chunks of a parallel copy
// never reach; without them every destination line is first read (write-allocate), a third
// more memory traffic.
void copyStreaming(const char* from, char* to, std::int64_t bytes) {
#if defined(__SSE2__)
    // Head up to 16-byte alignment of the destination, then 64 bytes per step, then the tail.
    const auto misalign = static_cast<std::int64_t>(reinterpret_cast<std::uintptr_t>(to) % 16);
    std::int64_t done = misalign == 0 ? 0 : std::min(bytes, 16 - misalign);
    std::memcpy(to, from, static_cast<std::size_t>(done));
    for (; done + 64 <= bytes; done += 64) {
        const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + done));
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + done + 16));
        const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + done + 32));
        const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + done + 48));
        _mm_stream_si128(reinterpret_cast<__m128i*>(to + done), a);
        _mm_stream_si128(reinterpret_cast<__m128i*>(to + done + 16), b);
        _mm_stream_si128(reinterpret_cast<__m128i*>(to + done + 32), c);
        _mm_stream_si128(reinterpret_cast<__m128i*>(to + done + 48), d);
    }
    std::memcpy(to + done, from + done, static_cast<std::size_t>(bytes - done));
    _mm_sfence();
#else
    std::memcpy(to, from, static_cast<std::size_t>(bytes));
#endif
}

template <typename T> struct Word { using type = T; };

template <typename Body> void dispatch(int elementSize, Body&& body) {
    switch (elementSize) {
    case 1:
        return body(Word<std::uint8_t>{});
    case 2:
        return body(Word<std::uint16_t>{});
    case 4:
        return body(Word<std::uint32_t>{});
    case 8:
        return body(Word<std::uint64_t>{});
    default:
        throw std::invalid_argument("element size must be 1, 2, 4 or 8 bytes");
    }
}

} // namespace

void readThroughLayout(CpuThreadPool& pool, const void* src, void* dst, const CollapsedLayout& layout,
                       int elementSize) {
    dispatch(elementSize, [&](auto word) {
        using T = typename decltype(word)::type;
        pool.parallelChunks(layout.numel(), chunkOf(layout.numel(), pool.size(), kMinChunkElements),
                            [&](std::int64_t begin, std::int64_t end) {
                                readRange(static_cast<const T*>(src), static_cast<T*>(dst), layout, begin,
                                          end);
                            });
    });
}

void tiledCopy(CpuThreadPool& pool, const void* src, void* dst, const TilePlan& plan, int elementSize,
               bool streaming) {
    dispatch(elementSize, [&](auto word) {
        using T = typename decltype(word)::type;
        const TileGeometry g = tileGeometry<T>(plan);
        std::int64_t items = g.tilesA * g.tilesB;
        for (int d : g.outer)
            items *= plan.dims.sizes[d];
        pool.parallelChunks(items, chunkOf(items, pool.size(), 1), [&](std::int64_t begin, std::int64_t end) {
            tiledRange(static_cast<const T*>(src), static_cast<T*>(dst), plan, streaming, begin, end);
        });
    });
}

void parallelCopy(CpuThreadPool& pool, const void* src, void* dst, std::int64_t bytes, bool streaming) {
    pool.parallelChunks(bytes, kCopyChunkBytes, [&](std::int64_t begin, std::int64_t end) {
        auto* to = static_cast<char*>(dst) + begin;
        const auto* from = static_cast<const char*>(src) + begin;
        if (streaming)
            copyStreaming(from, to, end - begin);
        else
            std::memcpy(to, from, static_cast<std::size_t>(end - begin));
    });
}

void parallelFill(CpuThreadPool& pool, void* dst, std::int64_t bytes, unsigned char value) {
    const std::int64_t pages = (bytes + 4095) / 4096;
    pool.parallelRanges(pages, [&](std::int64_t begin, std::int64_t end) {
        const std::int64_t from = begin * 4096;
        const std::int64_t to = std::min(bytes, end * 4096);
        std::memset(static_cast<char*>(dst) + from, value, static_cast<std::size_t>(to - from));
    });
}

} // namespace stridescope::gpu::cpu
