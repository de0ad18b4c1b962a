#pragma once
// The one interface every bandwidth backend (CPU threads, CUDA) implements, BabelStream-style:
// calls block, results are values. The app runs long measurements in a worker object, never on
// the GUI thread. No CUDA type appears here (gpu/*.cu keeps them private).
#include "core/Layout.h"
#include "gpu/CopyKernel.h"
#include "gpu/CopyPlan.h"
#include "gpu/CudaDeviceInfo.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace stridescope::gpu {

// The element sizes every backend moves: 1, 2, 4, 8 and 16 bytes (complex128).
inline bool supportedElementSize(int size) {
    return size == 1 || size == 2 || size == 4 || size == 8 || size == 16;
}
// The one refusal for any other size: "element size must be 1, 2, 4, 8 or 16 bytes, not 3".
std::string unsupportedElementSizeMessage(int size);

// A layout read over a storage of `storageElements` elements of `elementSize` bytes
// (supportedElementSize).
struct CopyProblem {
    Layout layout;
    int elementSize = 4;
    std::int64_t storageElements = 0;

    std::int64_t numel() const { return layout.numel(); }
    std::int64_t destinationBytes() const { return numel() * elementSize; }
    // The source buffer also serves the baseline copy, so it holds at least numel elements.
    std::int64_t sourceBytes() const { return std::max(storageElements, numel()) * elementSize; }
};

struct BackendInfo {
    std::string backend; // "cpu", "cuda"
    std::string device;  // "AMD EPYC (2 threads)", "NVIDIA H200"
    int parallelism = 0; // CPU threads used, or streaming multiprocessors
    std::int64_t memoryBytes = 0;
    // The cache a working set must dwarf to measure memory, not cache: the CPU's L3 (0 when the
    // system does not say), the GPU's L2.
    std::int64_t lastLevelCacheBytes = 0;
    std::optional<double> theoreticalPeakGBps; // GPUs: 2 · memory clock · bus width / 8
    std::optional<CudaDeviceInfo> cudaDevice;
};

// Buffers allocated and filled for one CopyProblem on one backend.
class PreparedCopy {
public:
    virtual ~PreparedCopy() = default;
    PreparedCopy(const PreparedCopy&) = delete;
    PreparedCopy& operator=(const PreparedCopy&) = delete;

    // Runs `kernel` once and returns its duration in seconds by the backend's clock (CUDA
    // events on the GPU, steady_clock on the CPU). Blocks until the copy is complete. Throws
    // std::invalid_argument for Tiled when the backend's tiledApplies() is false for the layout.
    virtual double run(CopyKernel kernel) = 0;
    // The destination after the last run: numel · elementSize bytes in host memory.
    virtual std::vector<std::uint8_t> destination() const = 0;

protected:
    PreparedCopy() = default;
};

enum class TransferDirection { HostToDevice, DeviceToHost };
std::string transferName(TransferDirection direction, bool pinned); // "h2d_pinned", ...

struct TransferResult {
    TransferDirection direction = TransferDirection::HostToDevice;
    bool pinned = false;
    std::int64_t bytes = 0; // one copy's size; GB/s counts it once, as CUDA's bandwidthTest does
    int repetitions = 0;
    double msMedian = 0; // per copy
    double msBest = 0;
    double gbpsMedian = 0;
    double gbpsBest = 0;
};

// Returns true when the caller wants the measurement abandoned; polled between repetitions.
using InterruptCheck = std::function<bool()>;

class Interrupted : public std::runtime_error {
public:
    Interrupted() : std::runtime_error("measurement interrupted") {}
};

// 4 KiB, 8 KiB, ... 256 MiB: the sizes of the host↔device sweep.
std::vector<std::int64_t> defaultTransferSizes();

class BandwidthBackend {
public:
    virtual ~BandwidthBackend() = default;
    BandwidthBackend(const BandwidthBackend&) = delete;
    BandwidthBackend& operator=(const BandwidthBackend&) = delete;

    // Stable identifier, as `stridescope bench --backend` spells it: "cpu", "cuda".
    virtual std::string name() const = 0;
    // False when this backend cannot measure on this machine: not compiled in, no device,
    // a driver error. Checking it never throws.
    virtual bool isAvailable() const = 0;
    // One line for the user saying why isAvailable() is false; empty when it is true.
    virtual std::string unavailableReason() const = 0;

    // What is measured on. Requires isAvailable().
    virtual BackendInfo info() const = 0;
    // Bytes a working set (source plus destination buffers) may take on this backend now:
    // available RAM, or free device memory. Requires isAvailable().
    virtual std::int64_t memoryLimitBytes() const = 0;
    // Allocates and fills the buffers; `source`, when not empty, is the storage's bytes (tests
    // compare the result with core's contiguous()), otherwise a fill pattern is used. Refuses
    // (std::runtime_error, nothing allocated) a problem that does not fit memoryLimitBytes().
    virtual std::unique_ptr<PreparedCopy> prepare(const CopyProblem& problem,
                                                  std::span<const std::uint8_t> source = {}) = 0;
    // Whether this backend has a tiled kernel for the layout: a transpose (planTiled) on every
    // backend; the CPU's also moves whole rows in tiles (planRowTiles).
    virtual bool tiledApplies(const Layout& layout) const { return gpu::tiledApplies(layout); }

    // Host↔device copies, pageable against pinned, for each size and direction. Backends
    // without a device (the CPU) return nothing.
    virtual bool measuresTransfers() const { return false; }
    virtual std::vector<TransferResult> measureTransfers(const std::vector<std::int64_t>& sizes,
                                                         int repetitions, const InterruptCheck& interrupted) {
        (void)sizes;
        (void)repetitions;
        (void)interrupted;
        return {};
    }

protected:
    BandwidthBackend() = default;
};

} // namespace stridescope::gpu
