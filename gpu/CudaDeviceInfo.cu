#include "CudaCheck.cuh"
#include "CudaDeviceInfo.h"

#include <dlfcn.h>

namespace stridescope::gpu {

namespace {

// The static runtime reports a machine with no driver at all as cudaErrorInsufficientDriver
// ("CUDA driver version is insufficient for CUDA runtime version"), which sends a user looking
// for a driver update. Whether the driver library can be loaded tells the two cases apart.
bool driverLibraryLoads() {
    void* handle = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
    if (!handle)
        return false;
    dlclose(handle);
    return true;
}

int deviceAttribute(cudaDeviceAttr attribute, int device) {
    int value = 0;
    STRIDESCOPE_CUDA_CHECK(cudaDeviceGetAttribute(&value, attribute, device));
    return value;
}

} // namespace

CudaDeviceQuery queryCudaDevices() {
    CudaDeviceQuery query;
    query.compiledWithCuda = true;
    try {
        int count = 0;
        const cudaError_t status = cudaGetDeviceCount(&count);
        if (status == cudaErrorNoDevice || (status == cudaSuccess && count == 0)) {
            query.error = "no CUDA device";
            return query;
        }
        if (status == cudaErrorInsufficientDriver && !driverLibraryLoads()) {
            cudaGetLastError();
            query.error = "no CUDA device (no NVIDIA driver: libcuda.so.1 cannot be loaded)";
            return query;
        }
        if (status != cudaSuccess)
            throw CudaError(status, "cudaGetDeviceCount");

        for (int device = 0; device < count; ++device) {
            cudaDeviceProp prop{};
            STRIDESCOPE_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
            CudaDeviceInfo info;
            info.index = device;
            info.name = prop.name;
            info.computeCapabilityMajor = prop.major;
            info.computeCapabilityMinor = prop.minor;
            info.smCount = prop.multiProcessorCount;
            info.memoryBusWidthBits = prop.memoryBusWidth;
            // CUDA 13 removed cudaDeviceProp::memoryClockRate; the attribute is the portable way.
            info.memoryClockKHz = deviceAttribute(cudaDevAttrMemoryClockRate, device);
            info.l2CacheBytes = prop.l2CacheSize;
            info.totalMemoryBytes = static_cast<std::int64_t>(prop.totalGlobalMem);
            query.devices.push_back(info);
        }
    } catch (const CudaError& error) {
        query.devices.clear();
        query.error = error.what();
        // A failed runtime call leaves a sticky last error; clear it for later callers.
        cudaGetLastError();
    }
    return query;
}

} // namespace stridescope::gpu
