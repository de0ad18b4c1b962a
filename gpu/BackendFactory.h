#pragma once
// Turns the user's choice (--backend auto|cpu|cuda, the panel's selector) into a backend.
#include "gpu/BandwidthBackend.h"

#include <memory>
#include <optional>
#include <string>

namespace stridescope::gpu {

enum class BackendChoice { Auto, Cpu, Cuda };

std::optional<BackendChoice> backendChoiceFromName(const std::string& name); // "auto", "cpu", "cuda"

struct BackendSelection {
    std::unique_ptr<BandwidthBackend> backend; // never null
    // Non-empty when auto fell back to the CPU: why, for the user ("no CUDA device: measuring
    // on the CPU").
    std::string note;
};

// Auto: CUDA when it is available, else the CPU with a note. Cpu: the CPU. Cuda: the CUDA
// backend even when it is unavailable; the caller reports unavailableReason().
BackendSelection selectBackend(BackendChoice choice, int cpuThreads = 0);

} // namespace stridescope::gpu
