#pragma once
// The analytic memory-traffic model of the read-through-layout kernel (what `.contiguous()`
// does): the logical elements are read in row-major order and written contiguously. It explains
// the gap between a layout's measured bandwidth and the contiguous baseline.
//
// GPU: thread t of warp w reads logical element 32·w + t, so each warp issues one load request;
// the request costs the distinct 32-byte sectors (the unit DRAM and L2 move) and 128-byte lines
// (the L1 unit) that its threads' addresses touch. The ideal is what the same number of
// contiguous, aligned elements would touch: ceil(threads · itemSize / 32) sectors.
//
// CPU: one thread walks the elements in row-major order; a 64-byte line is fetched whenever an
// element lies in another line than the element read just before it (nothing else is assumed
// to stay cached). The ideal is ceil(numel · itemSize / 64) lines.
//
// Addresses are storage element indices times itemSize from a base aligned to the largest unit
// (CUDA allocations are 256-byte aligned, PyTorch's CPU allocator 64-byte), so
// storage_offset moves the view off alignment exactly as it does on the hardware.
//
// Every count is exact (integer arithmetic, no sampling); tests compare them with brute force.
#include "Layout.h"

#include <cstdint>
#include <optional>

namespace stridescope {

struct CoalescingGeometry {
    int warpSize = 32;
    int sectorBytes = 32;  // GPU DRAM/L2 transaction unit
    int lineBytes = 128;   // GPU L1 cache line
    int cpuLineBytes = 64; // CPU cache line
};

// One warp's load request.
struct WarpRequest {
    std::int64_t threads = 0;      // active threads: warpSize, fewer only in the last warp
    std::int64_t sectors = 0;      // distinct sectors touched
    std::int64_t lines = 0;        // distinct lines touched
    std::int64_t idealSectors = 0; // ceil(threads · itemSize / sectorBytes)
    std::int64_t idealLines = 0;   // ceil(threads · itemSize / lineBytes)
};

// Totals over every warp request of the kernel.
struct GpuCoalescing {
    std::int64_t requests = 0;
    std::int64_t threads = 0; // = numel
    std::int64_t sectors = 0;
    std::int64_t lines = 0;
    std::int64_t idealSectors = 0;
    std::int64_t idealLines = 0;

    double sectorsPerRequest() const { return requests ? double(sectors) / double(requests) : 0.0; }
    double idealSectorsPerRequest() const { return requests ? double(idealSectors) / double(requests) : 0.0; }
    // Ideal over actual sectors, like nvprof's gld_efficiency: 1 when perfectly coalesced, lower
    // when sectors are fetched for few useful bytes, above 1 when threads share an address
    // (a stride-0 broadcast serves several threads from one sector).
    double efficiency() const { return sectors ? double(idealSectors) / double(sectors) : 1.0; }
};

struct CpuLineTraffic {
    std::int64_t elements = 0;
    std::int64_t lineFetches = 0;
    std::int64_t idealLines = 0;

    double linesPerElement() const { return elements ? double(lineFetches) / double(elements) : 0.0; }
    double idealLinesPerElement() const { return elements ? double(idealLines) / double(elements) : 0.0; }
    double efficiency() const { return lineFetches ? double(idealLines) / double(lineFetches) : 1.0; }
};

// The request of warp `warp` (0-based; requires 0 <= warp < ceil(numel / warpSize)).
WarpRequest warpRequest(const Layout& layout, int itemSize, std::int64_t warp,
                        const CoalescingGeometry& geometry = {});

// Totals over all warps. Runs in time independent of numel for most layouts (residue counting,
// see the .cpp); the rest are enumerated, and nothing comes back when that would take more than
// `maxWork` address computations.
std::optional<GpuCoalescing> gpuCoalescing(const Layout& layout, int itemSize,
                                           const CoalescingGeometry& geometry = {},
                                           std::int64_t maxWork = std::int64_t(1) << 28);

// Line fetches of a row-major walk. Time independent of numel (O(rank² · line²)).
CpuLineTraffic cpuLineTraffic(const Layout& layout, int itemSize, const CoalescingGeometry& geometry = {});

} // namespace stridescope
