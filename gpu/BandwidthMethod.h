#pragma once
// The measuring method, the same on every backend (BabelStream's): buffers prepared once, the
// first (warm-up) run of each kernel dropped, then `repetitions` timed runs; bytes moved = bytes
// read + bytes written (numel · itemSize each way, whatever the layout); GB/s with GB = 1e9;
// the median and the best run reported.
#include "core/CoalescingModel.h"
#include "gpu/BandwidthBackend.h"
#include "gpu/WorkingSet.h"

#include <optional>
#include <string>
#include <vector>

namespace stridescope::gpu {

struct MeasureOptions {
    int repetitions = 10;       // timed runs per kernel, after the warm-ups
    int warmups = 1;            // untimed runs first: page faults, caches, clocks, lazy module loading
    InterruptCheck interrupted; // polled before every run; Interrupted is thrown when it says so
};

struct CaseResult {
    std::string backend; // "cpu", "cuda"
    CopyKernel kernel = CopyKernel::ReadThroughLayout;
    Layout layout; // the scaled layout that was read
    int elementSize = 4;
    std::int64_t bytesMoved = 0; // per run: read + written
    std::vector<double> seconds; // every timed run, in order
    double msMedian = 0;
    double msBest = 0;
    double gbpsMedian = 0;
    double gbpsBest = 0;

    std::string name() const { return caseName(kernel); }
};

// Median (mean of the middle two for an even count) and minimum of the runs; GB/s from them.
void summarize(CaseResult& result);

CaseResult timeKernel(PreparedCopy& prepared, CopyKernel kernel, const std::string& backend,
                      const CopyProblem& problem, const MeasureOptions& options);

struct LayoutMeasurement {
    BackendInfo backend;
    ScaledLayout workingSet;
    std::vector<CaseResult> cases;         // in the order measured
    std::optional<GpuCoalescing> gpuModel; // of the scaled layout, when asked for
    std::optional<CpuLineTraffic> cpuModel;

    const CaseResult* find(CopyKernel kernel) const;
};

// The kernels measureLayout runs by default: read-through-layout, tiled where the backend has
// a tiled kernel for the layout (BandwidthBackend::tiledApplies), the baseline copy and the
// vendor memcpy.
std::vector<CopyKernel> defaultKernels(const BandwidthBackend& backend, const Layout& layout);

// Prepares the working set on `backend` and times each kernel. `withModel` adds the coalescing
// model of the scaled layout (exact; may take a fraction of a second for odd sizes).
LayoutMeasurement measureLayout(BandwidthBackend& backend, const ScaledLayout& workingSet,
                                const MeasureOptions& options, const std::vector<CopyKernel>& kernels,
                                bool withModel = false);

} // namespace stridescope::gpu
