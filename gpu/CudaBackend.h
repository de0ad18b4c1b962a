#pragma once
// The CUDA backend. CudaBackend.cu implements it when STRIDESCOPE_WITH_CUDA is ON;
// CudaBackendStub.cpp otherwise returns a backend whose unavailableReason() is "built without
// CUDA". No CUDA header is needed to use it.
#include "gpu/BandwidthBackend.h"

#include <memory>

namespace stridescope::gpu {

// Never throws: a missing driver, no device or a driver error make a backend whose
// isAvailable() is false and whose unavailableReason() is "no CUDA device" or the driver's text.
std::unique_ptr<BandwidthBackend> makeCudaBackend(int device = 0);

} // namespace stridescope::gpu
