#pragma once
// Private to gpu/*.cu: fillBytePattern's bytes (core/DeviceMemory.h) written on the device, so
// that a layout-only CUDA block, a layout-only host source and a bandwidth benchmark's source
// hold the same bytes on every backend.
#include "CudaCheck.cuh"

#include <algorithm>
#include <cstdint>

namespace stridescope::gpu {

// Byte i = i * 131 + 7, as fillBytePattern.
static __global__ void bytePatternKernel(unsigned char* p, std::int64_t count) {
    const std::int64_t step = std::int64_t(gridDim.x) * blockDim.x;
    for (std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += step)
        p[i] = static_cast<unsigned char>(i * 131 + 7);
}

// Enqueued on the current device's default stream; the caller synchronizes.
inline void fillBytePatternOnDevice(void* p, std::int64_t bytes) {
    constexpr std::int64_t threads = 256;
    const std::int64_t blocks = std::clamp<std::int64_t>((bytes + threads - 1) / threads, 1, 65535 * 8);
    bytePatternKernel<<<static_cast<unsigned int>(blocks), static_cast<unsigned int>(threads)>>>(
        static_cast<unsigned char*>(p), bytes);
    STRIDESCOPE_CUDA_CHECK(cudaGetLastError());
}

} // namespace stridescope::gpu
