#include "Device.h"

#include "DeviceMemory.h"
#include "Error.h"

#include <atomic>
#include <cctype>
#include <limits>
#include <map>
#include <mutex>

namespace stridescope {

std::string Device::str() const {
    const std::string name = isCuda() ? "cuda" : "cpu";
    return hasIndex() ? name + ":" + std::to_string(index) : name;
}

std::string Device::repr() const {
    std::string out = std::string("device(type='") + (isCuda() ? "cuda" : "cpu") + "'";
    if (hasIndex())
        out += ", index=" + std::to_string(index);
    return out + ")";
}

Device parseDevice(const std::string& text, std::optional<std::int64_t> index) {
    // c10::Device(const std::string&): "<type>(:<index>)?", the index without leading zeros.
    std::size_t i = 0;
    while (i < text.size() && (std::isalpha(static_cast<unsigned char>(text[i])) || text[i] == '_'))
        ++i;
    const std::string type = text.substr(0, i);
    std::optional<int> parsedIndex;
    bool valid = !type.empty();
    if (valid && i < text.size()) {
        const std::string digits = text.substr(i + 1);
        valid = text[i] == ':' && !digits.empty() && digits.size() <= 9 &&
                (digits == "0" || digits[0] != '0');
        for (const char c : digits)
            valid = valid && std::isdigit(static_cast<unsigned char>(c));
        if (valid)
            parsedIndex = std::stoi(digits);
    }
    SS_CHECK(valid, RuntimeError, "Invalid device string: '", text, "'");
    static const char* const kTypes[] = {"cpu", "cuda", "ipu",   "xpu",  "mkldnn", "opengl", "opencl",
                                         "ideep", "hip", "ve",   "fpga", "ort",    "xla",    "lazy",
                                         "vulkan", "mps", "meta", "hpu", "privateuseone"};
    bool known = false;
    for (const char* t : kTypes)
        known = known || type == t;
    SS_CHECK(known, RuntimeError,
             "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, ort, xla, "
             "lazy, vulkan, mps, meta, hpu, privateuseone device type at start of device string: ",
             text);
    SS_CHECK(type == "cpu" || type == "cuda", RuntimeError, "StrideScope models cpu and cuda devices only; ",
             "device type '", type, "' is not available");
    if (index) {
        SS_CHECK(!parsedIndex, RuntimeError,
                 "type (string) must not include an index because index was passed explicitly: ", text);
        SS_CHECK(*index >= 0, RuntimeError, "Device index must not be negative");
        SS_CHECK(*index <= 1 << 30, RuntimeError, "Device index ", *index, " is out of range");
        parsedIndex = static_cast<int>(*index);
    }
    Device device{type == "cuda" ? DeviceType::CUDA : DeviceType::CPU, parsedIndex.value_or(-1)};
    SS_CHECK(!device.isCpu() || device.index <= 0, RuntimeError, "CPU device index must be -1 or zero, got ",
             device.index);
    return device;
}

std::string Placement::label() const {
    if (device.isCpu())
        return pinned ? "cpu \u00b7 pinned" : "cpu";
    return device.str() + (cudaSimulated() ? " \u00b7 simulated" : "");
}

// ---- allocation placement ------------------------------------------------------------

namespace {
thread_local Placement t_allocationPlacement;
}

const Placement& currentAllocationPlacement() { return t_allocationPlacement; }

AllocationScope::AllocationScope(Placement placement) : m_previous(t_allocationPlacement) {
    t_allocationPlacement = placement;
}

AllocationScope::~AllocationScope() { t_allocationPlacement = m_previous; }

// ---- the CUDA runtime ------------------------------------------------------------------

namespace {

struct Runtime {
    std::mutex mutex;
    std::shared_ptr<CudaDeviceHook> hook;
    std::string noDeviceReason = "no CUDA device found";
    bool simulatedAllowed = true;
    std::map<int, std::int64_t> allocated;
    std::vector<TransferRecord> transfers;
};

Runtime& runtime() {
    static Runtime* instance = new Runtime(); // never destroyed: storages may outlive statics
    return *instance;
}

std::atomic<bool> g_cudaUsed{false};

} // namespace

void setCudaDeviceHook(std::shared_ptr<CudaDeviceHook> hook) {
    std::lock_guard lock(runtime().mutex);
    runtime().hook = std::move(hook);
}

void setNoCudaDeviceReason(std::string reason) {
    std::lock_guard lock(runtime().mutex);
    runtime().noDeviceReason = std::move(reason);
}

void setSimulatedGpuAllowed(bool allowed) {
    std::lock_guard lock(runtime().mutex);
    runtime().simulatedAllowed = allowed;
}

bool simulatedGpuAllowed() {
    std::lock_guard lock(runtime().mutex);
    return runtime().simulatedAllowed;
}

CudaDeviceHook* cudaDeviceHook() {
    std::lock_guard lock(runtime().mutex);
    return runtime().hook && runtime().hook->deviceCount() > 0 ? runtime().hook.get() : nullptr;
}

bool cudaSimulated() { return !cudaDeviceHook() && simulatedGpuAllowed(); }
bool cudaAvailable() { return cudaDeviceCount() > 0; }

int cudaDeviceCount() {
    if (CudaDeviceHook* hook = cudaDeviceHook())
        return hook->deviceCount();
    return simulatedGpuAllowed() ? 1 : 0;
}

std::string cudaDeviceName(int index) {
    if (CudaDeviceHook* hook = cudaDeviceHook())
        return hook->deviceName(index);
    return "StrideScope simulated GPU";
}

std::string cudaNoDeviceReason() {
    std::lock_guard lock(runtime().mutex);
    return runtime().noDeviceReason;
}

std::string simulatedGpuNotice() { return "cuda:0 is simulated: no CUDA device (" + cudaNoDeviceReason() + ")"; }

bool cudaWasUsed() { return g_cudaUsed.load(); }
void markCudaUsed() { g_cudaUsed = true; }
void resetCudaUsed() { g_cudaUsed = false; }

Device requireCudaDevice(Device device) {
    markCudaUsed();
    // torch.cuda._lazy_init of a build without CUDA.
    SS_CHECK(cudaAvailable(), AssertionError, "Torch not compiled with CUDA enabled");
    const int index = device.hasIndex() ? device.index : 0; // the current device
    SS_CHECK(index < cudaDeviceCount(), RuntimeError,
             "CUDA error: invalid device ordinal\nCUDA kernel errors might be asynchronously reported at some "
             "other API call,so the stacktrace below might be incorrect.\nFor debugging consider passing "
             "CUDA_LAUNCH_BLOCKING=1.");
    return Device::cuda(index);
}

std::int64_t cudaMemoryAllocated(int index) {
    std::lock_guard lock(runtime().mutex);
    const auto it = runtime().allocated.find(index);
    return it == runtime().allocated.end() ? 0 : it->second;
}

void addCudaAllocation(int index, std::int64_t bytes) {
    std::lock_guard lock(runtime().mutex);
    std::int64_t& total = runtime().allocated[index];
    // Layout-only storages can claim near-int64 sizes; saturate rather than wrap.
    if (__builtin_add_overflow(total, bytes, &total))
        total = bytes > 0 ? std::numeric_limits<std::int64_t>::max() : 0;
}

std::string transferDirectionName(TransferDirection direction) {
    switch (direction) {
    case TransferDirection::HostToDevice:
        return "h2d";
    case TransferDirection::DeviceToHost:
        return "d2h";
    case TransferDirection::DeviceToDevice:
        return "d2d";
    }
    return "h2d";
}

void recordTransfer(const TransferRecord& record) {
    std::lock_guard lock(runtime().mutex);
    // A loop of copies would grow this without bound if nobody reads it (a test, a library use).
    if (runtime().transfers.size() >= 4096)
        runtime().transfers.erase(runtime().transfers.begin());
    runtime().transfers.push_back(record);
}

std::vector<TransferRecord> takeTransfers() {
    std::lock_guard lock(runtime().mutex);
    std::vector<TransferRecord> out;
    out.swap(runtime().transfers);
    return out;
}

} // namespace stridescope
