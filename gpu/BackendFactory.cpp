#include "gpu/BackendFactory.h"

#include "gpu/CpuBackend.h"
#include "gpu/CudaBackend.h"

namespace stridescope::gpu {

std::optional<BackendChoice> backendChoiceFromName(const std::string& name) {
    if (name == "auto")
        return BackendChoice::Auto;
    if (name == "cpu")
        return BackendChoice::Cpu;
    if (name == "cuda")
        return BackendChoice::Cuda;
    return std::nullopt;
}

BackendSelection selectBackend(BackendChoice choice, int cpuThreads) {
    BackendSelection selection;
    if (choice == BackendChoice::Cpu) {
        selection.backend = std::make_unique<CpuBackend>(cpuThreads);
        return selection;
    }
    auto cuda = makeCudaBackend();
    if (choice == BackendChoice::Cuda || cuda->isAvailable()) {
        selection.backend = std::move(cuda);
        return selection;
    }
    selection.note = cuda->unavailableReason() + ": measuring on the CPU";
    selection.backend = std::make_unique<CpuBackend>(cpuThreads);
    return selection;
}

} // namespace stridescope::gpu
