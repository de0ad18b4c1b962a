// Moving tensors between devices, and the record of what each move copied.
#include "DeviceOps.h"

#include "Elementwise.h"
#include "Error.h"
#include "Ops.h"

#include <limits>

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

NonBlockingScope::NonBlockingScope(bool nonBlocking) : m_previous(t_nonBlocking) { t_nonBlocking = nonBlocking; }
NonBlockingScope::~NonBlockingScope() { t_nonBlocking = m_previous; }

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
            fail(ErrorKind::RuntimeError, "Expected all tensors to be on the same device, but found at least two "
                                          "devices, ",
                 common.str(), " and ", deviceOf(t).str(), "!");
        }
    }
}

void noteCopyAcrossDevices(const Tensor& dst, const Tensor& src) {
    const Placement& to = placementOf(dst);
    const Placement& from = placementOf(src);
    if (to.device == from.device || dst.numel() == 0)
        return;
    TransferRecord r;
    r.sourceStorage = src.storage()->id();
    r.destinationStorage = dst.storage()->id();
    r.from = from;
    r.to = to;
    r.direction = from.device.isCpu()  ? TransferDirection::HostToDevice
                  : to.device.isCpu() ? TransferDirection::DeviceToHost
                                      : TransferDirection::DeviceToDevice;
    r.nonBlocking = t_nonBlocking;
    const std::int64_t numel = dst.numel();
    // copy_kernel_cuda: a copy that is not one memcpy goes through contiguous temporaries.
    // Towards a GPU (or non_blocking) the source is cast and made contiguous on its own side;
    // towards the host the source is made contiguous on its side and cast on the host after.
    bool hostIsTemporary = false;
    if (memcpyable(dst, src)) {
        r.bytes = bytesOf(numel, dst.dtype());
    } else if (to.device.isCuda() || r.nonBlocking) {
        r.bytes = bytesOf(numel, dst.dtype());
        const bool sourceReady = src.dtype() == dst.dtype() && isContiguous(src.layout());
        if (!sourceReady)
            r.contiguousCopyBytes = r.bytes;
        hostIsTemporary = r.direction == TransferDirection::HostToDevice ? !sourceReady : !isContiguous(dst.layout());
    } else {
        r.bytes = bytesOf(numel, src.dtype());
        if (!isContiguous(src.layout()))
            r.contiguousCopyBytes = r.bytes;
        hostIsTemporary = !(isContiguous(dst.layout()) && dst.dtype() == src.dtype());
    }
    if (r.direction != TransferDirection::DeviceToDevice) {
        const Placement& host = r.direction == TransferDirection::HostToDevice ? from : to;
        r.pinned = host.pinned && !hostIsTemporary; // a temporary is ordinary pageable memory
        r.staged = !r.pinned;
        r.asynchronous = r.nonBlocking && r.pinned;
    }
    if (CudaDeviceHook* hook = cudaDeviceHook()) {
        TransferRequest request;
        request.direction = r.direction;
        request.bytes = r.bytes;
        request.pinned = r.pinned;
        request.nonBlocking = r.nonBlocking;
        // The bytes moved are the source's (its whole storage when it is one dense block).
        if (src.hasValues() && src.storage()->nbytes() == r.bytes)
            request.payload = &src.storage()->bytes();
        const int index = to.device.isCuda() ? to.device.index : from.device.index;
        const TransferTiming timing = hook->transfer(index, request);
        r.measured = true;
        r.ms = timing.ms;
        r.gbps = timing.ms > 0 ? static_cast<double>(r.bytes) / (timing.ms * 1e6) : 0.0;
    }
    recordTransfer(r);
}

Tensor toDevice(const Tensor& self, std::optional<Device> device, std::optional<DType> dtype, bool nonBlocking,
                bool copy, std::optional<MemoryFormat> format) {
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
