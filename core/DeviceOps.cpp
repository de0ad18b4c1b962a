// Moving tensors between devices, and the record of what each move copied.
#include "DeviceOps.h"

#include "Elementwise.h"
#include "Error.h"
#include "Ops.h"

#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace stridescope::ops {

namespace {

thread_local bool t_nonBlocking = false;

// What TensorIterator::is_contiguous() decides for a same-dtype copy: both sides dense and
// non-overlapping with the same strides (size-1 dims aside), so one memcpy moves everything.
bool memcpyable(const Tensor& dst, const Tensor& src) {
    if (dst.dtype() != src.dtype())
        return false;
    if (!isNonOverlappingAndDense(dst.layout()) || !isNonOverlappingAndDense(src.layout()))
        return false;
    for (std::int64_t d = 0; d < dst.dim(); ++d)
        if (dst.sizes()[d] != 1 && dst.strides()[d] != src.strides()[d])
            return false;
    return true;
}

std::int64_t bytesOf(std::int64_t numel, DType dtype) {
    std::int64_t bytes = 0;
    if (__builtin_mul_overflow(numel, std::int64_t(itemSize(dtype)), &bytes))
        return std::numeric_limits<std::int64_t>::max();
    return bytes;
}

} // namespace

NonBlockingScope::NonBlockingScope(bool nonBlocking) : m_previous(t_nonBlocking) {
    t_nonBlocking = nonBlocking;
}
NonBlockingScope::~NonBlockingScope() { t_nonBlocking = m_previous; }

std::string legacyTypeName(DType dtype, bool cuda) {
    const std::string name = legacyTensorTypeName(dtype);
    return cuda ? "torch.cuda." + name.substr(std::string("torch.").size()) : name;
}

std::string legacyTypeName(const Tensor& t) { return legacyTypeName(t.dtype(), deviceOf(t).isCuda()); }

void checkSameDevice(const std::vector<const Tensor*>& tensors, bool allowCpuScalar) {
    Device common = Device::cpu();
    for (const Tensor* t : tensors)
        if (common.isCpu() && !deviceOf(*t).isCpu()) {
            common = deviceOf(*t);
            break;
        }
    int cpuScalars = 0;
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        const Tensor& t = *tensors[i];
        // The first tensor is the output (self of an in-place op): it can never be the scalar.
        if (!common.isCpu() && allowCpuScalar && i > 0 && t.dim() == 0 && deviceOf(t).isCpu()) {
            SS_CHECK(cpuScalars < 1, RuntimeError, "Trying to pass too many CPU scalars to non-CPU kernel!");
            ++cpuScalars;
        } else if (!(deviceOf(t) == common)) {
            fail(ErrorKind::RuntimeError,
                 "Expected all tensors to be on the same device, but found at least two "
                 "devices, ",
                 common.str(), " and ", deviceOf(t).str(), "!");
        }
    }
}

namespace {

CopySide sideOf(const Tensor& t) {
    CopySide side;
    side.placement = placementOf(t);
    side.memory = t.storage()->memory();
    if (side.placement.device.isCpu() && t.hasValues())
        side.hostBytes = t.storage()->bytes().data();
    side.storageBytes = t.storage()->nbytes();
    side.layout = t.layout();
    side.elementSize = itemSize(t.dtype());
    return side;
}

// The elements of t in row-major order, as `dtype` (the core's cast when it differs).
std::vector<unsigned char> rowMajorBytes(const Tensor& t, DType dtype) {
    if (dtype == t.dtype())
        return gatherRowMajor(t.storage()->bytes().data(), t.layout(), itemSize(dtype));
    // The cast copyValues makes (Storage::store), element by element through a one-element
    // scratch storage, so that no temporary tensor counts against the cap on values held.
    const std::vector<Scalar> values = t.values();
    const auto size = static_cast<std::size_t>(itemSize(dtype));
    std::vector<unsigned char> out(values.size() * size);
    AllocationScope hostOnly(Placement{});
    Storage scratch(dtype, 1);
    for (std::size_t i = 0; i < values.size(); ++i) {
        scratch.store(dtype, 0, values[i]);
        std::memcpy(out.data() + i * size, scratch.bytes().data(), size);
    }
    return out;
}

std::string hexBytes(const unsigned char* p, int count) {
    static const char* const digits = "0123456789abcdef";
    std::string out;
    for (int i = 0; i < count; ++i) {
        if (i)
            out += ' ';
        out += digits[p[i] >> 4];
        out += digits[p[i] & 15];
    }
    return out;
}

// What arrived against what the core says should have: a clear error, never a silent mismatch.
void checkArrived(const DeviceCopy& copy, const std::vector<unsigned char>& arrived,
                  const std::vector<unsigned char>& expected) {
    const std::string where = copy.withinDevice ? "copy within " + copy.destination.placement.device.str()
                                                : transferDirectionName(copy.direction) + " copy to " +
                                                      copy.destination.placement.device.str();
    SS_CHECK(arrived.size() == expected.size(), RuntimeError, "CUDA copy check failed: the ", where,
             " read back ", arrived.size(), " bytes where ", expected.size(), " were expected");
    const std::size_t size = static_cast<std::size_t>(copy.copyElementSize);
    for (std::size_t at = 0; at < arrived.size(); at += size) {
        if (std::memcmp(arrived.data() + at, expected.data() + at, size) != 0)
            fail(ErrorKind::RuntimeError, "CUDA copy check failed: element ", at / size, " of the ",
                 arrived.size() / size, " elements of the ", where,
                 " differs from StrideScope's value (read back ",
                 hexBytes(arrived.data() + at, copy.copyElementSize), ", expected ",
                 hexBytes(expected.data() + at, copy.copyElementSize), ")");
    }
}

bool blocksPresent(const Tensor& dst, const Tensor& src) {
    for (const Tensor* t : {&dst, &src})
        if (deviceOf(*t).isCuda() && !t->storage()->memory())
            return false; // made before the runtime was registered: nothing on the device to copy
    return true;
}

// Runs a planned copy on the device, the core's copy next to it, and compares the two.
void runOnDevice(CudaDeviceHook& hook, DeviceCopy copy, const Tensor& dst, const Tensor& src,
                 TransferRecord* record) {
    // Writes the core made to either side before this copy reach their blocks first.
    src.storage()->syncMemory();
    dst.storage()->syncMemory();
    std::vector<unsigned char> prepared;
    if ((copy.sourceStep == CopySource::HostContiguous || copy.sourceStep == CopySource::Uploaded) &&
        src.hasValues()) {
        prepared = rowMajorBytes(src, copy.copyType);
        copy.prepared = &prepared;
    }
    copy.wantSent = !src.hasValues();
    const DeviceCopyResult result = hook.copy(copy);
    detail::copyValues(dst, src);
    std::vector<unsigned char> expected;
    const bool deviceDestination = copy.destination.placement.device.isCuda();
    if (!src.hasValues())
        expected = result.sent;
    else if (deviceDestination)
        expected = rowMajorBytes(dst, dst.dtype());
    else // a host landing buffer holds what the memcpy moved: the source in the copy's type
        expected = rowMajorBytes(src, copy.copyType);
    checkArrived(copy, result.arrived, expected);
    if (result.destinationWritten)
        dst.storage()->markMemoryInStep();
    if (record) {
        record->measured = true;
        record->ms = result.copyMs;
        record->gbps = result.copyMs > 0 ? static_cast<double>(record->bytes) / (result.copyMs * 1e6) : 0.0;
    }
}

} // namespace

DeviceCopy planDeviceCopy(const Tensor& dst, const Tensor& src, bool nonBlocking, TransferRecord* record) {
    const Placement& to = placementOf(dst);
    const Placement& from = placementOf(src);
    DeviceCopy c;
    c.source = sideOf(src);
    c.destination = sideOf(dst);
    const std::int64_t numel = dst.numel();
    if (to.device == from.device) {
        // copy_device_to_device on one GPU: one memcpy when the two are laid out alike, else
        // the copy kernel through both layouts. (A cast is the core's, uploaded: see below.)
        c.direction = TransferDirection::DeviceToDevice;
        c.withinDevice = true;
        c.engine = memcpyable(dst, src) ? CopyEngine::Memcpy : CopyEngine::StridedKernel;
        c.copyType = dst.dtype();
        c.copyElementSize = itemSize(dst.dtype());
        c.bytes = bytesOf(numel, dst.dtype());
        return c;
    }
    TransferRecord r;
    r.sourceStorage = src.storage()->id();
    r.destinationStorage = dst.storage()->id();
    r.from = from;
    r.to = to;
    r.direction = from.device.isCpu() ? TransferDirection::HostToDevice
                  : to.device.isCpu() ? TransferDirection::DeviceToHost
                                      : TransferDirection::DeviceToDevice;
    r.nonBlocking = nonBlocking;
    c.direction = r.direction;
    // copy_kernel_cuda: a copy that is not one memcpy goes through contiguous temporaries.
    // Towards a GPU (or non_blocking) the source is cast and made contiguous on its own side;
    // towards the host the source is made contiguous on its side and cast on the host after.
    bool hostIsTemporary = false;
    const bool sourceOnHost = from.device.isCpu();
    const bool destinationOnHost = to.device.isCpu();
    if (memcpyable(dst, src)) {
        r.bytes = bytesOf(numel, dst.dtype());
        c.copyType = dst.dtype();
    } else if (to.device.isCuda() || r.nonBlocking) {
        r.bytes = bytesOf(numel, dst.dtype());
        c.copyType = dst.dtype();
        const bool sourceReady = src.dtype() == dst.dtype() && isContiguous(src.layout());
        if (!sourceReady)
            r.contiguousCopyBytes = r.bytes;
        hostIsTemporary =
            r.direction == TransferDirection::HostToDevice ? !sourceReady : !isContiguous(dst.layout());
        if (!sourceReady)
            c.sourceStep = sourceOnHost                 ? CopySource::HostContiguous
                           : src.dtype() == dst.dtype() ? CopySource::GatherOnDevice
                                                        : CopySource::Uploaded;
        if (!isContiguous(dst.layout()))
            c.destinationStep =
                destinationOnHost ? CopyDestination::HostTemporary : CopyDestination::ScatterOnDevice;
    } else {
        r.bytes = bytesOf(numel, src.dtype());
        c.copyType = src.dtype();
        if (!isContiguous(src.layout())) {
            r.contiguousCopyBytes = r.bytes;
            c.sourceStep = CopySource::GatherOnDevice;
        }
        hostIsTemporary = !(isContiguous(dst.layout()) && dst.dtype() == src.dtype());
        if (hostIsTemporary)
            c.destinationStep = CopyDestination::HostTemporary;
    }
    if (r.direction != TransferDirection::DeviceToDevice) {
        const Placement& host = r.direction == TransferDirection::HostToDevice ? from : to;
        r.pinned = host.pinned && !hostIsTemporary; // a temporary is ordinary pageable memory
        r.staged = !r.pinned;
        r.asynchronous = r.nonBlocking && r.pinned;
    }
    c.copyElementSize = itemSize(c.copyType);
    c.bytes = r.bytes;
    c.pinned = r.pinned;
    c.staged = r.staged;
    c.asynchronous = r.asynchronous;
    if (record)
        *record = r;
    return c;
}

void copyValuesOnDevices(const Tensor& dst, const Tensor& src) {
    const Placement& to = placementOf(dst);
    const Placement& from = placementOf(src);
    if (to.device == from.device) {
        CudaDeviceHook* hook = to.device.isCuda() ? cudaDeviceHook() : nullptr;
        // A cast within a device is PyTorch's cast kernel; here the core computes it and the
        // result reaches the device as every core-computed result does (syncStaleMemory).
        if (!hook || dst.numel() == 0 || dst.dtype() != src.dtype() || !blocksPresent(dst, src)) {
            detail::copyValues(dst, src);
            return;
        }
        runOnDevice(*hook, planDeviceCopy(dst, src, t_nonBlocking), dst, src, nullptr);
        return;
    }
    if (dst.numel() == 0) {
        detail::copyValues(dst, src);
        return;
    }
    TransferRecord r;
    const DeviceCopy copy = planDeviceCopy(dst, src, t_nonBlocking, &r);
    CudaDeviceHook* hook = cudaDeviceHook();
    if (hook && blocksPresent(dst, src))
        runOnDevice(*hook, copy, dst, src, &r);
    else
        detail::copyValues(dst, src);
    recordTransfer(r);
}

Tensor toDevice(const Tensor& self, std::optional<Device> device, std::optional<DType> dtype,
                bool nonBlocking, bool copy, std::optional<MemoryFormat> format) {
    // ensure_has_index: "cuda" is the current device; "cpu" and "cpu:0" stay as given.
    if (device && device->isCuda())
        device = requireCudaDevice(*device);
    const DType targetType = dtype.value_or(self.dtype());
    const MemoryFormat memoryFormat = format.value_or(MemoryFormat::Preserve);
    // at::to's to_will_alias.
    const bool sameDevice = !device || *device == deviceOf(self);
    if (sameDevice && targetType == self.dtype() && !copy &&
        (memoryFormat == MemoryFormat::Preserve || detail::suggestMemoryFormat(self) == memoryFormat))
        return self;
    Placement target;
    target.device = device ? (device->isCpu() ? Device::cpu() : *device) : deviceOf(self);
    // target.pinned stays false: to() allocates pageable memory, even from a pinned source.
    Tensor result;
    {
        AllocationScope scope(target);
        // _to_copy: empty_like with the requested format (preserve: the source's strides when
        // dense and non-overlapping, dense strides in the same order otherwise).
        result = detail::emptyLike(self, memoryFormat, targetType, self.hasValues());
    }
    NonBlockingScope blocking(nonBlocking);
    return copy_(result, self);
}

Tensor pinMemory(const Tensor& self) {
    if (placementOf(self).pinned)
        return self;
    // at::_pin_memory: a pinned storage for the same sizes and strides (offset dropped), then copy_.
    Tensor pinned;
    {
        AllocationScope scope(Placement{Device::cpu(), true});
        pinned = Tensor::allocateStrided(self.dtype(), self.sizes(), self.strides(), self.hasValues());
    }
    return copy_(pinned, self);
}

} // namespace stridescope::ops
