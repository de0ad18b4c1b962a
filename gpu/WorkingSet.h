#pragma once
// The on-screen tensor is tiny; timing it alone measures launch overhead and L1. The working set
// is the same layout grown until it reads `targetBytes` (well above the last-level cache), with
// what decides its memory behaviour kept:
//   - the order of the dims by stride (a transpose stays a transpose, NHWC stays NHWC),
//   - stride-0 dims (a broadcast stays a broadcast),
//   - gaps: each stride's ratio to the extent of the next-smaller-stride dim (narrow keeps its
//     fraction of the row, a step keeps its step, a dense layout stays dense),
//   - the innermost stride itself (a step of 2 stays 2 elements).
//   - a last dim that is a row shorter than a cache line, packed back to back with the next
//     (the channels of an RGBA image, pairs of coordinates): its length;
//   - an image's 2-4 channels (in a view of three dims or more whose others are all longer than
//     4), as the last dim or as the packed innermost one (CHW <-> HWC): their number.
// Every other dim of size > 1 is multiplied by one factor (so the logical shape keeps its
// proportions); size-1 dims stay 1.
#include "core/Layout.h"
#include "gpu/BandwidthBackend.h"

#include <cstdint>

namespace stridescope::gpu {

inline constexpr std::int64_t kMiB = std::int64_t(1) << 20;
inline constexpr std::int64_t kDefaultGpuWorkingSetBytes = 256 * kMiB;
inline constexpr std::int64_t kDefaultCpuWorkingSetBytes = 64 * kMiB;
// Gapped layouts need more storage than they read; by default up to this many times the target.
inline constexpr std::int64_t kDefaultStorageToWorkingSetRatio = 8;

struct ScaledLayout {
    Layout view;   // as given (on screen)
    Layout layout; // as measured
    int elementSize = 4;
    std::int64_t storageElements = 0; // the storage `layout` needs (offset + extent)
    double factor = 1.0;              // applied to every dim of size > 1 (before rounding)

    std::int64_t logicalBytes() const { return layout.numel() * elementSize; }
    std::int64_t storageBytes() const { return storageElements * elementSize; }
    CopyProblem problem() const { return {layout, elementSize, storageElements}; }
};

// Throws std::invalid_argument with a message for the user when the view cannot be scaled
// (empty, a single element, an unsupported element size, a non-positive target) or when no
// factor keeps the storage within maxStorageBytes (0: kDefaultStorageToWorkingSetRatio ·
// targetBytes). The result reads as close to targetBytes as integer sizes allow.
ScaledLayout scaleToWorkingSet(const Layout& view, int elementSize, std::int64_t targetBytes,
                               std::int64_t maxStorageBytes = 0);

// The layout of `view` with sizes multiplied by `factor` (dims of size > 1, at least 2, but a
// short row kept as above), and strides and storage offset rebuilt to keep the order, gaps and
// stride-0 dims as above.
ScaledLayout scaleLayout(const Layout& view, int elementSize, double factor);

} // namespace stridescope::gpu
