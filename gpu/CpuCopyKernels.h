#pragma once
// The CPU backend's kernels on raw buffers, split over a CpuThreadPool. Elements are moved as
// 1-, 2-, 4-, 8- or 16-byte words (a copy never looks at values, so the dtype is only its size;
// complex128 is a 16-byte word).
#include "gpu/CopyPlan.h"
#include "gpu/CpuThreadPool.h"

#include <cstdint>

namespace stridescope::gpu::cpu {

// dst[i] = src[storage index of logical element i] for every i in row-major order. `src` is the
// storage's first element; `dst` holds numel elements. The walk is the layout's own order (the
// naive kernel: what the layout costs), except that unit-stride rows move as runs of memory (short
// ones prefetched a few rows ahead), and a layout contiguous in effect (one dim after collapsing)
// is the plain parallelCopy.
// `streaming` as for tiledCopy.
void readThroughLayout(CpuThreadPool& pool, const void* src, void* dst, const CollapsedLayout& layout,
                       int elementSize, bool streaming);

// The same result, transposing tile by tile (plan from planTiled()). `streaming` writes the
// destination with non-temporal stores where a tile's rows are aligned for them: right when
// source and destination together exceed the last-level cache (caching the output would only
// evict the input, and a streaming store skips reading each destination line before writing
// it: 1.5-2x measured), wrong when they fit (the next run would find them cached).
void tiledCopy(CpuThreadPool& pool, const void* src, void* dst, const TilePlan& plan, int elementSize,
               bool streaming);

// Contiguous bytes to contiguous bytes, in chunks taken by whichever thread is free;
// `streaming` as for tiledCopy.
void parallelCopy(CpuThreadPool& pool, const void* src, void* dst, std::int64_t bytes, bool streaming);

// The tiles' register blocks and the streaming stores: the widest the CPU has (AVX2 blocks and
// 64-byte AVX-512 stores where present, the default) or, with false, SSE2's, those of any x86-64
// (tests cover both paths on an AVX2 / AVX-512 machine). Process-wide; set it between copies,
// not during one.
void useWidestBlocks(bool widest);

// Which way the transposing tiles of 2-, 4- and 8-byte elements are long: 512 bytes along the
// input's bursts and 256 along the output's pieces, or the other way round (3- and 6-byte pixels:
// 504 x 192 bytes, or 264 x 384; 2-byte elements then also take AVX2's word blocks). Auto (the default)
// takes the one measured faster on the CPU it runs on (see tileGeometry); the others let the
// tests cover both shapes on any machine. Process-wide; set it between copies, not during one.
enum class TileShape { Auto, LongInputBursts, LongOutputPieces };
void useTileShape(TileShape shape);

// Writes `value` to every byte, one range per thread: fills a buffer and faults its pages in on
// the threads that will use them.
void parallelFill(CpuThreadPool& pool, void* dst, std::int64_t bytes, unsigned char value);
// The same for fillBytePattern's bytes (byte i = i * 131 + 7): what a benchmark's source holds.
void parallelFillPattern(CpuThreadPool& pool, void* dst, std::int64_t bytes);

} // namespace stridescope::gpu::cpu
