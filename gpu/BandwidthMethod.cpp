#include "gpu/BandwidthMethod.h"

#include "gpu/CopyPlan.h"

#include <algorithm>
#include <stdexcept>

namespace stridescope::gpu {

namespace {

void checkInterrupt(const MeasureOptions& options) {
    if (options.interrupted && options.interrupted())
        throw Interrupted();
}

} // namespace

void summarize(CaseResult& result) {
    if (result.seconds.empty())
        return;
    std::vector<double> sorted = result.seconds;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t n = sorted.size();
    const double median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    const double best = sorted.front();
    const double bytes = static_cast<double>(result.bytesMoved);
    result.msMedian = median * 1e3;
    result.msBest = best * 1e3;
    // A run too short for the clock reads as 0 s; report 0 GB/s rather than infinity.
    result.gbpsMedian = median > 0 ? bytes / median / 1e9 : 0.0;
    result.gbpsBest = best > 0 ? bytes / best / 1e9 : 0.0;
}

CaseResult timeKernel(PreparedCopy& prepared, CopyKernel kernel, const std::string& backend,
                      const CopyProblem& problem, const MeasureOptions& options) {
    if (options.repetitions < 1)
        throw std::invalid_argument("at least one timed repetition is needed");
    CaseResult result;
    result.backend = backend;
    result.kernel = kernel;
    result.layout = problem.layout;
    result.elementSize = problem.elementSize;
    result.bytesMoved = 2 * problem.destinationBytes();
    for (int i = 0; i < options.warmups; ++i) {
        checkInterrupt(options);
        prepared.run(kernel);
    }
    result.seconds.reserve(static_cast<std::size_t>(options.repetitions));
    for (int i = 0; i < options.repetitions; ++i) {
        checkInterrupt(options);
        result.seconds.push_back(prepared.run(kernel));
    }
    summarize(result);
    return result;
}

const CaseResult* LayoutMeasurement::find(CopyKernel kernel) const {
    for (const auto& c : cases)
        if (c.kernel == kernel)
            return &c;
    return nullptr;
}

std::vector<CopyKernel> defaultKernels(const BandwidthBackend& backend, const Layout& layout) {
    std::vector<CopyKernel> kernels{CopyKernel::ReadThroughLayout};
    if (backend.tiledApplies(layout))
        kernels.push_back(CopyKernel::Tiled);
    kernels.push_back(CopyKernel::Baseline);
    kernels.push_back(CopyKernel::Memcpy);
    return kernels;
}

LayoutMeasurement measureLayout(BandwidthBackend& backend, const ScaledLayout& workingSet,
                                const MeasureOptions& options, const std::vector<CopyKernel>& kernels,
                                bool withModel) {
    if (!backend.isAvailable())
        throw std::runtime_error(backend.name() + " backend unavailable: " + backend.unavailableReason());
    LayoutMeasurement measurement;
    measurement.backend = backend.info();
    measurement.workingSet = workingSet;
    const CopyProblem problem = workingSet.problem();
    checkInterrupt(options);
    auto prepared = backend.prepare(problem);
    for (auto kernel : kernels) {
        if (kernel == CopyKernel::Tiled && !backend.tiledApplies(problem.layout))
            continue;
        measurement.cases.push_back(timeKernel(*prepared, kernel, backend.name(), problem, options));
    }
    if (withModel) {
        measurement.gpuModel = gpuCoalescing(problem.layout, problem.elementSize);
        measurement.cpuModel = cpuLineTraffic(problem.layout, problem.elementSize);
    }
    return measurement;
}

} // namespace stridescope::gpu
