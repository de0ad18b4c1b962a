#pragma once
// The core's CudaDeviceHook (core/DeviceMemory.h) on top of DevicePrimitives: CUDA storages in
// device memory and pinned storages in page-locked memory, the core's values uploaded into
// them, and each copy that touches a device run along the DeviceCopy's path (the source made
// contiguous on its side by a kernel, pageable memory staged, pinned memory copied directly,
// non_blocking asynchronous only from pinned memory), timed between CUDA events and read back.
// Plain C++: the CUDA runtime is behind the primitives (CudaTransferHook.cu), so the tests run
// the same code on a fake device.
//
// With STRIDESCOPE_CUDA_LOG set to a file name, each allocation, upload, copy (its path and
// times) and free is appended to that file as one line (scripts/test-cuda keeps it).
#include "core/DeviceMemory.h"
#include "gpu/DevicePrimitives.h"

#include <memory>

namespace stridescope::gpu {

std::shared_ptr<CudaDeviceHook> makeCudaStorageHook(std::shared_ptr<DevicePrimitives> primitives);

// PyTorch's format_size: "512 bytes", "20.00 KiB", "1.50 MiB", "4.00 GiB".
std::string formatMemorySize(std::int64_t bytes);

} // namespace stridescope::gpu
