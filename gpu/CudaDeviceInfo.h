#pragma once
// What the CUDA runtime reports about the GPUs of this machine, in plain C++ types so that code
// without CUDA (the app, the tests, the stub build) can read it.
#include <cstdint>
#include <string>
#include <vector>

namespace stridescope::gpu {

struct CudaDeviceInfo {
    int index = 0;
    std::string name;
    int computeCapabilityMajor = 0;
    int computeCapabilityMinor = 0;
    int smCount = 0;
    int memoryBusWidthBits = 0;
    int memoryClockKHz = 0; // peak memory clock as the runtime reports it
    std::int64_t l2CacheBytes = 0;
    std::int64_t totalMemoryBytes = 0;

    // DDR transfers twice per clock: 2 * clock * bus width / 8 bytes per second, in GB/s (1e9).
    double theoreticalPeakGBps() const {
        return 2.0 * static_cast<double>(memoryClockKHz) * 1e3 * memoryBusWidthBits / 8.0 / 1e9;
    }
};

struct CudaDeviceQuery {
    bool compiledWithCuda = false;
    std::vector<CudaDeviceInfo> devices;
    // Empty when the query succeeded and found at least one device; otherwise one line for the
    // user: "built without CUDA", "no CUDA device", or the runtime's own error text.
    std::string error;

    int deviceCount() const { return static_cast<int>(devices.size()); }
};

// Never throws and never exits: every failure ends up in CudaDeviceQuery::error.
CudaDeviceQuery queryCudaDevices();

} // namespace stridescope::gpu
