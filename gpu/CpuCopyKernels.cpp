#include "gpu/CpuCopyKernels.h"

#include "core/DeviceMemory.h"
#include "gpu/BandwidthBackend.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <vector>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace stridescope::gpu::cpu {

namespace {

// A 16-byte element (complex128): moved whole, never looked into. Two words with their natural
// 8-byte alignment, so an assignment compiles to one unaligned 16-byte load and store
// (movdqu/movups, as fast as the aligned forms on aligned data), and no pointer into a buffer
// needs more alignment than the 8-byte elements already get.
struct Element16 {
    std::uint64_t low, high;
};
static_assert(sizeof(Element16) == 16);

// A 3- or 6-byte element: a pixel of an RGB image (uint8, or int16 / fp16) whose transpose keeps
// the channels together (widenShortRows). Only the transposing tiles take them; their AVX2 blocks
// widen each pixel to a 4- or 8-byte lane, transpose those as fp32 or fp64, and narrow them back
// before the store.
template <int bytes> struct Pixel { std::uint8_t channel[bytes]; };
using Pixel3 = Pixel<3>;
using Pixel6 = Pixel<6>;
static_assert(sizeof(Pixel3) == 3 && sizeof(Pixel6) == 6);
template <typename T> constexpr bool isPixel = sizeof(T) == 3 || sizeof(T) == 6;

#if defined(__SSE2__)
// A prefetch for the lines a tile reads next, in inline assembly rather than _mm_prefetch: GCC 12
// -O2 deleted the tile gather's loops of builtin prefetches as dead code (the object held no
// prefetcht1 at all, and the tiles ran at 0.4x the copy, where the same steps with working
// prefetches ran at 0.8x). prefetcht0, into L1 as well as L2. It was prefetcht1 (L2): on the
// Xeon VM the two measured the same, on Zen 3 prefetcht1 fills L1 anyway, but on Zen 4 and later
// it stops at L2, and on a Zen 5 VM (7 December 2026, two threads, 64 MiB, best / limit, binary
// against binary in 6-10 interleaved pairs) prefetcht0 ran the 8192^2 int8 transpose 0.25-0.29x
// -> 0.31-0.35x (ahead in every pair), NCHW -> NHWC 64^4 0.66-0.71x -> 0.70-0.76x, the rest
// within the noise.
inline void prefetchLine(const void* p) {
    asm volatile("prefetcht0 %0" : : "m"(*static_cast<const char*>(p)));
}

// Every line that bytes [p, p + bytes) touch. Counted from the row's own start, a row that
// begins mid-line (odd sizes: rows 4099 fp32 apart; rows of 800 int8) lost its last line, which
// the gather then waited for. Medians of five interleaved rounds (two threads, best / limit):
// 4093 x 4099 fp32 0.45x -> 0.59x, the batch of 100 800^2 int8 images 0.39x -> 0.55x, the RGB
// image transposed 0.47x -> 0.52x; 4096^2 the same.
inline void prefetchRun(const void* p, std::int64_t bytes) {
    const auto start = reinterpret_cast<std::uintptr_t>(p);
    for (auto line = start & ~std::uintptr_t(63); line < start + std::uintptr_t(bytes); line += 64)
        prefetchLine(reinterpret_cast<const void*>(line));
}
#endif

// Rows shorter than this are copied by a plain loop; a memcpy call costs more than it saves.
constexpr std::int64_t kMemcpyRowBytes = 256;

#if defined(__SSE2__)
// The widest registers the CPU has, for the tiles' register blocks and the streaming stores; false
// (useWidestBlocks): SSE2's, the path of any x86-64, so that the tests cover it on this machine.
std::atomic<bool> widestBlocks{true};

bool hasAvx512() {
    static const bool has = __builtin_cpu_supports("avx512f");
    return has;
}

// A whole line per streaming store: the write-combining buffer is full at once and leaves for
// memory whole. Against four 16-byte stores per line, in interleaved A/B rounds (two threads,
// 64 MiB): the tiled transposes 1.03-1.13x, permutes keeping long rows 1.12-1.13x, the
// four-run copy (the limit) 0.98-1.12x, median 1.03x.
__attribute__((target("avx512f"))) void streamLinesAvx512(const char* from, char* to, std::int64_t lines) {
    for (std::int64_t line = 0; line < lines; ++line, from += 64, to += 64)
        _mm512_stream_si512(reinterpret_cast<__m512i*>(to), _mm512_loadu_si512(from));
}

// `lines` whole cache lines from `from` to the line-aligned `to`, with streaming stores.
inline void streamLines(const char* from, char* to, std::int64_t lines) {
    if (hasAvx512() && widestBlocks.load(std::memory_order_relaxed))
        return streamLinesAvx512(from, to, lines);
    for (std::int64_t line = 0; line < lines; ++line, from += 64, to += 64) {
        const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from));
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + 16));
        const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + 32));
        const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + 48));
        _mm_stream_si128(reinterpret_cast<__m128i*>(to), a);
        _mm_stream_si128(reinterpret_cast<__m128i*>(to + 16), b);
        _mm_stream_si128(reinterpret_cast<__m128i*>(to + 32), c);
        _mm_stream_si128(reinterpret_cast<__m128i*>(to + 48), d);
    }
}
#endif

// memcpy with streaming stores. glibc's memcpy switches to them by itself only above a
// threshold tied to the cache size (tens of MiB), which the 2 MiB chunks of a parallel copy
// never reach; without them every destination line is first read (write-allocate), a third
// more memory traffic.
// `fence`: end with an sfence (a caller copying many rows fences once, after the last).
void copyStreaming(const char* from, char* to, std::int64_t bytes, bool fence = true) {
#if defined(__SSE2__)
    // Head up to the next cache line of the destination, then whole lines, then the tail: the
    // head and tail go through the cache. Streaming a line only in part leaves a partial
    // write-combining buffer, flushed as a read-modify-write in memory; streaming 16-byte aligned
    // steps that straddle lines ran an odd-pitch transpose at 0.9 GB/s against 5.6 for the copy.
    const auto misalign = static_cast<std::int64_t>(reinterpret_cast<std::uintptr_t>(to) % 64);
    std::int64_t done = misalign == 0 ? 0 : std::min(bytes, 64 - misalign);
    // (No memcpy calls for empty heads and tails: a tile writes its rows as 4-line pieces, and two
    // calls per piece were a tenth of a transpose's time.)
    if (done > 0)
        std::memcpy(to, from, static_cast<std::size_t>(done));
    const std::int64_t lines = (bytes - done) / 64;
    streamLines(from + done, to + done, lines);
    done += lines * 64;
    if (bytes > done)
        std::memcpy(to + done, from + done, static_cast<std::size_t>(bytes - done));
    if (fence)
        _mm_sfence();
#else
    std::memcpy(to, from, static_cast<std::size_t>(bytes));
#endif
}

// A long streaming copy as kCopyStreams runs advanced side by side, kCopyStreamStep bytes
// from each in turn. One sequential run per core leaves memory idle: the hardware prefetcher
// keeps only so many lines of one stream in flight, and on the machines measured (VMs on a large
// Xeon and on an AMD EPYC, ~100 ns to memory) that is below what the memory can serve. Four runs
// keep four times the lines in flight. On the Xeon (two threads, 64 MiB, caches flushed between
// runs): 1.22x, 1.24x and 1.41x the single-run copy in three rounds with 256-byte steps (2 runs:
// 1.01-1.31x, 8 runs: 1.07-1.41x; 1 KiB steps 1.17-1.26x). On the EPYC (Zen 3, two threads, 64
// MiB, medians of 10-12 interleaved rounds), 1 KiB steps are the faster ones: 4 x 1 KiB 38.1 and
// 39.3 GB/s against 34.7 and 35.4 for 4 x 256 bytes (8 x 512: 38.2, 4 x 2 KiB: 38.6, 8 x 1 KiB:
// 37.9, one run 32.0), and a permute's row tiles (several input runs of 16 KiB at once) had
// measured 1.07-1.14x the 256-byte limit there. The contiguous-in-effect layouts and the
// baseline (the limit every kernel is measured against) both go through it: the limit has to be
// the fastest plain copy we have.
constexpr int kCopyStreams = 4;
constexpr std::int64_t kCopyStreamStep = 1024;

void copyStreamingInStreams(const char* from, char* to, std::int64_t bytes) {
#if defined(__SSE2__)
    const std::int64_t part = bytes / kCopyStreams / kCopyStreamStep * kCopyStreamStep;
    if (reinterpret_cast<std::uintptr_t>(to) % 64 != 0 || part < 16 * kCopyStreamStep) {
        copyStreaming(from, to, bytes);
        return;
    }
    for (std::int64_t at = 0; at < part; at += kCopyStreamStep)
        for (int run = 0; run < kCopyStreams; ++run)
            streamLines(from + run * part + at, to + run * part + at, kCopyStreamStep / 64);
    copyStreaming(from + kCopyStreams * part, to + kCopyStreams * part, bytes - kCopyStreams * part);
#else
    copyStreaming(from, to, bytes);
#endif
}

// One row of the walk. Unit-stride rows are runs of memory: long ones go through memcpy, or with
// streaming stores when the destination is too big to stay cached (the contiguous-in-effect
// layouts: a view that is contiguous once dims are merged reads as one row per chunk, at the
// plain copy's speed). Returns whether it streamed (the caller then fences once).
template <typename T>
inline bool copyRow(const T* __restrict src, std::int64_t stride, T* __restrict dst, std::int64_t count,
                    bool streaming) {
    const std::int64_t bytes = count * std::int64_t(sizeof(T));
    if (stride == 1) {
        if (streaming && bytes >= kMemcpyRowBytes) {
            copyStreaming(reinterpret_cast<const char*>(src), reinterpret_cast<char*>(dst), bytes, false);
            return true;
        }
        if (bytes >= kMemcpyRowBytes)
            std::memcpy(dst, src, static_cast<std::size_t>(bytes));
        else
            for (std::int64_t i = 0; i < count; ++i)
                dst[i] = src[i];
    } else if (stride == 0) {
        std::fill(dst, dst + count, *src);
    } else {
        for (std::int64_t i = 0; i < count; ++i)
            dst[i] = src[i * stride];
    }
    return false;
}

// The naive walk's look-ahead (readRange): rows up to 4 KiB, prefetched about 2 KiB ahead.
constexpr std::int64_t kLookAheadBytes = 2048;
constexpr std::int64_t kLookAheadMaxRowBytes = 4096;

// Elements [begin, end) of the row-major walk. The start index is decomposed once (a division
// per dim); after that an odometer keeps the storage index in step: a row of the innermost dim
// is one copyRow, and moving to the next row is an add (or, on a carry, an add per carried dim).
template <typename T>
void readRange(const T* src, T* dst, const CollapsedLayout& layout, std::int64_t begin, std::int64_t end,
               bool streaming) {
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
    bool streamed = false;
    // Advances an odometer over the dims above the row by one row.
    auto nextRow = [&](std::vector<std::int64_t>& digits, std::int64_t& rowAt) {
        for (int d = rank - 2; d >= 0; --d) {
            auto& i = digits[static_cast<std::size_t>(d)];
            if (++i < sizes[d]) {
                rowAt += strides[d];
                return;
            }
            rowAt -= (sizes[d] - 1) * strides[d];
            i = 0;
        }
    };
    // Short unit-stride rows from scattered places (a permute that keeps the last dim: rows of
    // 64 floats 16 KiB apart) each touch a few lines of a page the hardware prefetcher has not
    // seen in a while; a second odometer runs `ahead` rows in front and prefetches them.
    const std::int64_t rowBytes = rowLength * std::int64_t(sizeof(T));
    const bool lookAhead = rank >= 2 && rowStride == 1 && rowBytes <= kLookAheadMaxRowBytes;
    std::vector<std::int64_t> aheadIndex;
    std::int64_t aheadAt = at;
    if (lookAhead) {
        aheadIndex = index;
        const std::int64_t ahead =
            std::max<std::int64_t>(2, kLookAheadBytes / std::max<std::int64_t>(rowBytes, 64));
        for (std::int64_t k = 0; k < ahead; ++k)
            nextRow(aheadIndex, aheadAt);
    }
    while (position < end) {
        const std::int64_t count = std::min(rowLength - inRow, end - position);
#if defined(__SSE2__)
        if (lookAhead) {
            const char* ahead = reinterpret_cast<const char*>(src + aheadAt);
            for (std::int64_t b = 0; b < rowBytes; b += 64)
                _mm_prefetch(ahead + b, _MM_HINT_T0);
            nextRow(aheadIndex, aheadAt);
        }
#endif
        streamed =
            copyRow(src + at + inRow * rowStride, rowStride, dst + position, count, streaming) || streamed;
        position += count;
        inRow = 0;
        nextRow(index, at);
    }
#if defined(__SSE2__)
    if (streamed)
        _mm_sfence();
#endif
}

// ---- Tiled transposes ---------------------------------------------------------------------
//
// A tile spans two dims: a, the input's fastest (unit stride, usually), and b, the output's
// fastest (its last dim): tileColumns() elements along a, tileRows() along b. Tiles advance along a first. A
// tile moves in two steps through one small buffer (L1/L2-resident, its pitch padded by a cache line so that
// its rows never alias):
//   1. register blocks (AVX2: 8 x 8 four-byte, 4 x 4 eight-byte, two 16 x 16 byte blocks side by
//      side, 8 x 8 three-byte and 4 x 4 six-byte pixels in four- and eight-byte lanes, and with
//      the long-output tiles two 8 x 8 word blocks side by side; SSE2: 4 x 4, 2 x 2, 16 x 16
//      bytes, 8 x 8 words) are read straight from
//      the input, block by block along a, and stored transposed into the buffer, while the input
//      rows two blocks ahead (into the next tile at the end) are prefetched; with every
//      other element along a (a step of 2), "even" blocks read twice the width and keep the even
//      elements in registers first (moveTile);
//   2. each of the tile's output rows (along b) is written from the buffer as one burst, with
//      streaming stores when the destination is too big to stay cached.
// Why the input is read by blocks and the output is not written by them: the output side is
// where the streaming stores are, and streaming a block's 16- or 32-byte rows to 8-16 lines at
// once leaves partly filled write-combining buffers, flushed as read-modify-writes (a transpose
// straight through 8 x 8 blocks ran at 2-3 GB/s on one thread). On the input side, the 8-16 rows
// of a block sit in as many lines of one cache set when the pitch is a power of two, within the
// L1's 12 ways. The version before this one also read each input row as a burst into a second
// buffer (three steps): one more pass over L1/L2 per byte, and with two cores it was the cores,
// not memory, that set the speed (one thread 8-12 GB/s, two 17-24, the copy 45): 0.41-0.54x the
// limit. Fused, 4096^2 fp32 ran ~2x faster in the same interleaved rounds (6.7 against 3.5
// GB/s median at load 13; 43 against 37 at load 1, with 0.8x the copy).
// The tile's shape: see kTileColumnBytes (in a standalone version of these steps on an idle
// moment, square sides of 256 bytes had run at 0.8x the copy, 512 at 0.67-0.7x).
// The prefetches are inline assembly (prefetchLine): GCC dropped the builtin ones here, and
// without them the tiles waited on every input load (0.4x the copy, 90% of the time on loads).
// The tile's extent in bytes along a (each input burst: 512) and along b (each output burst: 256
// for 2- to 8-byte elements, 128 for bytes, whose tiles have 4x the rows per byte of fp32; int8
// tiles of whole-line rows are 256 x 128 bytes: see tileGeometry). Measured by CPU time per byte,
// each shape against 256 x 256 in alternating runs of the same case: 8-D 8^8 fp32 0.32x -> 0.52x
// the copy, the 4093 x 4099 odd transpose 0.35x -> 0.45x, fp64 +12%, fp32 4096^2 +3%; fp16 +30%
// and int8 +10% with 128-byte rows then (256 x 512 for them: +20% and +3%; 64-byte rows slower).
// fp16 went back to 256-byte rows once the next tile's input was prefetched during the write-out
// (NextTileLines): in a sweep of every permutation of [100, 6, 300, 300], [4, 64, 256, 256] and
// [512, 256, 256] (51 layouts, three interleaved rounds each, two threads, best / limit) the
// median layout ran 1.11x faster (2-D 4096 x 8192 0.49x -> 0.58x, [512, 256, 256] (0, 2, 1)
// 0.37x -> 0.47x, [100, 6, 300, 300] (3, 1, 2, 0) 0.16x -> 0.27x), none clearly slower.
// 16-byte elements (complex128) have tiles of 1024 x 512 bytes (64 x 32 elements): the 512 x 256
// of the 8-byte ones were only 32 x 16 elements, and the per-tile work showed. Tiled GB/s in two
// interleaved rounds on a quiet moment: 2048^2 transpose 24.9, 24.8 -> 27.8, 20.7; 48^4 permute
// (0, 3, 1, 2) 18.9, 20.5 -> 28.2, 26.4; odd 1447 x 1449 transpose 17.0, 17.9 -> 28.5, 28.0.
// 32 x 32, 16 x 64 and 16 x 128 elements were between or below, in those and three more rounds.
constexpr std::int64_t kTileColumnBytes = 512;
// Pixels: 192-byte output pieces (three whole lines; 64 3-byte or 32 6-byte pixels), and along the
// input the 512 bytes of the others rounded down to whole blocks (8 pixels for 3 bytes, 4 for 6);
// in the long-output shape, 384-byte pieces (see tileGeometry).
constexpr std::int64_t kPixelLongPieceBytes = 384;
// Whole-row tiles (see tileGeometry): output rows up to 4 KiB, 128 bytes along a (an input
// burst of two lines per row; 256 and 512 bytes measured 0.9x as fast for 800-byte rows, 64
// bytes 0.6x).
constexpr std::int64_t kWholeRowTileMaxBytes = 4096;
constexpr std::int64_t kWholeRowTileColumnBytes = 128;
// Bytes with both groups long enough: see tileGeometry.
constexpr std::int64_t kByteTileRows = 256;
constexpr std::int64_t kByteTileColumns = 128;
template <typename T> constexpr std::int64_t tileRows() {
    if constexpr (isPixel<T>)
        return 192 / std::int64_t(sizeof(T));
    return sizeof(T) == 16 ? 32 : (sizeof(T) == 1 ? 128 : 256) / std::int64_t(sizeof(T));
}
template <typename T> constexpr std::int64_t tileColumns() {
    if constexpr (isPixel<T>) {
        constexpr std::int64_t block = sizeof(T) == 3 ? 8 : 4;
        return kTileColumnBytes / std::int64_t(sizeof(T)) / block * block;
    }
    return (sizeof(T) == 16 ? 2 * kTileColumnBytes : kTileColumnBytes) / std::int64_t(sizeof(T));
}
// Which way a tile of 2-, 4- or 8-byte elements is long (useTileShape). The shape above, 512 bytes
// along the input's bursts and 256 along the output's pieces, was measured on a Xeon VM. On an
// AMD EPYC (Zen 3) VM the output side is the one that waits: in the two-thread 4096^2 fp32
// transpose, half of the samples were on the write-out's streaming stores, and a test of the
// write pattern alone (sequential reads, streamed 256-byte pieces to 4096 rows in turn) moved
// 0.75-0.85x of a copy where 512-byte pieces moved 0.95-1.0x. There, the same area turned the
// other way, 256 bytes along the input and 512 along the output, ran faster in interleaved runs
// of the full case list (16 rounds each way, two threads, medians of best / limit): fp32 4096^2
// 0.48x -> 0.60x, 4093 x 4099 0.42x -> 0.47x, fp16 0.45x -> 0.49x, fp64 0.59x -> 0.63x, 3-D
// (2, 0, 1) 0.47x -> 0.54x, the RGBA image 0.50x -> 0.56x, the rest within the noise, except
// tiles over groups of dims (8-D 0.42x -> 0.38x), which keep the old shape (tileGeometry). A
// second run of 12 rounds against the commit before: fp32 0.52x -> 0.55x, 4093 x 4099 0.42x ->
// 0.47x, fp64 0.53x -> 0.60x, the gap 0.34x -> 0.39x, 3-D (2, 0, 1) 0.41x -> 0.47x. (512 x 512
// bytes: no faster than the old shape; 1 KiB pieces: no faster than 512.) Bytes and 16-byte
// elements keep their shapes; pixels have a long-output shape of their own (tileGeometry). Auto takes the
// long output pieces on AMD CPUs and the long input bursts elsewhere (the only ones measured: the Xeon).
// On a Zen 5 VM (AVX-512) the long output pieces are still the faster ones: `stridescope_cpu_benchmark
// --tile-shape`, interleaved, two threads, fp32 4096^2 25-41 against 21-31 GB/s, 4093 x 4099 23-35
// against 18-26, fp16 24-37 against 20-28.
std::atomic<TileShape> tileShape{TileShape::Auto};

bool longOutputPieces() {
    switch (tileShape.load(std::memory_order_relaxed)) {
    case TileShape::LongInputBursts:
        return false;
    case TileShape::LongOutputPieces:
        return true;
    case TileShape::Auto:
        break;
    }
#if defined(__x86_64__) || defined(__i386__)
    static const bool amd = __builtin_cpu_is("amd");
    return amd;
#else
    return false;
#endif
}

// Rows of the input a tile gather prefetches ahead of the one it reads, in register blocks:
// two blocks (16 fp32 rows, 4 KiB), running on into the next tile along a at a tile's end. Measured
// against one block and against a whole tile ahead (the next tile's same row, the first version's
// distance): two was as fast or faster in each run. (Into L2 only until a Zen 5 VM measured L1 as
// well the faster: see prefetchLine.)
// Bytes prefetch one block (16 rows of 512 bytes, 8 KiB) ahead: their blocks are twice as tall, and
// two of them ahead kept 256 lines in flight. In interleaved A/B rounds of the full case list,
// 8192^2 int8 ran 1.22-1.24x faster with one block (the A/A control of the same rounds: 1.00-1.08x);
// fp16, fp32 and the others were the same with one or two.
template <typename T> constexpr std::int64_t prefetchBlocks() { return sizeof(T) == 1 ? 1 : 2; }
// With one-element blocks (16-byte elements: 1 KiB input rows), rows ahead: 6 KiB, about the
// distance of the blocked paths. 2 rows: 14.7, 11.3, 16.7 GB/s on the 2048^2 transpose against
// 17.4, 17.9, 17.6 for 6 (4: 17.8, 17.5, 16.5), interleaved rounds on a loaded machine.
constexpr std::int64_t kPrefetchSingleRows = 6;

// Output rows whose length is not a whole number of cache lines (odd sizes: 4730 floats) start
// at different offsets within a line. With pieces of a fixed b range, every piece would begin
// and end mid-line, and each edge line would be written by two tiles far apart in time, each
// paying a read of the line (write-allocate) and a write-back: an odd-size transpose ran at
// 0.15-0.25x the limit. So each output row's pieces are shifted to its own line boundaries:
// a tile reads up to one line's worth of extra input rows along b, and writes, for each output
// row, from its first line boundary at or after b0 to the one at or after b0 + tileRows. Every
// line is then written whole, by one tile, with streaming stores; only the lines where one
// output row ends and the next begins are shared. (Tiles spanning all of b instead, to write
// whole rows, measured slower still: thousands of one-line input bursts per tile.)
// Tiles span groups of dims, not single dims, when those are short (an 8-D permute of 8^8 had
// 8 x 8 tiles: 32-byte pieces, 0.06x the limit). Group A: the input's fastest dim a and the
// dims that continue it contiguously in the input (stride = previous stride x size), so that
// a tile's input pieces are still runs of memory; group B: the output's last dim and the dims
// before it in the output (contiguous there by construction), up to the first dim of group A.
// Each group is walked by a linear index; the other side's offsets of a tile's rows come from
// an odometer over the group's dims, once per tile (groupOffsets).
// Work item `item` of a tiled copy: (outer index, tile along b, tile along a), a fastest. The tile
// indices along a and b, and the storage offset (input) and destination offset (output) of the
// outer dims' part, in elements. One decomposition per tile, none per element.
struct TileItem {
    std::int64_t ta, tb, inBase, outBase;
};

TileItem tileItem(std::int64_t item, std::int64_t tilesA, std::int64_t tilesB, const std::vector<int>& outer,
                  const TilePlan& plan) {
    TileItem t{};
    std::int64_t rest = item;
    t.ta = rest % tilesA;
    rest /= tilesA;
    t.tb = rest % tilesB;
    rest /= tilesB;
    t.inBase = plan.dims.storageOffset;
    for (auto it = outer.rbegin(); it != outer.rend(); ++it) {
        const std::int64_t i = rest % plan.dims.sizes[*it];
        rest /= plan.dims.sizes[*it];
        t.inBase += i * plan.dims.strides[*it];
        t.outBase += i * plan.outputStrides[*it];
    }
    return t;
}

struct TileGeometry {
    std::vector<int> groupA, groupB; // fastest first: a (resp. b) first
    bool single = true;              // one dim each: strideB and outStrideA describe the rows
    std::int64_t sizeA, sizeB, strideA, strideB, outStrideA; // sizes: of the groups' linear index
    std::int64_t rows, columns;                              // tile extent along b and along a
    std::int64_t extraRows; // read beyond `rows` along b for pieces shifted to line boundaries
    std::int64_t pitch;     // of the tile buffer (rows along a), padded
    std::int64_t tilesA, tilesB;
    std::vector<int> outer; // the other dims, outermost first
    // Tiles of 2-4 channel rows moved by shuffles (channelTiles): every tile's output one dense
    // run of its rows interleaved, or its input one dense run of pixels split into its rows.
    enum class Channels { None, Interleave, Split } channels = Channels::None;
};

template <typename T> TileGeometry tileGeometry(const TilePlan& plan) {
    const auto& dims = plan.dims;
    TileGeometry g;
    const int a = plan.inputFastDim;
    const int b = plan.outputFastDim;
    constexpr std::int64_t size = sizeof(T);
    g.rows = tileRows<T>();
    g.columns = tileColumns<T>();
    auto inGroup = [](const std::vector<int>& group, int d) {
        return std::find(group.begin(), group.end(), d) != group.end();
    };
    g.groupA = {a};
    g.sizeA = dims.sizes[a];
    while (g.sizeA < g.columns) {
        const int last = g.groupA.back();
        int found = -1;
        for (int d = 0; d < dims.rank() && found < 0; ++d)
            if (d != b && !inGroup(g.groupA, d) && dims.strides[d] == dims.strides[last] * dims.sizes[last])
                found = d;
        if (found < 0)
            break;
        g.groupA.push_back(found);
        g.sizeA *= dims.sizes[found];
    }
    g.groupB = {b};
    g.sizeB = dims.sizes[b];
    auto growB = [&] {
        for (int d = g.groupB.back() - 1; d >= 0 && g.sizeB < g.rows && !inGroup(g.groupA, d); --d) {
            g.groupB.push_back(d);
            g.sizeB *= dims.sizes[d];
        }
    };
    growB();
    // A dim can continue group A in the input and group B in the output (fp32 [256, 3, 128, 64]
    // permuted (3, 0, 2, 1): the 128-long dim follows the 64-long a in the input and precedes the
    // 3 channels in the output). Group A, built first, took it, and left output rows of 3
    // elements, moved element by element: 0.17x the limit. Where group B is shorter than a line
    // and group A is at least a line without that dim, group B takes it: here rows of 384
    // elements, read in bursts of 256 bytes.
    if (g.sizeB * size < 64 && g.groupB.back() > 0) {
        const auto taken = std::find(g.groupA.begin() + 1, g.groupA.end(), g.groupB.back() - 1);
        std::int64_t prefix = 1;
        for (auto it = g.groupA.begin(); it != taken; ++it)
            prefix *= dims.sizes[*it];
        if (taken != g.groupA.end() && prefix * size >= 64) {
            g.groupA.erase(taken, g.groupA.end());
            g.sizeA = prefix;
            growB();
        }
    }
    // Long output pieces (longOutputPieces) where a and b are single dims: tiles over groups of
    // dims (8-D 8^8) measured 0.38-0.42x -> 0.34-0.38x with them.
    if (!isPixel<T> && size >= 2 && size <= 8 && g.groupA.size() == 1 && g.groupB.size() == 1 &&
        longOutputPieces()) {
        g.rows = kTileColumnBytes / size;        // 512 bytes along b
        g.columns = kTileColumnBytes / 2 / size; // 256 bytes along a
    }
    // Pixels in the long-output shape: 384-byte output pieces (six lines: 128 3-byte or 64 6-byte
    // pixels) instead of 192, and about 256 bytes along the input (264: whole blocks of 8 or 4
    // pixels). On the AMD EPYC VM, interleaved rounds against the 192 x 504 tiles (two threads,
    // best / limit, medians), one binary against the other: the benchmark's 4096^2 RGB image
    // 0.39x -> 0.42x (24 rounds), 0.44x -> 0.46x and 0.43x -> 0.45x (16 each); switched by an
    // environment variable (which itself moved untouched cases by up to +0.04x): that image 0.45x
    // -> 0.46x and 0.44x -> 0.46x (12 and 20 rounds), a 2896^2 RGB int8 image 0.40x -> 0.47x and
    // the same in int16 (6-byte pixels) 0.48x -> 0.51x (10 rounds). 384 x 504 bytes measured about
    // the same (0.43x, 0.52x, 0.48x), 576 x 192 and 768 x 504 no better.
    if (isPixel<T> && g.groupA.size() == 1 && g.groupB.size() == 1 && longOutputPieces()) {
        constexpr std::int64_t block = size == 3 ? 8 : 4;
        g.rows = kPixelLongPieceBytes / size;
        g.columns = (kTileColumnBytes / 2 / size + block - 1) / block * block;
    }
    // Bytes: where both groups fill a tile of the shape above and the output rows are whole
    // lines, the tile is 256 bytes along b and 128 along a instead: half the area, its buffer
    // (128 rows of 256 bytes) fits L1 beside the block being read, and each output row leaves
    // as a burst of four lines. Interleaved A/B runs (two threads, streaming, median of five
    // rounds, best against a plain copy of the same bytes in the same rounds): 8192^2 0.36-0.37x
    // -> 0.48x, 4096 x 16384 0.36x -> 0.49x, a batch of 16 x 4096 x 1024 transposed 0.38x ->
    // 0.54x; channel moves and [10, 10, 800, 800] permutes the same. 256 x 256 and 256 x 512
    // were between, 512 rows no clearer. Shifted tiles (odd sizes) keep the old shape: their
    // 64 extra rows or carried edges per tile measured 0.36-0.38x against 0.40x (8032^2), and a
    // group A shorter than the old tile keeps it too: [4, 300, 300, 200] (0, 3, 1, 2), a 200
    // long, split into 128-byte tiles had fallen from 0.54x to 0.35x.
    if (size == 1 && g.sizeA >= g.columns && g.sizeB >= kByteTileRows && g.sizeB % 64 == 0) {
        g.rows = kByteTileRows;
        g.columns = kByteTileColumns;
    }
    // A group still shorter than its side of the tile (NCHW -> NHWC with C = 3: group B is 3
    // long) would leave tiles of a few hundred bytes, where the per-tile work (decomposing the
    // item, the odometers) costs as much as the copy: 8 GB/s fell to 3.5. Such a tile is made
    // longer the other way instead, to the same area.
    const std::int64_t area = g.rows * g.columns;
    if (g.sizeB < g.rows)
        g.columns = std::max(g.columns, (area / g.sizeB + 63) / 64 * 64);
    else if (g.sizeA < g.columns)
        g.rows = std::max(g.rows, (area / g.sizeA + 63) / 64 * 64);
    g.single = g.groupA.size() == 1 && g.groupB.size() == 1;
    g.strideA = dims.strides[a];
    g.strideB = dims.strides[b];
    g.outStrideA = plan.outputStrides[a];
    // Output rows (runs of group B) start at multiples of sizeB elements: all on line
    // boundaries, or not.
    const bool shifted = (g.sizeB * size) % 64 != 0 && g.sizeB > g.rows;
    // Whole-row tiles: 1- and 2-byte output rows of up to kWholeRowTileMaxBytes that are not
    // whole lines (a batch of 800 x 800 int8 images transposed) take all of b in one tile, and
    // so need no shift: the tile's output rows are one dense run of memory, and its buffer,
    // unpadded (denseRun below), is that run byte for byte, streamed out as whole lines. A
    // shifted tile of these sizes reads up to 64 extra rows for every 128 (32 for fp16), and had
    // run at 0.31-0.37x the limit where the same shapes with rows of whole lines (832, 1600) ran
    // at 0.58-0.63x. Interleaved against the shifted tiles (two threads, 48-64 MiB, best /
    // limit): 100 x 800^2 int8 0.31-0.38x -> 0.50-0.54x, 32 x 1080 x 1920 0.31x -> 0.49-0.52x,
    // 60 x 1000^2 0.32x -> 0.47-0.51x, fp16 32 x 1080 x 1920 0.42-0.44x -> 0.54-0.61x; rows of
    // 4000 int8 the same (0.38-0.44x either way). 4- and 8-byte elements, whose shift costs 16
    // or 8 extra rows per 64 or 32, measured the same either way and keep the shifted tiles.
    const bool wholeRows = shifted && size <= 2 && g.single && g.outStrideA == g.sizeB &&
                           g.sizeB * size <= kWholeRowTileMaxBytes;
    if (wholeRows) {
        g.rows = g.sizeB;
        g.columns = kWholeRowTileColumnBytes / size;
    }
    // A whole line of rows, not the 64 / size - 1 a shift can need: tiles then read a whole
    // number of register blocks (8 fp32 rows for AVX2), where one less left 7 rows to the element
    // by element loop, a fifth of the tile's gather. 4093 x 4099 fp32 in L2, one thread: 17.4 ->
    // 18.5 GB/s; from memory, interleaved A/B rounds: 1.08-1.13x (A/A control 1.02-1.09x).
    // Pixels: a line boundary can fall within a pixel, so up to 21 3-byte pixels more (24 for
    // whole blocks of 8), or 11 6-byte ones (12, blocks of 4).
    g.extraRows = shifted && !wholeRows ? (size == 3 ? 24 : size == 6 ? 12 : 64 / size) : 0;
    // Buffer rows hold at most the group's length (a tile never spans more). Where they are at
    // least a line long: rounded up to the register blocks' row stores (32 bytes for 4- to
    // 16-byte elements, 16 for 1 and 2) and padded by a line, so that no block store is split
    // across two lines (the odd size's 79-element fp32 rows began mid-line, and a tile in L2
    // moved at 15.5 GB/s instead of 23.3), and never a power of two bytes apart (int8's rows of
    // 191 rounded to 256 bytes moved at 4.7 GB/s instead of 9.0).
    // Pixels always get the padding: their block stores write 4 bytes past a block's pixels
    // (overwritten by the next block, or landing in the padding).
    auto padded = [](std::int64_t n) {
        if (!isPixel<T> && n < 64 / size)
            return n;
        constexpr std::int64_t store = size >= 4 ? 32 : 16;
        std::int64_t bytes = (n * size + store - 1) / store * store + 64;
        if ((bytes & (bytes - 1)) == 0)
            bytes += store;
        return bytes / size;
    };
    // Tiles that span all of group B (every tile's output rows whole, and, where the rows of
    // consecutive a are neighbours in the output, one dense run) and whose rows are not whole
    // lines get an unpadded buffer: the run leaves it as one streamed copy. Row by row, each row's
    // first and last lines went through the cache (a read of the line, then a write-back, for
    // every row): NCHW -> NHWC of fp32 with 35 channels (rows of 140 bytes) ran at 0.26x the limit
    // against 0.76x with 32; dense, 0.62-0.63x; fp64 with 20 channels 0.30x -> 0.75x, fp16 with 40
    // 0.27x -> 0.60x, int8 [4, 300, 300, 200] (0, 1, 3, 2) (rows of 300 bytes) 0.26x -> 0.45x.
    const bool denseRun =
        !isPixel<T> && g.single && g.outStrideA == g.sizeB && g.rows >= g.sizeB && (g.sizeB * size) % 64 != 0;
    g.pitch = denseRun ? g.sizeB : padded(std::min(g.rows, g.sizeB) + g.extraRows);
    g.tilesA = (g.sizeA + g.columns - 1) / g.columns;
    g.tilesB = (g.sizeB + g.rows - 1) / g.rows;
    for (int d = 0; d < dims.rank(); ++d)
        if (!inGroup(g.groupA, d) && !inGroup(g.groupB, d))
            g.outer.push_back(d);
    return g;
}

// offsets[i] = the offset (by `strides`) of linear index start + i of the group's dims, fastest
// first, for i in [0, count).
void groupOffsets(const std::vector<int>& group, const Shape& sizes, const Shape& strides, std::int64_t start,
                  std::int64_t count, std::int64_t* offsets) {
    std::array<std::int64_t, 64> digit; // the first n set below (zeroing all 64 had cost 2-4% of a tile)
    const std::size_t n = group.size();
    std::int64_t rest = start, offset = 0;
    for (std::size_t k = 0; k < n; ++k) {
        const auto d = static_cast<std::size_t>(group[k]);
        digit[k] = rest % sizes[d];
        rest /= sizes[d];
        offset += digit[k] * strides[d];
    }
    const auto fast = static_cast<std::size_t>(group[0]);
    for (std::int64_t i = 0; i < count; ++i) {
        offsets[i] = offset;
        if (++digit[0] < sizes[fast]) {
            offset += strides[fast];
            continue;
        }
        offset -= (sizes[fast] - 1) * strides[fast];
        digit[0] = 0;
        for (std::size_t k = 1; k < n; ++k) {
            const auto d = static_cast<std::size_t>(group[k]);
            if (++digit[k] < sizes[d]) {
                offset += strides[d];
                break;
            }
            offset -= (sizes[d] - 1) * strides[d];
            digit[k] = 0;
        }
    }
}

// A tile whose input rows are not unit-stride along a, with a step too wide to pack or
// negative (see moveTile), or any gap in a build without SSE2: elements go one by one, rows of
// the output in order. Rows: input row ib at from + inRow[ib], output row ia at to + outRow[ia].
template <typename T>
void moveTileScalar(const T* __restrict from, std::int64_t strideA, const std::int64_t* inRow,
                    T* __restrict to, const std::int64_t* outRow, std::int64_t countA, std::int64_t countB) {
    for (std::int64_t ia = 0; ia < countA; ++ia) {
        T* __restrict out = to + outRow[ia];
        const T* __restrict in = from + ia * strideA;
        for (std::int64_t ib = 0; ib < countB; ++ib)
            out[ib] = in[inRow[ib]];
    }
}

#if defined(__SSE2__)
// Register transposes of square blocks, one per element size, read straight from the input.
// Their loops over registers carry `#pragma GCC unroll`: GCC 12 -O2 kept them as loops over
// arrays of registers on the stack, so every step of a block went through memory (a perf
// annotation of the byte blocks had its top samples on those stack stores and reloads). Unrolled,
// a tile in L2 moves on one thread at 21.4 GB/s for int8 instead of 14.4 and 25.8 for fp16
// instead of 20.4; from memory, interleaved runs of the full benchmark, 8192^2 int8 at 0.49-0.50x
// the limit instead of 0.42-0.43x, 8-D 0.56-0.58x instead of 0.48-0.52x, odd sizes 0.52-0.56x
// instead of 0.47-0.52x.
// In each block, `rows[k]` is the k-th input row of the block (rows along b, running along a), `ia` the
// block's first column; the block lands transposed in the tile buffer, whose rows (along a) are
// `pitch` elements apart. SSE2 is part of x86-64, so these need no flag or dispatch; the AVX2
// ones below are chosen at run time.

// 16 x 16 bytes: sixteen 16-byte rows, interleaved byte, word, dword, qword. (The first version
// moved 8 x 8 blocks through 8-byte loads: half the bytes per instruction, and int8 transposes
// were the slowest case.)
inline void transposeBlock(const std::uint8_t* const* rows, std::int64_t ia, std::uint8_t* to,
                           std::int64_t pitch) {
    __m128i r[16];
#pragma GCC unroll 16
    for (int i = 0; i < 16; ++i)
        r[i] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows[i] + ia));
    __m128i t[16];
#pragma GCC unroll 16
    for (int i = 0; i < 8; ++i) {
        t[i] = _mm_unpacklo_epi8(r[2 * i], r[2 * i + 1]);
        t[i + 8] = _mm_unpackhi_epi8(r[2 * i], r[2 * i + 1]);
    }
    // t[i]: columns 0-7 of rows 2i, 2i+1 interleaved; t[i + 8]: columns 8-15.
    __m128i u[16];
#pragma GCC unroll 16
    for (int h = 0; h < 2; ++h)
#pragma GCC unroll 16
        for (int i = 0; i < 4; ++i) {
            u[h * 8 + i] = _mm_unpacklo_epi16(t[h * 8 + 2 * i], t[h * 8 + 2 * i + 1]);
            u[h * 8 + i + 4] = _mm_unpackhi_epi16(t[h * 8 + 2 * i], t[h * 8 + 2 * i + 1]);
        }
    // u[h*8 + i]: columns h*8 + 0..3 of rows 4i..4i+3; u[h*8 + 4 + i]: columns h*8 + 4..7.
    __m128i v[16];
#pragma GCC unroll 16
    for (int q = 0; q < 4; ++q)
#pragma GCC unroll 16
        for (int i = 0; i < 2; ++i) {
            v[q * 4 + i] = _mm_unpacklo_epi32(u[q * 4 + 2 * i], u[q * 4 + 2 * i + 1]);
            v[q * 4 + i + 2] = _mm_unpackhi_epi32(u[q * 4 + 2 * i], u[q * 4 + 2 * i + 1]);
        }
    // v[q*4 + i]: columns q*4 + 0..1 of rows 8i..8i+7; v[q*4 + 2 + i]: columns q*4 + 2..3.
#pragma GCC unroll 16
    for (int p = 0; p < 8; ++p) {
        const __m128i lo = v[p * 2], hi = v[p * 2 + 1];
        // Columns 2p and 2p + 1 of all sixteen rows.
        _mm_storeu_si128(reinterpret_cast<__m128i*>(to + (2 * p) * pitch), _mm_unpacklo_epi64(lo, hi));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(to + (2 * p + 1) * pitch), _mm_unpackhi_epi64(lo, hi));
    }
}

// Output register j of a block goes to buffer row Column{}(j): row j for the blocks above and
// below, another for the even blocks further on, whose registers hold the kept columns out of
// order. The networks are shared by both.
struct SameColumn {
    constexpr int operator()(int j) const { return j; }
};

// 8 x 8 two-byte elements: word, dword, qword interleaves of eight rows in registers.
template <typename Column = SameColumn>
__attribute__((always_inline)) inline void transposeWordRows(const __m128i (&r)[8], std::uint16_t* to,
                                                             std::int64_t pitch) {
    const __m128i r0 = r[0], r1 = r[1], r2 = r[2], r3 = r[3], r4 = r[4], r5 = r[5], r6 = r[6], r7 = r[7];
    const __m128i t0 = _mm_unpacklo_epi16(r0, r1), t1 = _mm_unpackhi_epi16(r0, r1);
    const __m128i t2 = _mm_unpacklo_epi16(r2, r3), t3 = _mm_unpackhi_epi16(r2, r3);
    const __m128i t4 = _mm_unpacklo_epi16(r4, r5), t5 = _mm_unpackhi_epi16(r4, r5);
    const __m128i t6 = _mm_unpacklo_epi16(r6, r7), t7 = _mm_unpackhi_epi16(r6, r7);
    const __m128i u0 = _mm_unpacklo_epi32(t0, t2), u1 = _mm_unpackhi_epi32(t0, t2);
    const __m128i u2 = _mm_unpacklo_epi32(t1, t3), u3 = _mm_unpackhi_epi32(t1, t3);
    const __m128i u4 = _mm_unpacklo_epi32(t4, t6), u5 = _mm_unpackhi_epi32(t4, t6);
    const __m128i u6 = _mm_unpacklo_epi32(t5, t7), u7 = _mm_unpackhi_epi32(t5, t7);
    const __m128i o[8] = {_mm_unpacklo_epi64(u0, u4), _mm_unpackhi_epi64(u0, u4), _mm_unpacklo_epi64(u1, u5),
                          _mm_unpackhi_epi64(u1, u5), _mm_unpacklo_epi64(u2, u6), _mm_unpackhi_epi64(u2, u6),
                          _mm_unpacklo_epi64(u3, u7), _mm_unpackhi_epi64(u3, u7)};
#pragma GCC unroll 16
    for (int i = 0; i < 8; ++i)
        _mm_storeu_si128(reinterpret_cast<__m128i*>(to + Column{}(i)*pitch), o[i]);
}

inline void transposeBlock(const std::uint16_t* const* rows, std::int64_t ia, std::uint16_t* to,
                           std::int64_t pitch) {
    __m128i r[8];
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i)
        r[i] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows[i] + ia));
    transposeWordRows(r, to, pitch);
}

// 4 x 4 four-byte elements.
inline void transposeBlock(const std::uint32_t* const* rows, std::int64_t ia, std::uint32_t* to,
                           std::int64_t pitch) {
    __m128 r0 = _mm_loadu_ps(reinterpret_cast<const float*>(rows[0] + ia));
    __m128 r1 = _mm_loadu_ps(reinterpret_cast<const float*>(rows[1] + ia));
    __m128 r2 = _mm_loadu_ps(reinterpret_cast<const float*>(rows[2] + ia));
    __m128 r3 = _mm_loadu_ps(reinterpret_cast<const float*>(rows[3] + ia));
    _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
    auto* d = reinterpret_cast<float*>(to);
    _mm_storeu_ps(d, r0);
    _mm_storeu_ps(d + pitch, r1);
    _mm_storeu_ps(d + 2 * pitch, r2);
    _mm_storeu_ps(d + 3 * pitch, r3);
}

// 2 x 2 eight-byte elements.
inline void transposeBlock(const std::uint64_t* const* rows, std::int64_t ia, std::uint64_t* to,
                           std::int64_t pitch) {
    const __m128d r0 = _mm_loadu_pd(reinterpret_cast<const double*>(rows[0] + ia));
    const __m128d r1 = _mm_loadu_pd(reinterpret_cast<const double*>(rows[1] + ia));
    auto* d = reinterpret_cast<double*>(to);
    _mm_storeu_pd(d, _mm_unpacklo_pd(r0, r1));
    _mm_storeu_pd(d + pitch, _mm_unpackhi_pd(r0, r1));
}

template <typename T> constexpr std::int64_t sseBlock() {
    return sizeof(T) == 1 ? 16 : sizeof(T) == 2 ? 8 : 16 / std::int64_t(sizeof(T));
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
        const __m128 r0 = _mm_loadu_ps(s + ia);           // a0 a1 a2 a3
        const __m128 r1 = _mm_loadu_ps(s + ia + strideB); // b0 b1 b2 b3
        const __m128 ab01 = _mm_unpacklo_ps(r0, r1);      // a0 b0 a1 b1
        const __m128 ab23 = _mm_unpackhi_ps(r0, r1);      // a2 b2 a3 b3
        if (rows == 2) {
            store4(d + ia * 2, ab01, stream);
            store4(d + ia * 2 + 4, ab23, stream);
            continue;
        }
        const __m128 r2 = _mm_loadu_ps(s + ia + 2 * strideB);                                // c0 c1 c2 c3
        const __m128 ca01 = _mm_unpacklo_ps(r2, r0);                                         // c0 a0 c1 a1
        const __m128 ca23 = _mm_unpackhi_ps(r2, r0);                                         // c2 a2 c3 a3
        const __m128 b1c1 = _mm_shuffle_ps(ab01, ca01, _MM_SHUFFLE(2, 2, 3, 3));             // b1 b1 c1 c1
        const __m128 b3c3 = _mm_shuffle_ps(ab23, ca23, _MM_SHUFFLE(2, 2, 3, 3));             // b3 b3 c3 c3
        store4(d + ia * 3, _mm_shuffle_ps(ab01, ca01, _MM_SHUFFLE(3, 0, 1, 0)), stream);     // a0 b0 c0 a1
        store4(d + ia * 3 + 4, _mm_shuffle_ps(b1c1, ab23, _MM_SHUFFLE(1, 0, 2, 0)), stream); // b1 c1 a2 b2
        store4(d + ia * 3 + 8, _mm_shuffle_ps(ca23, b3c3, _MM_SHUFFLE(2, 0, 3, 0)), stream); // c2 a3 b3 c3
    }
    return full;
}

// NCHW -> NHWC with C = 2 or 3 (rows strideB apart, output one dense run): interleaveRows,
// then the last columns element by element.
inline void interleaveTile(const std::uint32_t* from, std::int64_t strideB, std::uint32_t* to,
                           std::int64_t countA, std::int64_t countB, bool stream) {
    const std::int64_t done = interleaveRows(from, strideB, to, countA, countB, stream);
    for (std::int64_t ia = done; ia < countA; ++ia)
        for (std::int64_t ib = 0; ib < countB; ++ib)
            to[ia * countB + ib] = from[ia + ib * strideB];
}

// ---- Channels: a short dim interleaved or split -------------------------------------------
//
// The image layouts' permutes, CHW -> HWC and HWC -> CHW (and NCHW <-> NHWC), move a dim of 2-8
// channels between last and first: a tile then has 2-4 rows along one side (the other made long,
// tileGeometry), too few for any register block, and the elements went one by one (0.05-0.15x
// the limit for 1- and 2-byte elements, 0.27-0.39x for 4 and 8 with 4 channels or a split).
// Instead, 16 bytes of each channel row become C * 16 bytes of interleaved pixels (or the
// reverse) by byte shuffles: each output vector is the OR of one pshufb per input vector, with
// masks built at compile time from the element size and C (a lane that belongs to another input
// is zeroed by the mask's high bit). C * C shuffles per C vectors, whatever the element size.
// Two threads, 48-64 MiB images, best / limit, one by one -> shuffles: CHW -> HWC 0.06-0.15x ->
// 0.85-1.0x for 1, 2 and 8 bytes and 4 channels (fp32 with 3 channels, already interleaved by
// interleaveRows, 0.71x -> 0.91-0.98x: the tile no longer computes an offset per pixel); HWC ->
// CHW 0.07-0.39x -> 0.61-0.76x, four channels of 1-4 bytes (a dword transpose) 0.63-0.69x; 6
// channels 0.12-0.35x -> 0.79-0.91x (interleaved) and 0.51-0.58x (split), int8 with 8 0.12x ->
// 0.72-0.74x and 0.37x (64 shuffles per 128 bytes: the split's register work is the limit there).

bool hasSsse3() {
    static const bool has = __builtin_cpu_supports("ssse3");
    return has;
}

template <int channels, int size> struct ChannelMasks {
    // interleave[k][c]: the bytes of row c's vector in output vector k (C rows -> pixels);
    // split[c][k]: the bytes of input vector k in channel c's output vector (pixels -> C rows).
    std::int8_t interleave[channels][channels][16];
    std::int8_t split[channels][channels][16];
    // Four channels of 1-4 bytes: each vector's channel c gathered into its dword c.
    std::int8_t group[16];
};

template <int channels, int size> constexpr ChannelMasks<channels, size> channelMasks() {
    ChannelMasks<channels, size> m{};
    for (int k = 0; k < channels; ++k)
        for (int c = 0; c < channels; ++c)
            for (int j = 0; j < 16; ++j) {
                // Output vector k, byte j of C rows interleaved: element e of the pixels, which is
                // channel e % C of pixel e / C, byte j % size of it.
                const int e = (16 * k + j) / size, byte = (16 * k + j) % size;
                m.interleave[k][c][j] = e % channels == c ? std::int8_t(e / channels * size + byte) : -128;
                // Channel c's vector, byte j: pixel j / size's channel c, at byte g of the pixels.
                const int g = ((j / size) * channels + c) * size + j % size;
                m.split[c][k][j] = g / 16 == k ? std::int8_t(g % 16) : -128;
            }
    for (int j = 0; j < 16; ++j) {
        const int c = j / 4, t = j % 4; // byte t of dword c: pixel t / size's channel c, byte t % size
        m.group[j] = std::int8_t(((t / size) * channels + c) * size + t % size);
    }
    return m;
}

template <int channels, int size> inline constexpr auto kChannelMasks = channelMasks<channels, size>();

// One output vector: the OR of one byte shuffle per input vector, by masks[v].
template <int n>
__attribute__((target("ssse3"), always_inline)) inline __m128i shuffleOr(const __m128i (&in)[n],
                                                                         const std::int8_t (&masks)[n][16]) {
    __m128i out = _mm_setzero_si128();
#pragma GCC unroll 8
    for (int v = 0; v < n; ++v)
        out = _mm_or_si128(
            out, _mm_shuffle_epi8(in[v], _mm_loadu_si128(reinterpret_cast<const __m128i*>(masks[v]))));
    return out;
}

inline void storeVector(__m128i* to, __m128i value, bool stream) {
    if (stream)
        _mm_stream_si128(to, value);
    else
        _mm_storeu_si128(to, value);
}

// One whole line of a channel row (four vectors) from the C * 64 bytes of pixels at `pixels`,
// streamed to the line-aligned `to`.
template <int channels>
__attribute__((target("ssse3"), always_inline)) inline void
streamSplitLine(const __m128i* pixels, const std::int8_t (&masks)[channels][16], __m128i* to) {
#pragma GCC unroll 4
    for (int q = 0; q < 4; ++q) {
        __m128i in[channels];
#pragma GCC unroll 8
        for (int v = 0; v < channels; ++v)
            in[v] = _mm_loadu_si128(pixels + q * channels + v);
        _mm_stream_si128(to + q, shuffleOr(in, masks));
    }
}

// to[i * C + c] = row c [i] (rows `strideB` apart) for the first pixels, 16 bytes of each row at
// a time; streamed when `stream` (`to` then 16-byte aligned). Returns the pixels done.
template <int channels, typename T>
__attribute__((target("ssse3"))) std::int64_t interleaveChannels(const T* from, std::int64_t strideB, T* to,
                                                                 std::int64_t count, bool stream) {
    constexpr std::int64_t perVector = 16 / std::int64_t(sizeof(T));
    const auto& masks = kChannelMasks<channels, int(sizeof(T))>;
    const std::int64_t full = count / perVector * perVector;
    for (std::int64_t i = 0; i < full; i += perVector) {
        __m128i row[channels];
#pragma GCC unroll 8
        for (int c = 0; c < channels; ++c)
            row[c] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + c * strideB + i));
#pragma GCC unroll 8
        for (int k = 0; k < channels; ++k)
            storeVector(reinterpret_cast<__m128i*>(to + i * channels) + k,
                        shuffleOr(row, masks.interleave[k]), stream);
    }
    return full;
}

// Channel row c at to + c * pitch gets element c of each of the first pixels (C elements each,
// dense from `from`), 16 bytes of each row at a time; streamed when `stream` (the rows then 16-byte
// aligned). Returns the pixels done.
template <int channels, typename T>
__attribute__((target("ssse3"))) std::int64_t splitChannels(const T* from, T* to, std::int64_t pitch,
                                                            std::int64_t count, bool stream) {
    constexpr std::int64_t perVector = 16 / std::int64_t(sizeof(T));
    const auto& masks = kChannelMasks<channels, int(sizeof(T))>;
    const std::int64_t full = count / perVector * perVector;
    if constexpr (channels == 4 && sizeof(T) <= 4) {
        // Four channels: one shuffle per vector gathers each channel into a dword, then a 4 x 4
        // dword transpose: 4 + 8 shuffles per 64 bytes instead of 16 and 12 ORs.
        const __m128i group = _mm_loadu_si128(reinterpret_cast<const __m128i*>(masks.group));
        for (std::int64_t i = 0; i < full; i += perVector) {
            __m128 v[4];
#pragma GCC unroll 4
            for (int k = 0; k < 4; ++k) {
                __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + i * channels) + k);
                if constexpr (sizeof(T) < 4)
                    x = _mm_shuffle_epi8(x, group);
                v[k] = _mm_castsi128_ps(x);
            }
            _MM_TRANSPOSE4_PS(v[0], v[1], v[2], v[3]);
#pragma GCC unroll 4
            for (int c = 0; c < 4; ++c)
                storeVector(reinterpret_cast<__m128i*>(to + c * pitch + i), _mm_castps_si128(v[c]), stream);
        }
        return full;
    }
    // Streamed, each channel row gets a whole line (four vectors) at a time: C rows of 16-byte
    // streaming stores in turn held C write-combining buffers open, more than the core has for
    // C = 8 (int8 HWC -> CHW with 8 channels: 0.13x the limit), and flushed them part-filled.
    // The line's pixels (C lines of input) are read again for each channel, from L1.
    std::int64_t i = 0;
    if (stream) {
        constexpr std::int64_t perLine = 4 * perVector;
        for (; i + perLine <= full; i += perLine) {
            const auto* line = reinterpret_cast<const __m128i*>(from + i * channels);
#pragma GCC unroll 8
            for (int c = 0; c < channels; ++c)
                streamSplitLine<channels>(line, masks.split[c],
                                          reinterpret_cast<__m128i*>(to + c * pitch + i));
        }
    }
    for (; i < full; i += perVector) {
        __m128i pixels[channels];
#pragma GCC unroll 8
        for (int k = 0; k < channels; ++k)
            pixels[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + i * channels) + k);
#pragma GCC unroll 8
        for (int c = 0; c < channels; ++c)
            storeVector(reinterpret_cast<__m128i*>(to + c * pitch + i), shuffleOr(pixels, masks.split[c]),
                        stream);
    }
    return full;
}

// A shifted tile's split (rows not whole lines: each channel row's piece starts at its own line
// boundary, see moveUnitStrideTile): channel c's piece is pixels [start[c], end[c]) of the tile,
// written to rows[c] + start[c], a whole line at a time with streaming stores; the pieces' first
// and last partial lines (a row's start and end) element by element. The channels' lines are
// taken in turn, so that the pixels they read (a few hundred bytes apart) stay in L1. Through
// the tile buffer instead, a 4730^2 image's HWC -> CHW ran at 0.49-0.53x the limit.
template <int channels, typename T>
__attribute__((target("ssse3"))) void splitChannelPieces(const T* from, T* const* rows,
                                                         const std::int64_t* start, const std::int64_t* end) {
    constexpr std::int64_t perLine = 64 / std::int64_t(sizeof(T));
    const auto& masks = kChannelMasks<channels, int(sizeof(T))>;
    std::int64_t first[channels], lines[channels], most = 0;
    for (int c = 0; c < channels; ++c) {
        std::int64_t i = start[c];
        for (; i < end[c] && reinterpret_cast<std::uintptr_t>(rows[c] + i) % 64 != 0; ++i)
            rows[c][i] = from[i * channels + c];
        first[c] = i;
        lines[c] = (end[c] - i) / perLine;
        most = std::max(most, lines[c]);
        for (std::int64_t e = i + lines[c] * perLine; e < end[c]; ++e)
            rows[c][e] = from[e * channels + c];
    }
    for (std::int64_t k = 0; k < most; ++k) {
#pragma GCC unroll 8
        for (int c = 0; c < channels; ++c) {
            if (k >= lines[c])
                continue;
            const std::int64_t i = first[c] + k * perLine;
            streamSplitLine<channels>(reinterpret_cast<const __m128i*>(from + i * channels), masks.split[c],
                                      reinterpret_cast<__m128i*>(rows[c] + i));
        }
    }
}

// Whether a tile of `channels` rows has the shuffles above (1- to 8-byte elements, an SSSE3 CPU;
// the widest blocks chosen, so that the tests' SSE2 pass keeps the paths below): 2-4 channels,
// and 5-8 where they are fewer than a register block's rows (16 bytes, 8 words or 8 four-byte
// elements), which would leave them one by one: int8 NHWC <-> NCHW with 6 or 8 channels ran at
// 0.12-0.14x the limit, fp32 with 6 at 0.28-0.33x.
constexpr std::int64_t kMaxShuffledChannels = 8;
template <typename T> bool hasChannelShuffles(std::int64_t channels) {
    if (sizeof(T) > 8 || isPixel<T> || channels < 2 || !hasSsse3() ||
        !widestBlocks.load(std::memory_order_relaxed))
        return false;
    constexpr std::int64_t blockRows = sizeof(T) == 1 ? 16 : sizeof(T) == 8 ? 4 : 8;
    return channels <= 4 || (channels <= kMaxShuffledChannels && channels < blockRows);
}

// body(std::integral_constant<int, C>{}) for C = channels, 2 to kMaxShuffledChannels.
template <typename Body> void withChannels(std::int64_t channels, Body&& body) {
    switch (channels) {
    case 2:
        return body(std::integral_constant<int, 2>{});
    case 3:
        return body(std::integral_constant<int, 3>{});
    case 4:
        return body(std::integral_constant<int, 4>{});
    case 5:
        return body(std::integral_constant<int, 5>{});
    case 6:
        return body(std::integral_constant<int, 6>{});
    case 7:
        return body(std::integral_constant<int, 7>{});
    default:
        return body(std::integral_constant<int, 8>{});
    }
}

// C rows `strideB` apart, `count` pixels, interleaved into one dense run; the last pixels one by one.
template <typename T>
void interleaveChannelsTile(const T* from, std::int64_t strideB, T* to, std::int64_t count,
                            std::int64_t channels, bool stream) {
    std::int64_t done = 0;
    if constexpr (sizeof(T) <= 8 && !isPixel<T>) {
        withChannels(channels,
                     [&](auto c) { done = interleaveChannels<c()>(from, strideB, to, count, stream); });
    }
    for (std::int64_t i = done; i < count; ++i)
        for (std::int64_t c = 0; c < channels; ++c)
            to[i * channels + c] = from[i + c * strideB];
}

template <typename T>
void splitChannelPiecesTile(const T* from, T* const* rows, const std::int64_t* start, const std::int64_t* end,
                            std::int64_t channels) {
    if constexpr (sizeof(T) <= 8 && !isPixel<T>)
        withChannels(channels, [&](auto c) { splitChannelPieces<c()>(from, rows, start, end); });
}

// `count` dense pixels of C elements split into C rows `pitch` apart; the last pixels one by one.
template <typename T>
void splitChannelsTile(const T* from, T* to, std::int64_t pitch, std::int64_t count, std::int64_t channels,
                       bool stream) {
    std::int64_t done = 0;
    if constexpr (sizeof(T) <= 8 && !isPixel<T>) {
        withChannels(channels, [&](auto c) { done = splitChannels<c()>(from, to, pitch, count, stream); });
    }
    for (std::int64_t i = done; i < count; ++i)
        for (std::int64_t c = 0; c < channels; ++c)
            to[c * pitch + i] = from[i * channels + c];
}

#define STRIDESCOPE_HAVE_AVX2_KERNELS 1
// AVX2 8 x 8 four-byte and 4 x 4 eight-byte blocks: a whole 32-byte row per load and per
// store, half the instructions of the SSE2 blocks. Compiled for AVX2 by attribute, called only
// where the CPU has it (hasAvx2()), so the binary still runs on any x86-64.
// Eight rows of 8 four-byte elements in registers: unpacks, shuffles, lane swaps.
__attribute__((target("avx2"), always_inline)) inline void transposeRegistersAvx2(const __m256 (&r)[8],
                                                                                  __m256 (&o)[8]) {
    const __m256 t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpackhi_ps(r[0], r[1]);
    const __m256 t2 = _mm256_unpacklo_ps(r[2], r[3]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
    const __m256 t4 = _mm256_unpacklo_ps(r[4], r[5]), t5 = _mm256_unpackhi_ps(r[4], r[5]);
    const __m256 t6 = _mm256_unpacklo_ps(r[6], r[7]), t7 = _mm256_unpackhi_ps(r[6], r[7]);
    const __m256 u0 = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(1, 0, 1, 0));
    const __m256 u1 = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(3, 2, 3, 2));
    const __m256 u2 = _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(1, 0, 1, 0));
    const __m256 u3 = _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(3, 2, 3, 2));
    const __m256 u4 = _mm256_shuffle_ps(t4, t6, _MM_SHUFFLE(1, 0, 1, 0));
    const __m256 u5 = _mm256_shuffle_ps(t4, t6, _MM_SHUFFLE(3, 2, 3, 2));
    const __m256 u6 = _mm256_shuffle_ps(t5, t7, _MM_SHUFFLE(1, 0, 1, 0));
    const __m256 u7 = _mm256_shuffle_ps(t5, t7, _MM_SHUFFLE(3, 2, 3, 2));
    o[0] = _mm256_permute2f128_ps(u0, u4, 0x20);
    o[1] = _mm256_permute2f128_ps(u1, u5, 0x20);
    o[2] = _mm256_permute2f128_ps(u2, u6, 0x20);
    o[3] = _mm256_permute2f128_ps(u3, u7, 0x20);
    o[4] = _mm256_permute2f128_ps(u0, u4, 0x31);
    o[5] = _mm256_permute2f128_ps(u1, u5, 0x31);
    o[6] = _mm256_permute2f128_ps(u2, u6, 0x31);
    o[7] = _mm256_permute2f128_ps(u3, u7, 0x31);
}

__attribute__((target("avx2"), always_inline)) inline void storeRegister(std::uint32_t* to, __m256 value) {
    _mm256_storeu_ps(reinterpret_cast<float*>(to), value);
}
__attribute__((target("avx2"), always_inline)) inline void storeRegister(std::uint64_t* to, __m256d value) {
    _mm256_storeu_pd(reinterpret_cast<double*>(to), value);
}

__attribute__((target("avx2"), always_inline)) inline void transposeRegistersAvx2(const __m256d (&r)[4],
                                                                                  __m256d (&o)[4]);

// The fp32 (8 x 8) or fp64 (4 x 4, below) network on n rows in registers, output register i
// stored to buffer row Column{}(i).
template <typename Column = SameColumn, typename Register, int n, typename Word>
__attribute__((target("avx2"), always_inline)) inline void transposeRowsAvx2(const Register (&r)[n], Word* to,
                                                                             std::int64_t pitch) {
    Register o[n];
    transposeRegistersAvx2(r, o);
#pragma GCC unroll 16
    for (int i = 0; i < n; ++i)
        storeRegister(to + Column{}(i)*pitch, o[i]);
}

// A register block's rows: 32 bytes of input row i from element ia into r[i], as the register
// type its network shuffles (fp32, fp64 or integer lanes).
__attribute__((target("avx2"), always_inline)) inline void loadRowAvx2(const void* row, __m256& r) {
    r = _mm256_loadu_ps(static_cast<const float*>(row));
}
__attribute__((target("avx2"), always_inline)) inline void loadRowAvx2(const void* row, __m256d& r) {
    r = _mm256_loadu_pd(static_cast<const double*>(row));
}
__attribute__((target("avx2"), always_inline)) inline void loadRowAvx2(const void* row, __m256i& r) {
    r = _mm256_loadu_si256(static_cast<const __m256i*>(row));
}
template <int n, typename T, typename Register>
__attribute__((target("avx2"), always_inline)) inline void
loadBlockRowsAvx2(const T* const* rows, std::int64_t ia, Register (&r)[n]) {
#pragma GCC unroll 16
    for (int i = 0; i < n; ++i)
        loadRowAvx2(rows[i] + ia, r[i]);
}

__attribute__((target("avx2"))) inline void
transposeBlockAvx2(const std::uint32_t* const* rows, std::int64_t ia, std::uint32_t* to, std::int64_t pitch) {
    __m256 r[8];
    loadBlockRowsAvx2(rows, ia, r);
    transposeRowsAvx2(r, to, pitch);
}

// A block row of pixels, 24 bytes: bytes 0-15 in the low lane, 8-23 in the high one (the memory
// form of vinserti128 needs no shuffle port); and back, 12 bytes from each lane's start.
__attribute__((target("avx2"), always_inline)) inline __m256i loadPixelRow(const void* from) {
    const auto* p = static_cast<const char*>(from);
    return _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))),
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 8)), 1);
}
__attribute__((target("avx2"), always_inline)) inline void storePixelRow(void* to, __m256i packed) {
    auto* d = static_cast<char*>(to);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(d), _mm256_castsi256_si128(packed));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(d + 12), _mm256_extracti128_si256(packed, 1));
}

// Four rows of 4 eight-byte elements in registers.
__attribute__((target("avx2"), always_inline)) inline void transposeRegistersAvx2(const __m256d (&r)[4],
                                                                                  __m256d (&o)[4]) {
    const __m256d t0 = _mm256_unpacklo_pd(r[0], r[1]), t1 = _mm256_unpackhi_pd(r[0], r[1]);
    const __m256d t2 = _mm256_unpacklo_pd(r[2], r[3]), t3 = _mm256_unpackhi_pd(r[2], r[3]);
    o[0] = _mm256_permute2f128_pd(t0, t2, 0x20);
    o[1] = _mm256_permute2f128_pd(t1, t3, 0x20);
    o[2] = _mm256_permute2f128_pd(t0, t2, 0x31);
    o[3] = _mm256_permute2f128_pd(t1, t3, 0x31);
}

__attribute__((target("avx2"))) inline void
transposeBlockAvx2(const std::uint64_t* const* rows, std::int64_t ia, std::uint64_t* to, std::int64_t pitch) {
    __m256d r[4];
    loadBlockRowsAvx2(rows, ia, r);
    transposeRowsAvx2(r, to, pitch);
}

// Pixel blocks: 8 x 8 three-byte pixels in 4-byte lanes through the fp32 network, 4 x 4 six-byte
// pixels in 8-byte lanes through the fp64 one. Each row's 24 bytes come in as two overlapping
// 16-byte loads, one per lane (loadPixelRow: bytes 0-15 and 8-23, no read past the last pixel),
// and are widened to one pixel per lane by one in-lane byte shuffle; the network transposes them;
// each output register is narrowed back by one shuffle to 12 bytes per lane and stored as two
// 16-byte stores 12 bytes apart (storePixelRow; the high lane's by an extracting store, no
// shuffle). Each store writes 4 bytes beyond its pixels: the next store, the next block along b,
// or the buffer's padding takes them.
template <typename P> struct PixelLanes;
template <> struct PixelLanes<Pixel3> {
    using Register = __m256;
    static constexpr int rows = 8;
    static constexpr std::int8_t widen[32] = {0, 1, 2, -1, 3, 4, 5, -1, 6,  7,  8,  -1, 9,  10, 11, -1,
                                              4, 5, 6, -1, 7, 8, 9, -1, 10, 11, 12, -1, 13, 14, 15, -1};
    static constexpr std::int8_t narrow[32] = {0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
                                               0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1};
    __attribute__((target("avx2"), always_inline)) static Register in(__m256i v) {
        return _mm256_castsi256_ps(v);
    }
    __attribute__((target("avx2"), always_inline)) static __m256i out(Register v) {
        return _mm256_castps_si256(v);
    }
};
template <> struct PixelLanes<Pixel6> {
    using Register = __m256d;
    static constexpr int rows = 4;
    static constexpr std::int8_t widen[32] = {0, 1, 2, 3, 4, 5, -1, -1, 6,  7,  8,  9,  10, 11, -1, -1,
                                              4, 5, 6, 7, 8, 9, -1, -1, 10, 11, 12, 13, 14, 15, -1, -1};
    static constexpr std::int8_t narrow[32] = {0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, -1, -1, -1, -1,
                                               0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, -1, -1, -1, -1};
    __attribute__((target("avx2"), always_inline)) static Register in(__m256i v) {
        return _mm256_castsi256_pd(v);
    }
    __attribute__((target("avx2"), always_inline)) static __m256i out(Register v) {
        return _mm256_castpd_si256(v);
    }
};

template <typename P, typename Lanes = PixelLanes<P>>
__attribute__((target("avx2"))) inline void transposeBlockAvx2(const P* const* rows, std::int64_t ia, P* to,
                                                               std::int64_t pitch) {
    const __m256i widen = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(Lanes::widen));
    const __m256i narrow = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(Lanes::narrow));
    typename Lanes::Register r[Lanes::rows];
#pragma GCC unroll 8
    for (int i = 0; i < Lanes::rows; ++i)
        r[i] = Lanes::in(_mm256_shuffle_epi8(loadPixelRow(rows[i] + ia), widen));
    typename Lanes::Register o[Lanes::rows];
    transposeRegistersAvx2(r, o);
#pragma GCC unroll 8
    for (int i = 0; i < Lanes::rows; ++i)
        storePixelRow(to + i * pitch, _mm256_shuffle_epi8(Lanes::out(o[i]), narrow));
}

// 16 rows x 32 bytes: the SSE2 16 x 16 byte transpose in each lane (columns 0-15 in the low
// lane, 16-31 in the high one); output rows c and 16 + c come from the two lanes of one register.
template <typename Column = SameColumn>
__attribute__((target("avx2"), always_inline)) inline void
transposeByteRowsAvx2(const __m256i (&r)[16], std::uint8_t* to, std::int64_t pitch) {
    __m256i t[16];
#pragma GCC unroll 16
    for (int i = 0; i < 8; ++i) {
        t[i] = _mm256_unpacklo_epi8(r[2 * i], r[2 * i + 1]);
        t[i + 8] = _mm256_unpackhi_epi8(r[2 * i], r[2 * i + 1]);
    }
    __m256i u[16];
#pragma GCC unroll 16
    for (int h = 0; h < 2; ++h)
#pragma GCC unroll 16
        for (int i = 0; i < 4; ++i) {
            u[h * 8 + i] = _mm256_unpacklo_epi16(t[h * 8 + 2 * i], t[h * 8 + 2 * i + 1]);
            u[h * 8 + i + 4] = _mm256_unpackhi_epi16(t[h * 8 + 2 * i], t[h * 8 + 2 * i + 1]);
        }
    __m256i v[16];
#pragma GCC unroll 16
    for (int q = 0; q < 4; ++q)
#pragma GCC unroll 16
        for (int i = 0; i < 2; ++i) {
            v[q * 4 + i] = _mm256_unpacklo_epi32(u[q * 4 + 2 * i], u[q * 4 + 2 * i + 1]);
            v[q * 4 + i + 2] = _mm256_unpackhi_epi32(u[q * 4 + 2 * i], u[q * 4 + 2 * i + 1]);
        }
#pragma GCC unroll 16
    for (int p = 0; p < 8; ++p) {
        const __m256i even = _mm256_unpacklo_epi64(v[p * 2], v[p * 2 + 1]);
        const __m256i odd = _mm256_unpackhi_epi64(v[p * 2], v[p * 2 + 1]);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(to + Column{}(2 * p) * pitch),
                         _mm256_castsi256_si128(even));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(to + Column{}(2 * p + 1) * pitch),
                         _mm256_castsi256_si128(odd));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(to + Column{}(16 + 2 * p) * pitch),
                         _mm256_extracti128_si256(even, 1));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(to + Column{}(17 + 2 * p) * pitch),
                         _mm256_extracti128_si256(odd, 1));
    }
}

// 8 rows x 16 words: the SSE2 8 x 8 word transpose in each lane (columns 0-7 in the low lane,
// 8-15 in the high one); output rows c and 8 + c come from the two lanes of one register.
__attribute__((target("avx2"))) inline void
transposeBlockAvx2(const std::uint16_t* const* rows, std::int64_t ia, std::uint16_t* to, std::int64_t pitch) {
    __m256i r[8];
    loadBlockRowsAvx2(rows, ia, r);
    __m256i t[8], u[8];
#pragma GCC unroll 8
    for (int i = 0; i < 4; ++i) {
        t[2 * i] = _mm256_unpacklo_epi16(r[2 * i], r[2 * i + 1]);
        t[2 * i + 1] = _mm256_unpackhi_epi16(r[2 * i], r[2 * i + 1]);
    }
#pragma GCC unroll 8
    for (int h = 0; h < 2; ++h) {
        u[4 * h] = _mm256_unpacklo_epi32(t[4 * h], t[4 * h + 2]);
        u[4 * h + 1] = _mm256_unpackhi_epi32(t[4 * h], t[4 * h + 2]);
        u[4 * h + 2] = _mm256_unpacklo_epi32(t[4 * h + 1], t[4 * h + 3]);
        u[4 * h + 3] = _mm256_unpackhi_epi32(t[4 * h + 1], t[4 * h + 3]);
    }
#pragma GCC unroll 8
    for (int i = 0; i < 4; ++i) {
        const __m256i even = _mm256_unpacklo_epi64(u[i], u[i + 4]);
        const __m256i odd = _mm256_unpackhi_epi64(u[i], u[i + 4]);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(to + (2 * i) * pitch), _mm256_castsi256_si128(even));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(to + (2 * i + 1) * pitch), _mm256_castsi256_si128(odd));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(to + (8 + 2 * i) * pitch),
                         _mm256_extracti128_si256(even, 1));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(to + (9 + 2 * i) * pitch),
                         _mm256_extracti128_si256(odd, 1));
    }
}

__attribute__((target("avx2"))) inline void
transposeBlockAvx2(const std::uint8_t* const* rows, std::int64_t ia, std::uint8_t* to, std::int64_t pitch) {
    __m256i r[16];
    loadBlockRowsAvx2(rows, ia, r);
    transposeByteRowsAvx2(r, to, pitch);
}

// Blocks of every other element (a step of 2 along a: x[:, ::2].t(), the real parts of a complex
// view): each row's vector of kept elements is built in registers from two loads, then
// transposed as above. Against packing each row into a dense one first and transposing that
// (packRows, the path for the other element sizes and steps), in interleaved A/B rounds (two
// threads, 64 MiB, the packing path as it was): see moveTile.

// Each block reads twice its kept width; its second load would end one element past the last one
// kept, which at a row's end may be past the storage. The block ending a row (`tail`) loads from
// one element earlier instead and keeps that vector's odd elements.

// 8 x 8 words: two loads per row, the even words kept by the shift-and-pack of packEvenElements
// (in order: SSE2 has one lane), then transposeBlock's interleaves.
template <bool tail>
inline void transposeEvenBlock(const std::uint16_t* const* rows, std::int64_t ia, std::uint16_t* to,
                               std::int64_t pitch) {
    __m128i r[8];
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) {
        const std::uint16_t* in = rows[i] + 2 * ia;
        const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in));
        const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + (tail ? 7 : 8)));
        const __m128i keptHi = tail ? _mm_srai_epi32(hi, 16) : _mm_srai_epi32(_mm_slli_epi32(hi, 16), 16);
        r[i] = _mm_packs_epi32(_mm_srai_epi32(_mm_slli_epi32(lo, 16), 16), keptHi);
    }
    transposeWordRows(r, to, pitch);
}

// 8 x 8 four-byte elements: per row, one shuffle of two loads keeps the even elements, within
// lanes: the register holds columns 0 1 4 5 | 2 3 6 7, so output register j is that column.
struct EvenFloatColumn {
    constexpr int operator()(int j) const { return j == 2 || j == 3 ? j + 2 : j == 4 || j == 5 ? j - 2 : j; }
};

template <bool tail>
__attribute__((target("avx2"))) inline void transposeEvenBlockAvx2(const std::uint32_t* const* rows,
                                                                   std::int64_t ia, std::uint32_t* to,
                                                                   std::int64_t pitch) {
    __m256 r[8];
#pragma GCC unroll 8
    for (int k = 0; k < 8; ++k) {
        const float* in = reinterpret_cast<const float*>(rows[k] + 2 * ia);
        if constexpr (tail)
            r[k] = _mm256_shuffle_ps(_mm256_loadu_ps(in), _mm256_loadu_ps(in + 7), _MM_SHUFFLE(3, 1, 2, 0));
        else
            r[k] = _mm256_shuffle_ps(_mm256_loadu_ps(in), _mm256_loadu_ps(in + 8), _MM_SHUFFLE(2, 0, 2, 0));
    }
    transposeRowsAvx2<EvenFloatColumn>(r, to, pitch);
}

// 4 x 4 eight-byte elements: per row, unpacklo of two loads keeps the even elements as columns
// 0 2 | 1 3 (lanes).
struct EvenDoubleColumn {
    constexpr int operator()(int j) const { return j == 1 ? 2 : j == 2 ? 1 : j; }
};

template <bool tail>
__attribute__((target("avx2"))) inline void transposeEvenBlockAvx2(const std::uint64_t* const* rows,
                                                                   std::int64_t ia, std::uint64_t* to,
                                                                   std::int64_t pitch) {
    __m256d r[4];
#pragma GCC unroll 4
    for (int k = 0; k < 4; ++k) {
        const double* in = reinterpret_cast<const double*>(rows[k] + 2 * ia);
        if constexpr (tail) // in + 3: elements 3..6, the kept 4 and 6 in the odd places of each lane
            r[k] =
                _mm256_blend_pd(_mm256_unpacklo_pd(_mm256_loadu_pd(in), _mm256_loadu_pd(in)),
                                _mm256_unpackhi_pd(_mm256_loadu_pd(in + 3), _mm256_loadu_pd(in + 3)), 0b1010);
        else
            r[k] = _mm256_unpacklo_pd(_mm256_loadu_pd(in), _mm256_loadu_pd(in + 4));
    }
    transposeRowsAvx2<EvenDoubleColumn>(r, to, pitch);
}

// 16 rows x 32 kept bytes: per row, the even bytes of two 32-byte loads packed within lanes
// (columns 0-7 16-23 | 8-15 24-31).
struct EvenByteColumn {
    constexpr int operator()(int j) const { return j >= 8 && j < 16 ? j + 8 : j >= 16 && j < 24 ? j - 8 : j; }
};

template <bool tail>
__attribute__((target("avx2"))) inline void transposeEvenBlockAvx2(const std::uint8_t* const* rows,
                                                                   std::int64_t ia, std::uint8_t* to,
                                                                   std::int64_t pitch) {
    const __m256i mask = _mm256_set1_epi16(0x00ff);
    __m256i r[16];
#pragma GCC unroll 16
    for (int i = 0; i < 16; ++i) {
        const std::uint8_t* in = rows[i] + 2 * ia;
        const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in));
        const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + (tail ? 31 : 32)));
        r[i] = _mm256_packus_epi16(_mm256_and_si256(lo, mask),
                                   tail ? _mm256_srli_epi16(hi, 8) : _mm256_and_si256(hi, mask));
    }
    transposeByteRowsAvx2<EvenByteColumn>(r, to, pitch);
}

bool hasAvx2() {
    static const bool has = __builtin_cpu_supports("avx2");
    return has;
}
#endif

// Steps 1 and 2 of a tile (see the tile shape above): the input rows ib (at from + inRow[ib],
// each running along a) are read by register blocks of `block` rows x `blockCols` columns and land
// transposed in the buffer, rows along a `pitch` elements apart; the ragged edges element by
// element. Portable builds move every element that way.
// While a group of rows is read, the same rows of the next tile along a (`next`, nextA x nextB
// elements) are prefetched: a row is revisited only once per tile, too seldom for the
// hardware prefetcher to keep up (4096^2 fp32: 9.7 GB/s without, 12.5 with, on the three-step
// tiles of the first version).
// `step`: the input's stride along a, 1 or 2 (every other element, with blocks that keep the even
// elements of twice as many: see transposeEvenBlockAvx2).
template <typename T, std::int64_t block, std::int64_t blockCols, typename Block, std::int64_t step = 1>
inline void gatherTileBlocks(const T* from, const std::int64_t* inRow, std::int64_t countA,
                             std::int64_t countB, T* __restrict to, std::int64_t pitch, const T* next,
                             std::int64_t nextA, std::int64_t nextB, Block&& transpose) {
    static_assert(step == 1 || step == 2);
    const std::int64_t fullA = countA / blockCols * blockCols;
    // The bytes a row of `count` elements spans (this tile's and the next one's, for prefetches).
    auto span = [](std::int64_t count) {
        if constexpr (step == 1)
            return count * std::int64_t(sizeof(T));
        else
            return (count > 0 ? (count - 1) * step + 1 : 0) * std::int64_t(sizeof(T));
    };
    const std::int64_t fullB = block > 1 ? countB / block * block : 0;
    const T* rows[block > 1 ? block : 1];
    // Row i of the walk that runs on into the next tile: rows [0, countB) are this tile's,
    // the next nextB are the next tile's.
    const std::int64_t distance = block > 1 ? prefetchBlocks<T>() * block : kPrefetchSingleRows;
    auto prefetch = [&](std::int64_t i) {
#if defined(__SSE2__)
        if (i < countB)
            prefetchRun(from + inRow[i], span(countA));
        else if (i - countB < nextB)
            prefetchRun(next + inRow[i - countB], span(nextA));
#else
        (void)i, (void)span;
#endif
    };
    for (std::int64_t ib = 0; ib < fullB; ib += block) {
        for (std::int64_t k = 0; k < block; ++k) {
            rows[k] = from + inRow[ib + k];
            prefetch(ib + k + distance);
        }
        for (std::int64_t ia = 0; ia < fullA; ia += blockCols)
            transpose(rows, ia, to + ia * pitch + ib, pitch);
        for (std::int64_t ia = fullA; ia < countA; ++ia)
            for (std::int64_t k = 0; k < block; ++k)
                to[ia * pitch + ib + k] = rows[k][ia * step];
    }
    // The rows left after the whole blocks go through one more block, ending on the last row, so
    // that no row goes element by element:
    //  - after whole blocks (24 channels of int8: 16 and 8), it overlaps the block before, whose
    //    rows it stores again with the same values. Element by element, the last 8 rows of 24
    //    int8 channels had cost as much as the 16 before them: NCHW -> NHWC 0.27-0.28x the limit,
    //    overlapped 0.44-0.45x;
    //  - with fewer rows than a block, at least half of one (int8 with 9-15 channels), it reads
    //    the last row again in place of the missing ones and is stored into a block of its own,
    //    whose rows move to the tile buffer one whole block row at a time, in order, so that the
    //    elements past countB land on the next row before it is written (or in the padding, or
    //    the buffer's slack). Element by element, 10 int8 channels had run at 0.2x.
    if constexpr (block > 1) {
        if (fullB < countB && (fullB > 0 || 2 * countB > block)) {
            const std::int64_t ib = std::max<std::int64_t>(0, countB - block);
            const bool ownBlock = countB < block;
            for (std::int64_t k = 0; k < block; ++k) {
                rows[k] = from + inRow[std::min(ib + k, countB - 1)];
                if (ib + k >= fullB && ib + k < countB)
                    prefetch(ib + k + distance);
            }
            // One block row more than the block: pixel blocks store 4 bytes past their last pixel.
            alignas(64) T scratch[(blockCols + 1) * block];
            for (std::int64_t ia = 0; ia < fullA; ia += blockCols) {
                if (!ownBlock) {
                    transpose(rows, ia, to + ia * pitch + ib, pitch);
                    continue;
                }
                transpose(rows, ia, scratch, block);
                for (std::int64_t c = 0; c < blockCols; ++c)
                    std::memcpy(to + (ia + c) * pitch, scratch + c * block, block * sizeof(T));
            }
            for (std::int64_t ia = fullA; ia < countA; ++ia)
                for (std::int64_t k = fullB - ib; k < countB - ib; ++k)
                    to[ia * pitch + ib + k] = rows[k][ia * step];
            return;
        }
    }
    for (std::int64_t ib = fullB; ib < countB; ++ib) {
        prefetch(ib + distance);
        const T* row = from + inRow[ib];
        for (std::int64_t ia = 0; ia < countA; ++ia)
            to[ia * pitch + ib] = row[ia * step];
    }
}

#if defined(__SSE2__)
struct SseBlock {
    template <typename T>
    void operator()(const T* const* rows, std::int64_t ia, T* to, std::int64_t pitch) const {
        transposeBlock(rows, ia, to, pitch);
    }
};

struct Avx2Block {
    template <typename T>
    __attribute__((target("avx2"))) void operator()(const T* const* rows, std::int64_t ia, T* to,
                                                    std::int64_t pitch) const {
        transposeBlockAvx2(rows, ia, to, pitch);
    }
};

// The AVX2 instance: flattened, so that the blocks (AVX2 code) inline into an AVX2 function.
template <typename T>
__attribute__((target("avx2"), flatten)) void
gatherTileAvx2(const T* from, const std::int64_t* inRow, std::int64_t countA, std::int64_t countB, T* to,
               std::int64_t pitch, const T* next, std::int64_t nextA, std::int64_t nextB) {
    // Four- and eight-byte elements: square blocks of one 32-byte row per register. Bytes: two
    // 16 x 16 blocks side by side, one per 128-bit lane (AVX2's unpacks work within lanes), so
    // each load and each interleave moves twice the bytes of the SSE2 blocks.
    // Pixels: 8 x 8 in 4-byte lanes (3 bytes), 4 x 4 in 8-byte lanes (6 bytes).
    constexpr std::int64_t rows = sizeof(T) == 3   ? 8
                                  : sizeof(T) == 6 ? 4
                                  : sizeof(T) >= 4 ? 32 / std::int64_t(sizeof(T))
                                                   : 16 / std::int64_t(sizeof(T));
    constexpr std::int64_t columns = isPixel<T> ? rows : 32 / std::int64_t(sizeof(T));
    gatherTileBlocks<T, rows, columns>(from, inRow, countA, countB, to, pitch, next, nextA, nextB,
                                       Avx2Block{});
}

// The even blocks, the tail form for the block that ends the tile's rows (countA kept columns).
struct EvenSseBlock {
    std::int64_t countA;
    void operator()(const std::uint16_t* const* rows, std::int64_t ia, std::uint16_t* to,
                    std::int64_t pitch) const {
        if (ia + 8 < countA)
            transposeEvenBlock<false>(rows, ia, to, pitch);
        else
            transposeEvenBlock<true>(rows, ia, to, pitch);
    }
};

struct EvenAvx2Block {
    std::int64_t countA;
    template <typename T>
    __attribute__((target("avx2"))) void operator()(const T* const* rows, std::int64_t ia, T* to,
                                                    std::int64_t pitch) const {
        if (ia + 32 / std::int64_t(sizeof(T)) < countA)
            transposeEvenBlockAvx2<false>(rows, ia, to, pitch);
        else
            transposeEvenBlockAvx2<true>(rows, ia, to, pitch);
    }
};

template <typename T>
__attribute__((target("avx2"), flatten)) void
gatherEvenTileAvx2(const T* from, const std::int64_t* inRow, std::int64_t countA, std::int64_t countB, T* to,
                   std::int64_t pitch, const T* next, std::int64_t nextA, std::int64_t nextB) {
    constexpr std::int64_t rows = sizeof(T) == 1 ? 16 : 32 / std::int64_t(sizeof(T));
    gatherTileBlocks<T, rows, 32 / std::int64_t(sizeof(T)), EvenAvx2Block, 2>(
        from, inRow, countA, countB, to, pitch, next, nextA, nextB, EvenAvx2Block{countA});
}

// Whether gatherEvenTile has register blocks for this element size on this CPU: words always
// (SSE2), bytes, four- and eight-byte elements with AVX2; others pack their rows first (moveTile).
template <typename T> bool hasEvenBlocks() {
    if constexpr (sizeof(T) == 2)
        return true;
    else if constexpr (sizeof(T) == 1 || sizeof(T) == 4 || sizeof(T) == 8)
        return hasAvx2() && widestBlocks.load(std::memory_order_relaxed);
    else
        return false;
}

// gatherTile for input rows of every other element (where hasEvenBlocks<T>()).
template <typename T>
void gatherEvenTile(const T* from, const std::int64_t* inRow, std::int64_t countA, std::int64_t countB, T* to,
                    std::int64_t pitch, const T* next, std::int64_t nextA, std::int64_t nextB) {
    if constexpr (sizeof(T) == 2)
        gatherTileBlocks<T, 8, 8, EvenSseBlock, 2>(from, inRow, countA, countB, to, pitch, next, nextA, nextB,
                                                   EvenSseBlock{countA});
    else if constexpr (sizeof(T) == 1 || sizeof(T) == 4 || sizeof(T) == 8)
        gatherEvenTileAvx2(from, inRow, countA, countB, to, pitch, next, nextA, nextB);
    else
        (void)from, (void)inRow, (void)countA, (void)countB, (void)to, (void)pitch, (void)next, (void)nextA,
            (void)nextB;
}
#endif

// A block of one element: the transpose is the gather itself (see gatherTile).
struct NoBlock {
    template <typename T> void operator()(const T* const*, std::int64_t, T*, std::int64_t) const {}
};

template <typename T>
void gatherTile(const T* from, const std::int64_t* inRow, std::int64_t countA, std::int64_t countB, T* to,
                std::int64_t pitch, const T* next, std::int64_t nextA, std::int64_t nextB) {
    // Sixteen-byte elements fill an SSE register each: an element is its own 1 x 1 block, so
    // each input row is read with one 16-byte load per element and each element stored into
    // its buffer row: there is nothing to shuffle. gatherTileBlocks with block 1 is that loop,
    // prefetches included. (The register-block paths below are for 1-8 byte elements only.)
    if constexpr (sizeof(T) == 16) {
        return gatherTileBlocks<T, 1, 1>(from, inRow, countA, countB, to, pitch, next, nextA, nextB,
                                         NoBlock{});
    } else if constexpr (isPixel<T>) {
        // Pixels have AVX2 blocks only; elsewhere they move one at a time.
#if defined(__SSE2__)
        if (hasAvx2() && widestBlocks.load(std::memory_order_relaxed))
            return gatherTileAvx2(from, inRow, countA, countB, to, pitch, next, nextA, nextB);
#endif
        gatherTileBlocks<T, 1, 1>(from, inRow, countA, countB, to, pitch, next, nextA, nextB, NoBlock{});
    } else {
#if defined(__SSE2__)
        // Two-byte elements take AVX2's word blocks (two 8 x 8 blocks per register) only with the
        // long-output tiles, the AMD recipe (longOutputPieces): on the Xeon VM they measured 7%
        // slower than SSE2's on a 4096 x 8192 fp16 transpose (23.5 against 25.2 GB/s by CPU time,
        // two alternating pairs of runs), where AVX2's byte blocks are 17% faster; on the AMD EPYC
        // VM a little faster, in interleaved rounds of one binary against the other (two threads,
        // best / limit, medians): that transpose 0.55x -> 0.61x (16 rounds), 0.52x -> 0.56x (20),
        // 0.58x -> 0.57x (12, in the full case list); switched by an environment variable (which
        // itself moved untouched cases by up to +0.04x): 0.53x -> 0.56x twice, and, 8 rounds each,
        // a batch of 16 1080 x 1920 fp16 images transposed 0.46x -> 0.49x, [256, 256, 512]
        // (2, 0, 1) 0.45x -> 0.46x, [64, 64, 64, 128] (0, 3, 1, 2) 0.62x -> 0.63x. Tests cover
        // both with the two shapes.
        // A tile narrower or shorter than an AVX2 block (int8 NHWC <-> NCHW with 16 channels: 16
        // columns of 32-byte blocks) takes SSE2's narrower blocks rather than none: 0.10x the limit
        // element by element.
        if (sizeof(T) != 2 || longOutputPieces()) {
            constexpr std::int64_t avx2Rows =
                sizeof(T) >= 4 ? 32 / std::int64_t(sizeof(T)) : 16 / std::int64_t(sizeof(T));
            constexpr std::int64_t avx2Columns = 32 / std::int64_t(sizeof(T));
            if (hasAvx2() && widestBlocks.load(std::memory_order_relaxed) && countA >= avx2Columns &&
                countB >= avx2Rows)
                return gatherTileAvx2(from, inRow, countA, countB, to, pitch, next, nextA, nextB);
        }
    gatherTileBlocks<T, sseBlock<T>(), sseBlock<T>()>(from, inRow, countA, countB, to, pitch, next, nextA,
                                                      nextB, SseBlock{});
#else
        gatherTileBlocks<T, 1, 1>(from, inRow, countA, countB, to, pitch, next, nextA, nextB, NoBlock{});
#endif
    }
}

bool aligned(const void* to, std::int64_t rowBytes, std::int64_t alignment) {
    return reinterpret_cast<std::uintptr_t>(to) % std::uintptr_t(alignment) == 0 && rowBytes % alignment == 0;
}

// Shifted tiles (odd sizes) whose next tile along b runs next on the same thread, tilesA items
// later, do not read the extra rows: each output row's last partial line (the bytes past its last
// line boundary in the tile, less than a line) is kept in a slot of 64 bytes per row of group A,
// and the next tile writes that line whole, the slot's bytes put before its buffer row. A shifted
// tile read up to a line's worth of extra input rows (16 per 64 fp32 rows, 64 per 128 int8 ones),
// gathered again by the next tile. Interleaved A/B runs against the extra rows (two threads, best /
// limit): 8032^2 int8 0.34-0.36x -> 0.36-0.41x (1.06-1.13x in six runs), 4093 x 4099 fp32 with an
// offset of 3 0.55-0.60x -> 0.57-0.63x (0.99-1.07x). Chunks of 16 rows of tiles along b instead of
// 4: no clearer; of 1 (half the tiles still reading the extra rows): 1.04-1.06x.
struct EdgeCarry {
    unsigned char* slots = nullptr; // this tile's row ia at slots + 64 * ia
    bool head = false;              // the tile before along b left its rows' last partial lines in the slots
    bool tail = false;              // the tile after along b takes this tile's: no extra rows
};

// Scratch for the tiles: the buffer of a geometry, 64-byte aligned, in storage kept per thread
// and grown only. (A vector per run was a fresh mmap of zeroed pages every chunk: the kernel's
// page clearing took 40% of an odd-pitch transpose's time.)
template <typename T> struct TileBuffer {
    explicit TileBuffer(const TileGeometry& g) {
        thread_local std::vector<unsigned char> storage;
        const std::int64_t rows = std::min(g.columns, g.sizeA);
        // 64 bytes for the alignment, 64 before the first row (an edge line carried in, see
        // EdgeCarry), 64 of slack past the last row (gatherTileBlocks).
        const auto bytes = static_cast<std::size_t>(rows * g.pitch) * sizeof(T) + 192;
        if (storage.size() < bytes)
            storage.resize(bytes);
        const auto address = reinterpret_cast<std::uintptr_t>(storage.data());
        data = reinterpret_cast<T*>(storage.data() + (64 - address % 64) % 64 + 64);
    }
    T* data = nullptr;
};

// The next tile's input (the same rows, the next piece along a: `next` + inRow[i], `countA`
// elements with `step` between them, in `countB` rows), prefetched line by line while
// this tile's buffer is written out, spread evenly over that write-out. The gather's own
// prefetches (gatherTileBlocks) run a block or two ahead while it reads; between two gathers the
// write-out left the reads idle, the tile's streaming stores alone in flight, and the next
// gather began by waiting. In interleaved rounds of the full case list (two threads, best against
// the same round's limit, four rounds each way), with them: fp32 4096^2 0.52-0.55x -> 0.58-0.74x,
// fp64 0.56-0.61x -> 0.62-0.84x, fp16 0.36-0.45x -> 0.41-0.54x, the gap 0.27-0.40x ->
// 0.45-0.51x, 3-D (1, 2, 0) 0.43-0.59x -> 0.64-0.67x, NCHW -> NHWC 64^4 0.55-0.57x ->
// 0.58-0.70x, 5-D 0.45-0.53x -> 0.53-0.62x, the RGBA image 0.51-0.58x -> 0.64-0.69x; int8, odd
// sizes and the batch of 800^2 int8 images the same either way. (Skipping the gather's
// prefetches of the next tile, now issued twice, measured the same.)
// The tile after this one on the same thread, for those prefetches: its input rows at from +
// inRow[i] for i < countB, countA elements each. Along a, this tile's rows further on; after the
// last tile along a, the next item's own rows (the tiles of 3-D permutes of 256^3 are two along
// a: half of them had nothing to prefetch; medians of five interleaved rounds, 3-D (2, 0, 1)
// 0.57x -> 0.74x, 8-D 8^8 0.55x -> 0.60x, 5-D 0.57x -> 0.61x, 2-D the same). Empty (countB 0) at a chunk's
// end and for channel tiles (they have no write-out of a buffer, or their input is one dense run of pixels,
// which the hardware prefetcher follows).
template <typename T> struct NextTile {
    const T* from = nullptr;
    const std::int64_t* inRow = nullptr;
    std::int64_t countA = 0, countB = 0;
};

template <typename T> class NextTileLines {
public:
    NextTileLines(const NextTile<T>& tile, std::int64_t step)
        : m_next(tile.from), m_inRow(tile.inRow),
          m_span((tile.countA > 0 ? (tile.countA - 1) * step + 1 : 0) * std::int64_t(sizeof(T))),
          m_linesPerRow(m_span > 0 ? (m_span + 63) / 64 + 1 : 0), m_lines(tile.countB * m_linesPerRow) {}
    // Prefetches the lines up to `part` / `parts` of them. A row spans one line more than its
    // bytes where it begins mid-line (see prefetchRun): each row has that many line slots, the
    // last one skipped where the row ends before it. The walk keeps its row and line instead of
    // dividing the line count by the row's lines for each line: a 64-bit division per prefetched
    // line had been a fifth of moveUnitStrideTile's samples (in cache; from memory, where the
    // write-out's stores wait anyway, no faster).
    void upTo(std::int64_t part, std::int64_t parts) {
        const std::int64_t end = parts > 0 ? m_lines * part / parts : m_lines;
        for (; m_done < end; ++m_done) {
            const auto row = reinterpret_cast<std::uintptr_t>(m_next + m_inRow[m_row]);
            const auto line = (row & ~std::uintptr_t(63)) + 64 * std::uintptr_t(m_lineInRow);
            if (line < row + std::uintptr_t(m_span))
                prefetchLine(reinterpret_cast<const void*>(line));
            if (++m_lineInRow == m_linesPerRow) {
                m_lineInRow = 0;
                ++m_row;
            }
        }
    }
    bool any() const { return m_lines > 0; }

private:
    const T* m_next;
    const std::int64_t* m_inRow;
    std::int64_t m_span, m_linesPerRow, m_lines, m_done = 0, m_row = 0, m_lineInRow = 0;
};

// A tile whose input rows (at from + inRow[ib], along group B) are unit-stride along a; rows of
// output at to + outRow[ia]. The two steps above, except for 2 or 3 rows of 4-byte elements
// (NCHW -> NHWC with C = 2, 3), whose output is one dense run that interleaveRows writes
// directly. Returns whether it streamed.
#if defined(__SSE2__)
template <typename T>
bool moveUnitStrideTile(const T* from, const std::int64_t* inRow, T* to, const std::int64_t* outRow,
                        std::int64_t countA, std::int64_t countB, bool streaming, const TileGeometry& g,
                        TileBuffer<T>& buffer, std::int64_t b0, const T* next, std::int64_t nextA,
                        std::int64_t nextB, const NextTile<T>& after, const EdgeCarry& carry,
                        std::int64_t step = 1) {
    if (step == 1 && g.channels == TileGeometry::Channels::Interleave) {
        T* first = to + outRow[0];
        const bool stream = streaming && aligned(first, 16, 16);
        if constexpr (sizeof(T) == 4) {
            if (countB <= 3) {
                interleaveTile(from + inRow[0], inRow[1] - inRow[0], first, countA, countB, stream);
                return stream;
            }
        }
        interleaveChannelsTile(from + inRow[0], inRow[1] - inRow[0], first, countA, countB, stream);
        return stream;
    }
    constexpr std::int64_t size = sizeof(T);
    const std::int64_t readB = std::min(g.sizeB - b0, countB + (carry.tail ? 0 : g.extraRows));
    if (step == 1 && g.channels == TileGeometry::Channels::Split) {
        // Straight to the output rows where their pieces are whole lines (no shift) and, to
        // stream, 16-byte aligned: one pass, as the interleave. Through the buffer, HWC -> CHW
        // of 2 or 3 channels had run at 0.50-0.62x the limit, straight at 0.61-0.76x.
        T* first = to + outRow[0];
        const std::int64_t rowPitch = outRow[1] - outRow[0];
        const bool alignedRows = aligned(first, rowPitch * size, 16);
        if (g.extraRows == 0 && (!streaming || alignedRows)) {
            splitChannelsTile(from + inRow[0], first, rowPitch, countB, countA, streaming);
            return streaming;
        }
        if (g.extraRows > 0 && streaming) {
            // Each channel row's piece shifted to its line boundaries, as the buffer's write-out
            // below does.
            T* rows[kMaxShuffledChannels];
            std::int64_t start[kMaxShuffledChannels], end[kMaxShuffledChannels];
            for (std::int64_t c = 0; c < countA; ++c) {
                rows[c] = to + outRow[c];
                const auto misalign =
                    static_cast<std::int64_t>(reinterpret_cast<std::uintptr_t>(rows[c]) % 64);
                const std::int64_t shift = (64 - misalign) % 64 / size;
                start[c] = b0 == 0 ? 0 : shift;
                end[c] = std::min(g.sizeB - b0, g.rows + shift);
            }
            splitChannelPiecesTile(from + inRow[0], rows, start, end, countA);
            return true;
        }
        splitChannelsTile(from + inRow[0], buffer.data, g.pitch, readB, countA, false);
    } else if (step == 2)
        gatherEvenTile(from, inRow, countA, readB, buffer.data, g.pitch, next, nextA, nextB);
    else
        gatherTile(from, inRow, countA, readB, buffer.data, g.pitch, next, nextA, nextB);
    NextTileLines<T> nextLines(after, step);
    // Output rows dense in one run and dense in the buffer (rows shorter than a line, as in
    // NCHW -> NHWC with 8-16 channels, and whole-row tiles): one copy of the whole run, not a
    // call per row.
    if (g.single && g.extraRows == 0 && g.pitch == countB && g.outStrideA == countB) {
        char* first = reinterpret_cast<char*>(to + outRow[0]);
        const std::int64_t bytes = countA * countB * size;
        if (streaming) {
            // In pieces, the next tile's prefetches between them.
            constexpr std::int64_t piece = 4096;
            const std::int64_t pieces = nextLines.any() ? (bytes + piece - 1) / piece : 1;
            for (std::int64_t k = 0; k < pieces; ++k) {
                nextLines.upTo(k + 1, pieces);
                const std::int64_t at = k * piece;
                const std::int64_t length = pieces == 1 ? bytes : std::min(piece, bytes - at);
                copyStreaming(reinterpret_cast<const char*>(buffer.data) + at, first + at, length, false);
            }
        } else {
            std::memcpy(first, buffer.data, static_cast<std::size_t>(bytes));
        }
        return streaming;
    }
    const bool stream = streaming && countB * size >= 64;
    for (std::int64_t ia = 0; ia < countA; ++ia) {
        if (streaming)
            nextLines.upTo(ia + 1, countA);
        T* out = to + outRow[ia];
        // This row's piece: bytes [start, end) from element b0's, shifted to its line boundaries
        // (for 3-byte pixels, a boundary can fall within a pixel: the piece is bytes, not pixels).
        // With an EdgeCarry: from the line that began in the tile before (its bytes from the
        // slot), to the last line boundary in this tile (the bytes after it to the slot).
        std::int64_t start = 0, end = countB * size;
        char* row = reinterpret_cast<char*>(buffer.data + ia * g.pitch);
        if (g.extraRows > 0) {
            const auto misalign = static_cast<std::int64_t>(reinterpret_cast<std::uintptr_t>(out) % 64);
            const std::int64_t shift = (64 - misalign) % 64;
            start = b0 == 0 ? 0 : shift;
            end = std::min((g.sizeB - b0) * size, g.rows * size + shift);
            if (carry.head && shift > 0) {
                std::memcpy(row - 64, carry.slots + 64 * ia, 64);
                start = shift - 64;
            }
            if (carry.tail) {
                end = g.rows * size - (shift > 0 ? 64 - shift : 0);
                std::memcpy(carry.slots + 64 * ia, row + g.rows * size - 64, 64);
            }
        }
        if (start >= end)
            continue;
        char* piece = reinterpret_cast<char*>(out) + start;
        if (stream)
            copyStreaming(row + start, piece, end - start, false);
        else
            std::memcpy(piece, row + start, static_cast<std::size_t>(end - start));
    }
    return stream;
}
#endif

#if defined(__SSE2__)
// Gaps along a up to this stride are packed (see moveTile). Measured (fp32, 4096 columns of a
// wider matrix, transposed): step 8 4.7 GB/s packed against 1.6 for the scalar gathers; step 16
// 2.1 either way (every element is a line of its own, and lines are what memory moves).
constexpr std::int64_t kPackedMaxStride = kRowTileMaxStep;

// Dense copies of a tile's input rows, countA elements each, in storage kept per thread.
template <typename T> struct PackedRows {
    PackedRows(std::int64_t countA, std::int64_t rows) {
        thread_local std::vector<T> storage;
        thread_local std::vector<std::int64_t> offsets;
        // Rows a line apart plus a line, never a power of two bytes (as the tile buffer's pitch).
        pitch = (countA * std::int64_t(sizeof(T)) + 63) / 64 * 64 + 64;
        if ((pitch & (pitch - 1)) == 0)
            pitch += 64;
        pitch /= std::int64_t(sizeof(T));
        if (storage.size() < static_cast<std::size_t>(rows * pitch + 64))
            storage.resize(static_cast<std::size_t>(rows * pitch + 64));
        if (offsets.size() < static_cast<std::size_t>(rows))
            offsets.resize(static_cast<std::size_t>(rows));
        for (std::int64_t r = 0; r < rows; ++r)
            offsets[static_cast<std::size_t>(r)] = r * pitch;
        data = storage.data();
        rowOffsets = offsets.data();
    }
    T* data = nullptr;
    const std::int64_t* rowOffsets = nullptr;
    std::int64_t pitch = 0;
};

// Row ib of the tile (at from + inRow[ib], elements `stride` apart) into packed row ib, the input
// rows kPackAhead rows ahead (running on into the next tile along a) prefetched.
constexpr std::int64_t kPackAhead = 8;

// out[i] = in[2 i] for the first elements of a row, a vector at a time: two 16-byte loads, their
// even elements kept (bytes and words masked or shifted into the low half of each word or dword
// and packed; dwords by a shuffle). Returns how many were done; the rest is the caller's. A
// scalar loop moved one int8 element per load and store (about 1 byte per cycle).
template <typename T> std::int64_t packEvenElements(const T* in, T* out, std::int64_t count) {
    if constexpr (sizeof(T) > 4 || isPixel<T>) {
        (void)in, (void)out, (void)count;
        return 0; // eight- and sixteen-byte elements: a load and store each already move 8-16 bytes
                  // (pixels: element by element)
    } else {
        constexpr std::int64_t perVector = 16 / std::int64_t(sizeof(T)); // output elements per store
        // The last vector reads 2 * perVector elements from in[2 i]: stay within the row's span.
        const std::int64_t full = count > 0 ? (count - 1) / perVector * perVector : 0;
        for (std::int64_t i = 0; i < full; i += perVector) {
            const auto* source = reinterpret_cast<const __m128i*>(in + 2 * i);
            const __m128i lo = _mm_loadu_si128(source);
            const __m128i hi = _mm_loadu_si128(source + 1);
            __m128i even;
            if constexpr (sizeof(T) == 1) {
                const __m128i mask = _mm_set1_epi16(0x00ff);
                even = _mm_packus_epi16(_mm_and_si128(lo, mask), _mm_and_si128(hi, mask));
            } else if constexpr (sizeof(T) == 2) {
                // Sign-extended low words pack back exactly under signed saturation.
                even = _mm_packs_epi32(_mm_srai_epi32(_mm_slli_epi32(lo, 16), 16),
                                       _mm_srai_epi32(_mm_slli_epi32(hi, 16), 16));
            } else {
                even = _mm_castps_si128(
                    _mm_shuffle_ps(_mm_castsi128_ps(lo), _mm_castsi128_ps(hi), _MM_SHUFFLE(2, 0, 2, 0)));
            }
            _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), even);
        }
        return full;
    }
}

template <typename T>
void packRows(const T* from, const std::int64_t* inRow, std::int64_t stride, std::int64_t countA,
              std::int64_t rows, PackedRows<T>& packed, const T* next, std::int64_t nextA,
              std::int64_t nextB) {
    const std::int64_t span = ((countA - 1) * stride + 1) * std::int64_t(sizeof(T));
    const std::int64_t nextSpan = nextA > 0 ? ((nextA - 1) * stride + 1) * std::int64_t(sizeof(T)) : 0;
    for (std::int64_t ib = 0; ib < rows; ++ib) {
        const std::int64_t ahead = ib + kPackAhead;
        if (ahead < rows)
            prefetchRun(from + inRow[ahead], span);
        else if (ahead - rows < nextB)
            prefetchRun(next + inRow[ahead - rows], nextSpan);
        const T* __restrict in = from + inRow[ib];
        T* __restrict out = packed.data + packed.rowOffsets[ib];
        const std::int64_t done = stride == 2 ? packEvenElements(in, out, countA) : 0;
        for (std::int64_t ia = done; ia < countA; ++ia)
            out[ia] = in[ia * stride];
    }
}

#endif

// One tile: rows of input (along group B) at from + inRow[ib], each running along group A;
// rows of output at to + outRow[ia]. Returns whether it streamed.
// A gap along a (x[..., ::2], a channel of interleaved data, the real parts of a complex view):
// each input row's elements are packed into a dense row first, prefetched rows ahead, and the
// packed rows go through the unit-stride steps. The input's lines are read whole either way;
// the scalar gathers (moveTileScalar, the path before this one and still the one for steps
// beyond kPackedMaxStride or negative) read a column at a time, one element per row per step,
// with nothing prefetched and no streaming stores. Against them, in interleaved rounds (two
// threads, 64 MiB): every other element of fp32 1.73x, int8 3.2x, fp16 2.0x, a 4-D permute of
// them 1.8x, a step of 3 2.8x.
// Every other element of 1, 2, 4 or 8 bytes (with AVX2 for 1, 4 and 8) skips the packing: the even
// blocks keep the even elements in registers as they read (gatherEvenTile), one pass over the
// tile's input instead of two. Against the packed rows, interleaved A/B rounds (two threads,
// 64 MiB, the packing path as it was; A/A control in brackets): 4096 x 8192 fp32 x[:, ::2].t()
// 1.16-1.17x [0.97-1.01x], int8 1.15-1.20x [1.00-1.06x], fp16 1.12x [1.04-1.07x], fp64
// (2048 x 8192) 1.12-1.14x [0.98-1.00x], the 4-D permute of 64^4 1.05x [1.02x]; one thread in
// L2: 1.33x, 1.58x, 1.46x, 1.51x.
template <typename T>
bool moveTile(const T* from, const std::int64_t* inRow, T* to, const std::int64_t* outRow,
              std::int64_t countA, std::int64_t countB, bool streaming, const TileGeometry& g,
              TileBuffer<T>& buffer, std::int64_t b0, const T* next, std::int64_t nextA, std::int64_t nextB,
              const NextTile<T>& after, const EdgeCarry& carry) {
#if defined(__SSE2__)
    if (g.strideA == 2 && hasEvenBlocks<T>())
        return moveUnitStrideTile(from, inRow, to, outRow, countA, countB, streaming, g, buffer, b0, next,
                                  nextA, nextB, after, carry, 2);
    if (g.strideA > 1 && g.strideA <= kPackedMaxStride) {
        const std::int64_t readB = std::min(g.sizeB - b0, countB + (carry.tail ? 0 : g.extraRows));
        PackedRows<T> packed(countA, readB);
        packRows(from, inRow, g.strideA, countA, readB, packed, next, nextA, nextB);
        return moveUnitStrideTile(packed.data, packed.rowOffsets, to, outRow, countA, countB, streaming, g,
                                  buffer, b0, packed.data, 0, 0, NextTile<T>{}, carry);
    }
    if (g.strideA == 1)
        return moveUnitStrideTile(from, inRow, to, outRow, countA, countB, streaming, g, buffer, b0, next,
                                  nextA, nextB, after, carry);
#endif
    moveTileScalar(from, g.strideA, inRow, to, outRow, countA, countB);
    return false;
}

// Which tiles of a geometry are channel tiles (see TileGeometry::channels). Interleaved: every
// tile has the group's 2-4 rows (group B no longer than that), one output run (outStrideA =
// those rows), and reaches moveUnitStrideTile with unit-stride or packed rows (no even blocks).
// Split: 2-4 columns, the whole of group A, whose rows are the input's dense pixels. Decided once
// per copy, because such tiles need only their first offsets: the tiles are made long the other
// way, and an offset per element along it (groupOffsets) had cost as much as the copy.
template <typename T> TileGeometry::Channels channelTiles(const TileGeometry& g) {
    if (!g.single)
        return TileGeometry::Channels::None;
#if defined(__SSE2__)
    const bool unitStrideRows = g.strideA == 1 || (g.strideA > 1 && g.strideA <= kPackedMaxStride &&
                                                   !(g.strideA == 2 && hasEvenBlocks<T>()));
    const bool fourByteInterleave = sizeof(T) == 4 && g.sizeB >= 2 && g.sizeB <= 3;
    if (unitStrideRows && g.rows >= g.sizeB && g.outStrideA == g.sizeB &&
        (fourByteInterleave || hasChannelShuffles<T>(g.sizeB)))
        return TileGeometry::Channels::Interleave;
    if (g.strideA == 1 && g.columns >= g.sizeA && g.strideB == g.sizeA && hasChannelShuffles<T>(g.sizeA))
        return TileGeometry::Channels::Split;
#endif
    return TileGeometry::Channels::None;
}

// Slots of EdgeCarry: at most this many bytes (64 per row of group A) per thread, so that they
// stay in L2 with the tiles between a slot's write and its read.
constexpr std::int64_t kEdgeCarryMaxBytes = 1 << 20;
// Chunks of such copies: whole rows of tiles along a, at least this many along b, since the last
// row of tiles in a chunk still reads the extra rows.
constexpr std::int64_t kEdgeCarryChunkRows = 4;

template <typename T> bool carriesEdges(const TileGeometry& g) {
    return g.extraRows > 0 && g.channels == TileGeometry::Channels::None &&
           (g.rows * std::int64_t(sizeof(T))) % 64 == 0 && g.sizeA * 64 <= kEdgeCarryMaxBytes;
}

// Work items are (outer index, tile along b, tile along a) with a varying fastest (see the tile
// shape above). One decomposition per tile, none per element.
// One buffer, each tile's two steps in turn: double-buffered tiles, the previous tile's rows
// written while the next one is gathered (a share after each block row, or after each register
// block), measured no faster in interleaved rounds against this loop itself
// (docs/cpu-bandwidth.md).
template <typename T>
void tiledRange(const T* src, T* dst, const TilePlan& plan, bool streaming, std::int64_t beginItem,
                std::int64_t endItem) {
    TileGeometry g = tileGeometry<T>(plan);
    g.channels = channelTiles<T>(g);
    const auto& dims = plan.dims;
    const std::int64_t columns = g.columns;
    const std::int64_t rows = g.rows;
    bool streamed = false;
    TileBuffer<T> buffer(g);
    // The tiles' row offsets, in storage kept per thread and grown only, as TileBuffer's: tiles
    // made long by the area rule have tens of thousands of rows (HWC -> CHW of a 4096^2 RGB
    // image: 21888), and vectors that size per run were fresh pages to fault in and clear every
    // chunk (that image's split ran at 0.31-0.46x the limit with a second such vector, 0.86-0.93x
    // with none).
    thread_local std::vector<std::int64_t> offsets;
    const auto inRows = static_cast<std::size_t>(std::min(rows, g.sizeB) + g.extraRows);
    const auto outRows = static_cast<std::size_t>(std::min(columns, g.sizeA));
    if (offsets.size() < 2 * inRows + outRows)
        offsets.resize(2 * inRows + outRows);
    const std::span<std::int64_t> inRow(offsets.data(), inRows);
    const std::span<std::int64_t> nextInRow(offsets.data() + inRows, inRows);
    const std::span<std::int64_t> outRow(offsets.data() + 2 * inRows, outRows);
    const bool carries = carriesEdges<T>(g);
    thread_local std::vector<unsigned char> slots;
    if (carries && slots.size() < static_cast<std::size_t>(g.sizeA * 64))
        slots.resize(static_cast<std::size_t>(g.sizeA * 64));

    for (std::int64_t item = beginItem; item < endItem; ++item) {
        const auto [ta, tb, inBase, outBase] = tileItem(item, g.tilesA, g.tilesB, g.outer, plan);
        const std::int64_t a0 = ta * columns, countA = std::min(g.sizeA, a0 + columns) - a0;
        const std::int64_t b0 = tb * rows, countB = std::min(g.sizeB, b0 + rows) - b0;
        const std::int64_t readB = std::min(g.sizeB - b0, countB + g.extraRows);
        // Channel tiles read only their first offsets (interleaved: one output run; split: one
        // input run).
        const bool interleave = g.channels == TileGeometry::Channels::Interleave;
        const bool split = g.channels == TileGeometry::Channels::Split;
        groupOffsets(g.groupA, dims.sizes, plan.outputStrides, a0, interleave ? 1 : countA, outRow.data());
        groupOffsets(g.groupB, dims.sizes, dims.strides, b0, split ? 1 : readB, inRow.data());
        const T* from = src + inBase + a0 * g.strideA;
        T* to = dst + outBase + b0;
        // The next tile along a continues the same input rows: prefetch its pieces while this
        // one moves (a row revisited only every tileRows bursts is lost by the hardware
        // prefetcher): 4096^2 fp32, 9.7 GB/s without, 12.5 with (into L1, L2 or L3 alike).
        // Advancing along b first instead measured no better, odd pitches included.
        const T* next = from;
        std::int64_t nextA = 0, nextB = 0;
        NextTile<T> after;
        if (ta + 1 < g.tilesA) {
            next = from + columns * g.strideA;
            nextA = std::min(g.sizeA, a0 + 2 * columns) - (a0 + columns);
            nextB = countB;
            if (!split && !interleave)
                after = {next, inRow.data(), nextA, nextB};
        } else if (item + 1 < endItem && !split && !interleave) {
            // The next item starts a row of tiles: a = 0, its own rows.
            const TileItem n = tileItem(item + 1, g.tilesA, g.tilesB, g.outer, plan);
            const std::int64_t nextB0 = n.tb * rows;
            const std::int64_t nextReadB =
                std::min(g.sizeB - nextB0, std::min(rows, g.sizeB - nextB0) + g.extraRows);
            groupOffsets(g.groupB, dims.sizes, dims.strides, nextB0, nextReadB, nextInRow.data());
            after = {src + n.inBase, nextInRow.data(), std::min(columns, g.sizeA), nextReadB};
        }
        EdgeCarry carry;
        if (carries) {
            carry.slots = slots.data() + 64 * a0;
            carry.head = tb > 0 && item - g.tilesA >= beginItem;
            carry.tail = tb + 1 < g.tilesB && item + g.tilesA < endItem;
        }
        streamed = moveTile(from, inRow.data(), to, outRow.data(), countA, countB, streaming, g, buffer, b0,
                            next, nextA, nextB, after, carry) ||
                   streamed;
    }
#if defined(__SSE2__)
    if (streamed)
        _mm_sfence(); // streaming stores are weakly ordered: make them visible before returning
#endif
}

// ---- Tiles of whole rows ------------------------------------------------------------------
//
// A permute that keeps the last dim (planRowTiles: (0, 2, 1, 3) of [batch, heads, tokens, 64])
// reorders rows and transposes nothing within them. The naive walk writes the output in order
// and, for 64^4, reads 64 rows 16 KiB apart for every output row of 64 rows: 64 streams of 256
// bytes at a time, more than the hardware prefetcher follows. A row tile is the transposing
// tile's idea with rows for elements: along b (the output's dim above the rows) it spans
// rowsB rows, so each output piece is one run of rowsB rows, and along a (the input's fastest
// dim above the rows) kRowTileInBytes, so each of its rowsB input streams runs that far.
// Rows move whole, straight from input to output (nothing to shuffle), with streaming stores;
// rows shorter than kRowTileStagedBelow that are not whole cache lines go through a small
// staging buffer first, so that each output piece is still streamed as whole lines.
// rowsB: at least kRowTileStreams rows and kRowTilePieceBytes, rounded up so that a piece is
// whole lines (rows of 12 bytes: 32 rows, 384 bytes).
// Measured (two threads, interleaved rounds against the four-run limit, two runs each; the naive
// walk in brackets):
//   64^4 fp32 (0, 2, 1, 3), rows of 256 bytes: 4 x 64 rows (1 KiB pieces, 16 KiB input runs)
//     0.95-1.02x [0.65-0.74x]; against the one-run copy, caches flushed: 1 x 64 rows 0.90-0.94x,
//     2 x 64 1.00-1.06x, 4 x 64 1.09-1.23x, 8 x 64 1.03-1.17x, 16 x 64 0.90-1.13x;
//   rows of 8 fp32 (32 bytes): 256-byte pieces (8 rows) 0.82-0.86x, 512 0.82x, 1 KiB 0.61-0.68x,
//     2 KiB 0.35x, 128 bytes (4 rows) 0.70x [0.27-0.29x];
//   rows of 3 fp32 (12 bytes): 32 rows (384 bytes) 0.37-0.38x, 86 rows (1 KiB) 0.31-0.33x,
//     22 rows (264 bytes, pieces sharing lines) 0.17-0.18x [0.13-0.15x];
//   rows of 100 fp32 (400 bytes): staged 0.86-0.89x, streamed row by row 0.47-0.50x [0.41-0.44x];
//   rows of 364 fp32 (1456 bytes): staged 0.64x, row by row 0.67-0.72x [0.63-0.77x].
// (Faster than the one-run copy for the reason copyStreamingInStreams gives: several input
// streams at once.)
constexpr std::int64_t kRowTilePieceBytes = 256;
constexpr std::int64_t kRowTileInBytes = 16 << 10;
constexpr std::int64_t kRowTileMaxBytes = 256 << 10; // short rows: a tile's input stays in L2
constexpr std::int64_t kRowTileStreams = 4;
constexpr std::int64_t kRowTileStagedBelow = 1024;

struct RowTileGeometry {
    std::int64_t rowBytes;                                   // a row: the last dim, whole
    std::int64_t sizeA, sizeB, strideA, strideB, outStrideA; // bytes (outStrideB = rowBytes)
    std::int64_t rowsA, rowsB, tilesA, tilesB;               // tile extent in rows, tile counts
    std::vector<int> outer;                                  // the other dims, outermost first
};

RowTileGeometry rowTileGeometry(const TilePlan& plan, int elementSize) {
    const auto& dims = plan.dims;
    const int rank = dims.rank();
    const int a = plan.inputFastDim;
    const int b = plan.outputFastDim;
    RowTileGeometry g;
    g.rowBytes = dims.sizes[rank - 1] * elementSize;
    g.sizeA = dims.sizes[a];
    g.sizeB = dims.sizes[b];
    g.strideA = dims.strides[a] * elementSize;
    g.strideB = dims.strides[b] * elementSize;
    g.outStrideA = plan.outputStrides[a] * elementSize;
    auto rowsFor = [&](std::int64_t bytes, std::int64_t size) {
        return std::clamp<std::int64_t>((bytes + g.rowBytes - 1) / g.rowBytes, 1, size);
    };
    const std::int64_t wholeLines = 64 / std::gcd<std::int64_t>(g.rowBytes, 64); // rows per whole line
    const std::int64_t rows = std::max(kRowTileStreams, rowsFor(kRowTilePieceBytes, g.sizeB));
    g.rowsB = std::min(g.sizeB, (rows + wholeLines - 1) / wholeLines * wholeLines);
    g.rowsA = std::max<std::int64_t>(
        1, std::min(rowsFor(kRowTileInBytes, g.sizeA), kRowTileMaxBytes / (g.rowsB * g.rowBytes)));
    g.tilesA = (g.sizeA + g.rowsA - 1) / g.rowsA;
    g.tilesB = (g.sizeB + g.rowsB - 1) / g.rowsB;
    for (int d = 0; d < rank - 1; ++d)
        if (d != a && d != b)
            g.outer.push_back(d);
    return g;
}

#if defined(__SSE2__)
// A row of 1 to 15 bytes as two fixed-size moves that overlap in the middle (8 + 8, 4 + 4, 2 + 2
// bytes, or one byte), never reading outside it, where memcpy with a size known only at run time
// is a call per row. Staging rows of 3 fp32 this way, against memcpy, in interleaved rounds (two
// threads, 64 MiB, best / limit): 0.40-0.43x -> 0.70x; an RGB image transposed (rows of 3 bytes)
// 0.14x -> 0.22x; rows of 3 int16 0.21-0.23x -> 0.34x; rows of 5 int8 0.20-0.22x -> 0.35x.
inline void copyTinyRow(const char* from, char* to, std::int64_t bytes) {
    auto move = [&](auto word) {
        using W = decltype(word);
        W head, tail;
        std::memcpy(&head, from, sizeof(W));
        std::memcpy(&tail, from + bytes - std::int64_t(sizeof(W)), sizeof(W));
        std::memcpy(to, &head, sizeof(W));
        std::memcpy(to + bytes - std::int64_t(sizeof(W)), &tail, sizeof(W));
    };
    if (bytes >= 8)
        move(std::uint64_t{});
    else if (bytes >= 4)
        move(std::uint32_t{});
    else if (bytes >= 2)
        move(std::uint16_t{});
    else
        *to = *from;
}

// A row into the staging buffer: 16-byte steps, the last one overlapping the one before when
// the length is not a multiple of 16, instead of a memcpy call per row (rows of 8 fp32 were
// ~10% slower through memcpy); shorter rows by copyTinyRow.
inline void copyShortRun(const char* from, char* to, std::int64_t bytes) {
    if (bytes < 16) {
        copyTinyRow(from, to, bytes);
        return;
    }
    std::int64_t at = 0;
    for (; at + 16 <= bytes; at += 16)
        _mm_storeu_si128(reinterpret_cast<__m128i*>(to + at),
                         _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + at)));
    if (at < bytes)
        _mm_storeu_si128(reinterpret_cast<__m128i*>(to + bytes - 16),
                         _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + bytes - 16)));
}
#endif

// Rows with a step (x[..., ::2].permute(0, 2, 1, 3)): `count` elements `step` apart from `in`,
// dense into `out`; every other element of 1 to 4 bytes a vector at a time (packEvenElements).
using RowPacker = void (*)(const char* in, char* out, std::int64_t count, std::int64_t step);

template <typename T> void packRow(const char* in, char* out, std::int64_t count, std::int64_t step) {
    const T* from = reinterpret_cast<const T*>(in);
    T* to = reinterpret_cast<T*>(out);
    std::int64_t done = 0;
#if defined(__SSE2__)
    if (step == 2)
        done = packEvenElements(from, to, count);
#endif
    for (std::int64_t i = done; i < count; ++i)
        to[i] = from[i * step];
}

// Items are (outer index, tile along b, tile along a), a fastest: the next tile continues the
// same input streams. `pack`: null for unit-stride rows; for rows with a step, each of a
// piece's rows is packed into the staging buffer (or, with cached stores, straight into the
// output) and the piece streamed from there.
void rowTiledRange(const char* src, char* dst, const TilePlan& plan, int elementSize, bool streaming,
                   RowPacker pack, std::int64_t beginItem, std::int64_t endItem) {
    const RowTileGeometry g = rowTileGeometry(plan, elementSize);
    const std::int64_t rowBytes = g.rowBytes;
    const std::int64_t rowElements = rowBytes / elementSize;
    const std::int64_t step = plan.dims.strides[plan.dims.rank() - 1];
#if defined(__SSE2__)
    const bool wholeLines = rowBytes % 64 == 0;
    // Rows of whole lines stream straight; long rows too, each with its first and last line
    // through the cache (the line it shares with the next row is written by both, close in
    // time); shorter ones are staged, so that their piece streams as whole lines.
    const bool staged = !wholeLines && rowBytes < kRowTileStagedBelow;
    thread_local std::vector<char> staging;
    if (streaming && (staged || pack) && staging.size() < static_cast<std::size_t>(g.rowsB * rowBytes))
        staging.resize(static_cast<std::size_t>(g.rowsB * rowBytes));
#endif
    bool streamed = false;
    for (std::int64_t item = beginItem; item < endItem; ++item) {
        const auto [ta, tb, inBase, outBase] = tileItem(item, g.tilesA, g.tilesB, g.outer, plan);
        const std::int64_t a0 = ta * g.rowsA, countA = std::min(g.sizeA, a0 + g.rowsA) - a0;
        const std::int64_t b0 = tb * g.rowsB, countB = std::min(g.sizeB, b0 + g.rowsB) - b0;
        const char* from = src + inBase * elementSize + a0 * g.strideA + b0 * g.strideB;
        char* to = dst + outBase * elementSize + a0 * g.outStrideA + b0 * rowBytes;
        for (std::int64_t ia = 0; ia < countA; ++ia) {
            const char* in = from + ia * g.strideA;
            char* out = to + ia * g.outStrideA;
            if (pack) {
#if defined(__SSE2__)
                char* rows = streaming ? staging.data() : out;
#else
                char* rows = out;
#endif
                for (std::int64_t ib = 0; ib < countB; ++ib)
                    pack(in + ib * g.strideB, rows + ib * rowBytes, rowElements, step);
#if defined(__SSE2__)
                if (streaming) {
                    copyStreaming(rows, out, countB * rowBytes, false);
                    streamed = true;
                }
#endif
                continue;
            }
#if defined(__SSE2__)
            if (streaming && wholeLines && reinterpret_cast<std::uintptr_t>(out) % 64 == 0) {
                for (std::int64_t ib = 0; ib < countB; ++ib)
                    streamLines(in + ib * g.strideB, out + ib * rowBytes, rowBytes / 64);
                streamed = true;
                continue;
            }
            if (streaming && !staged) {
                for (std::int64_t ib = 0; ib < countB; ++ib)
                    copyStreaming(in + ib * g.strideB, out + ib * rowBytes, rowBytes, false);
                streamed = true;
                continue;
            }
            if (streaming) {
                for (std::int64_t ib = 0; ib < countB; ++ib)
                    copyShortRun(in + ib * g.strideB, staging.data() + ib * rowBytes, rowBytes);
                copyStreaming(staging.data(), out, countB * rowBytes, false);
                streamed = true;
                continue;
            }
#endif
            for (std::int64_t ib = 0; ib < countB; ++ib)
                std::memcpy(out + ib * rowBytes, in + ib * g.strideB, static_cast<std::size_t>(rowBytes));
        }
    }
#if defined(__SSE2__)
    if (streamed)
        _mm_sfence();
#else
    (void)streamed;
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
    case 16:
        return body(Word<Element16>{});
    default:
        throw std::invalid_argument(unsupportedElementSizeMessage(elementSize));
    }
}

} // namespace

void readThroughLayout(CpuThreadPool& pool, const void* src, void* dst, const CollapsedLayout& layout,
                       int elementSize, bool streaming) {
    if (layout.rank() == 1 && layout.strides[0] == 1) {
        // Contiguous in effect (after merging dims): the plain copy, from the view's first element.
        const auto* from = static_cast<const char*>(src) + layout.storageOffset * elementSize;
        parallelCopy(pool, from, dst, layout.numel() * elementSize, streaming);
        return;
    }
    dispatch(elementSize, [&](auto word) {
        using T = typename decltype(word)::type;
        pool.parallelChunks(layout.numel(), chunkOf(layout.numel(), pool.size(), kMinChunkElements),
                            [&](std::int64_t begin, std::int64_t end) {
                                readRange(static_cast<const T*>(src), static_cast<T*>(dst), layout, begin,
                                          end, streaming);
                            });
    });
}

void tiledCopy(CpuThreadPool& pool, const void* src, void* dst, const TilePlan& plan, int elementSize,
               bool streaming) {
    if (plan.wholeRows) {
        if (!supportedElementSize(elementSize))
            throw std::invalid_argument(unsupportedElementSizeMessage(elementSize));
        // Rows of 2, 3, 4, 6 or 8 bytes move as one element each, through the transposing tiles and
        // their register blocks: a row tile moved them a row at a time through its staging buffer.
        // Two threads, 64 MiB, interleaved rounds against the row tiles (best / limit):
        // an RGBA image's transpose 0.17-0.19x -> 0.71x, rows of 2 int8 0.09x -> 0.69x,
        // rows of 4 int8 0.18-0.20x -> 0.64x, rows of 8 int8 0.33-0.38x -> 0.75x, pairs of fp32
        // 0.28-0.31x -> 0.68-0.71x; an RGB image's (3-byte pixels, 4096^2) 0.18x -> 0.57-0.58x, rows
        // of 3 int16 (6-byte pixels) 0.29x -> 0.59x.
        if (const auto wide = widenShortRows(plan, elementSize))
            return tiledCopy(pool, src, dst, wide->plan, wide->elementSize, streaming);
        const RowTileGeometry g = rowTileGeometry(plan, elementSize);
        std::int64_t items = g.tilesA * g.tilesB;
        for (int d : g.outer)
            items *= plan.dims.sizes[d];
        RowPacker pack = nullptr;
        if (plan.dims.strides[plan.dims.rank() - 1] != 1)
            dispatch(elementSize, [&](auto word) { pack = &packRow<typename decltype(word)::type>; });
        pool.parallelChunks(items, chunkOf(items, pool.size(), 1), [&](std::int64_t begin, std::int64_t end) {
            rowTiledRange(static_cast<const char*>(src), static_cast<char*>(dst), plan, elementSize,
                          streaming, pack, begin, end);
        });
        return;
    }
    auto tiles = [&](auto word) {
        using T = typename decltype(word)::type;
        TileGeometry g = tileGeometry<T>(plan);
        g.channels = channelTiles<T>(g);
        std::int64_t items = g.tilesA * g.tilesB;
        for (int d : g.outer)
            items *= plan.dims.sizes[d];
        std::int64_t chunk = chunkOf(items, pool.size(), 1);
        if (carriesEdges<T>(g))
            chunk = g.tilesA * std::max(kEdgeCarryChunkRows, (chunk + g.tilesA - 1) / g.tilesA);
        pool.parallelChunks(items, chunk, [&](std::int64_t begin, std::int64_t end) {
            tiledRange(static_cast<const T*>(src), static_cast<T*>(dst), plan, streaming, begin, end);
        });
    };
    // Pixels come only from widenShortRows (no dtype is 3 or 6 bytes).
    if (elementSize == 3)
        return tiles(Word<Pixel3>{});
    if (elementSize == 6)
        return tiles(Word<Pixel6>{});
    dispatch(elementSize, tiles);
}

void parallelCopy(CpuThreadPool& pool, const void* src, void* dst, std::int64_t bytes, bool streaming) {
    pool.parallelChunks(bytes, kCopyChunkBytes, [&](std::int64_t begin, std::int64_t end) {
        auto* to = static_cast<char*>(dst) + begin;
        const auto* from = static_cast<const char*>(src) + begin;
        if (streaming)
            copyStreamingInStreams(from, to, end - begin);
        else
            std::memcpy(to, from, static_cast<std::size_t>(end - begin));
    });
}

void useWidestBlocks(bool widest) {
#if defined(__SSE2__)
    widestBlocks.store(widest, std::memory_order_relaxed);
#else
    (void)widest;
#endif
}

void useTileShape(TileShape shape) { tileShape.store(shape, std::memory_order_relaxed); }

namespace {
// Page by page, each thread the pages it will use.
template <typename FillRange> void fillPages(CpuThreadPool& pool, std::int64_t bytes, FillRange&& fill) {
    const std::int64_t pages = (bytes + 4095) / 4096;
    pool.parallelRanges(pages, [&](std::int64_t begin, std::int64_t end) {
        fill(begin * 4096, std::min(bytes, end * 4096));
    });
}
} // namespace

void parallelFill(CpuThreadPool& pool, void* dst, std::int64_t bytes, unsigned char value) {
    fillPages(pool, bytes, [&](std::int64_t from, std::int64_t to) {
        std::memset(static_cast<char*>(dst) + from, value, static_cast<std::size_t>(to - from));
    });
}

void parallelFillPattern(CpuThreadPool& pool, void* dst, std::int64_t bytes) {
    fillPages(pool, bytes, [&](std::int64_t from, std::int64_t to) {
        fillBytePattern(static_cast<unsigned char*>(dst) + from, to - from, from);
    });
}

} // namespace stridescope::gpu::cpu
