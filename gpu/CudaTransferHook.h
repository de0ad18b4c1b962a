#pragma once
// The real-GPU side of the core's device model (core/Device.h's CudaDeviceHook): each copy a
// script makes between the host and cuda:N is run on the device with the path PyTorch takes
// (pageable host memory through the driver's staging, pinned memory directly), timed with CUDA
// events, and read back and compared with what was sent. Built as a stub without CUDA.
#include "core/Device.h"
#include "gpu/CudaDeviceInfo.h"

#include <memory>

namespace stridescope::gpu {

// A hook for the devices `query` found, or nullptr when it found none (or CUDA is not built).
std::shared_ptr<CudaDeviceHook> makeCudaTransferHook(const CudaDeviceQuery& query);

} // namespace stridescope::gpu
