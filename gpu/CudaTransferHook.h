#pragma once
// The real-GPU side of the core's device model (core/DeviceMemory.h's CudaDeviceHook): the CUDA
// runtime behind DevicePrimitives (cudaMalloc/cudaMallocHost blocks, cudaMemcpyAsync on a
// stream, a strided copy kernel, CUDA events), under CudaStorageHook's paths. Built as a stub
// without CUDA.
#include "core/DeviceMemory.h"
#include "gpu/CudaDeviceInfo.h"
#include "gpu/DevicePrimitives.h"

#include <memory>

namespace stridescope::gpu {

// The CUDA runtime's primitives for the devices `query` found; nullptr when it found none (or
// CUDA is not built).
std::shared_ptr<DevicePrimitives> makeCudaPrimitives(const CudaDeviceQuery& query);

// A hook for the devices `query` found, or nullptr when it found none (or CUDA is not built).
std::shared_ptr<CudaDeviceHook> makeCudaTransferHook(const CudaDeviceQuery& query);

} // namespace stridescope::gpu
