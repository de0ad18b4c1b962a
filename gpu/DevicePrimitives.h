#pragma once
// The few things a CUDA runtime does for the storage hook (CudaStorageHook.h): allocate, fill,
// copy synchronously, and run a timed sequence of copies and kernels on one stream between
// CUDA events. CudaTransferHook.cu implements it with the CUDA runtime; the tests implement it
// on host memory (counting what is asked) to check the hook's paths without a GPU. Plain C++.
#include "core/Layout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace stridescope::gpu {

enum class MemcpyKind { HostToDevice, DeviceToHost, DeviceToDevice, Peer };

class DevicePrimitives {
public:
    virtual ~DevicePrimitives() = default;
    virtual int deviceCount() const = 0;
    virtual std::string deviceName(int device) const = 0;
    virtual std::int64_t totalMemoryBytes(int device) const = 0;

    // nullptr when the memory is not there (the hook words PyTorch's out-of-memory error);
    // other failures throw.
    virtual void* allocateDevice(int device, std::int64_t bytes) = 0;
    virtual void freeDevice(int device, void* pointer) noexcept = 0;
    virtual void* allocatePinned(std::int64_t bytes) = 0;
    virtual void freePinned(void* pointer) noexcept = 0;

    // Untimed and synchronous. fill writes zeros, or with `pattern` fillBytePattern's bytes.
    virtual void fill(int device, void* pointer, std::int64_t bytes, bool pattern) = 0;
    virtual void copySync(MemcpyKind kind, int dstDevice, void* dst, int srcDevice, const void* src,
                          std::int64_t bytes) = 0;

    // A timed sequence on one stream of `device`: begin() records the first event, mark() one
    // after the steps enqueued since, finish() waits for all and returns the milliseconds
    // between successive events.
    virtual void begin(int device) = 0;
    // cudaMemcpyAsync on the sequence's stream: from pageable host memory the driver stages it
    // (and the call returns once the host buffer may be reused); from page-locked memory it is
    // a direct DMA that returns at once.
    virtual void memcpyAsync(MemcpyKind kind, int dstDevice, void* dst, int srcDevice, const void* src,
                             std::int64_t bytes) = 0;
    // A kernel on the sequence's device: element i of both layouts (row-major order, the same
    // sizes) goes from src (layout storage-relative to src) to dst; elementSize 1, 2, 4, 8 or 16.
    virtual void stridedCopy(void* dst, const Layout& dstLayout, const void* src, const Layout& srcLayout,
                             int elementSize) = 0;
    virtual void mark() = 0;
    // cudaStreamSynchronize (PyTorch's memcpy_and_sync for a blocking copy).
    virtual void synchronize() = 0;
    // Whether everything enqueued so far has finished, without waiting (cudaEventQuery).
    virtual bool done() = 0;
    virtual std::vector<double> finish() = 0;
};

} // namespace stridescope::gpu
