#pragma once
// Where a storage's bytes live: the CPU (pageable or pinned memory) or a CUDA device, and the
// CUDA runtime the script sees (a real GPU behind CudaDeviceHook, a simulated cuda:0 whose values
// stay on the host, or none). Also the log of host<->device copies, which eval and the window
// read after each statement. Qt-free; gpu/ implements the hook, the app registers it.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace stridescope {

enum class DeviceType { CPU, CUDA };

// c10::Device: a type and an index, -1 when none was given ("cuda" before it is resolved to the
// current device, and "cpu"). cpu and cpu:0 compare unequal, as in PyTorch.
struct Device {
    DeviceType type = DeviceType::CPU;
    int index = -1;

    static Device cpu() { return {}; }
    static Device cuda(int index) { return {DeviceType::CUDA, index}; }
    bool isCpu() const { return type == DeviceType::CPU; }
    bool isCuda() const { return type == DeviceType::CUDA; }
    bool hasIndex() const { return index >= 0; }
    bool operator==(const Device&) const = default;
    // "cpu", "cpu:0", "cuda", "cuda:0": what str(torch.device) prints.
    std::string str() const;
    // "device(type='cuda', index=0)": its repr.
    std::string repr() const;
};

// Parses a device string as c10::Device's constructor does ("cuda", "cuda:1", "cpu"), with its
// error texts; an index given separately (torch.device('cuda', 0)) is `index`.
Device parseDevice(const std::string& text, std::optional<std::int64_t> index = std::nullopt);

// Where a storage is: its device and, on the CPU, whether its memory is page-locked.
struct Placement {
    Device device;
    bool pinned = false;
    bool operator==(const Placement&) const = default;
    // "cpu", "cpu · pinned", "cuda:0", "cuda:0 · simulated": the diagram's lane label.
    std::string label() const;
};

// The placement new storages get. Storage's constructor reads it; the script layer sets it
// around an operation (its inputs' device, or a factory's device=), so every op that allocates
// puts its result where PyTorch would without each op knowing about devices.
const Placement& currentAllocationPlacement();
class AllocationScope {
public:
    explicit AllocationScope(Placement placement);
    ~AllocationScope();
    AllocationScope(const AllocationScope&) = delete;
    AllocationScope& operator=(const AllocationScope&) = delete;

private:
    Placement m_previous;
};

// ---- the CUDA runtime ------------------------------------------------------------------

// How a copy between two memories goes (PyTorch's copy_kernel_cuda); d2d is also a copy within
// one device (clone, contiguous, copy_ between its tensors) when a real GPU runs it.
enum class TransferDirection { HostToDevice, DeviceToHost, DeviceToDevice };
std::string transferDirectionName(TransferDirection direction); // "h2d", "d2h", "d2d"

// A real CUDA runtime: it allocates CUDA (and pinned) storages, keeps them in step with the
// core's values and runs every copy that touches a device. Defined in DeviceMemory.h (the whole
// seam), implemented in gpu/, registered by the app at start-up.
class CudaDeviceHook;

// The runtime's settings: a real device (hook), else a simulated cuda:0 unless turned off.
void setCudaDeviceHook(std::shared_ptr<CudaDeviceHook> hook);
// Why there is no real device ("no CUDA device found", "built without CUDA", ...).
void setNoCudaDeviceReason(std::string reason);
void setSimulatedGpuAllowed(bool allowed);
bool simulatedGpuAllowed();

bool cudaAvailable();   // torch.cuda.is_available()
bool cudaSimulated();   // the cuda:0 scripts see is simulated
int cudaDeviceCount();  // torch.cuda.device_count()
std::string cudaDeviceName(int index);
std::string cudaNoDeviceReason();
// "cuda:0 is simulated: no CUDA device (<reason>)".
std::string simulatedGpuNotice();
CudaDeviceHook* cudaDeviceHook();

// Whether a script touched CUDA (so that the notice is only printed for scripts that do).
bool cudaWasUsed();
void markCudaUsed();
void resetCudaUsed();

// PyTorch's checks before a CUDA tensor is made: AssertionError "Torch not compiled with CUDA
// enabled" without a CUDA runtime, the invalid-ordinal error for a device that does not exist.
// Returns the device with its index resolved ("cuda" -> "cuda:0", the current device).
Device requireCudaDevice(Device device);

// Bytes of live CUDA storages on a device, as torch.cuda.memory_allocated counts them (the
// caching allocator rounds each block up to 512 bytes).
std::int64_t cudaMemoryAllocated(int index);
void addCudaAllocation(int index, std::int64_t bytes);

// ---- transfers ------------------------------------------------------------------------

struct TransferRecord {
    std::uint64_t sourceStorage = 0;
    std::uint64_t destinationStorage = 0;
    Placement from;
    Placement to;
    TransferDirection direction = TransferDirection::HostToDevice;
    std::int64_t bytes = 0;
    bool pinned = false;  // the host side was page-locked
    bool staged = false;  // pageable host memory: the driver copies through a pinned staging buffer
    bool nonBlocking = false;
    bool asynchronous = false; // non_blocking and pinned
    // A source that is not dense was first made contiguous on its own side: that copy's bytes.
    std::int64_t contiguousCopyBytes = 0;
    bool measured = false; // timed on a real GPU
    double ms = 0.0;
    double gbps = 0.0;
};

void recordTransfer(const TransferRecord& record);
// The transfers recorded since the last call (eval and the window call it after each statement).
std::vector<TransferRecord> takeTransfers();

} // namespace stridescope
