#pragma once
// The operations that move tensors between devices, with PyTorch 1.13's rules: Tensor.to and
// .cuda()/.cpu() return self when nothing changes, a copy to another device keeps the strides
// of a dense non-overlapping source (preserve_format) and is contiguous otherwise; copy_ across
// devices copies the way copy_kernel_cuda does (a source that is not memcpy-able is first made
// contiguous on its own side) and records each host<->device copy (Device.h's transfer log).
#include "Device.h"
#include "DeviceMemory.h"
#include "Tensor.h"

#include <optional>
#include <string>
#include <vector>

namespace stridescope::ops {

// The placement of a tensor's storage.
inline const Placement& placementOf(const Tensor& t) { return t.storage()->placement(); }
inline const Device& deviceOf(const Tensor& t) { return t.storage()->device(); }

// at::to(self, device, dtype, non_blocking, copy, memory_format): self when the device (as
// given: cpu:0 is not cpu), dtype and format all match and copy is false; else a new storage on
// `device` (the pinned flag of a CPU target is never set: to() makes pageable memory).
Tensor toDevice(const Tensor& self, std::optional<Device> device, std::optional<DType> dtype,
                bool nonBlocking, bool copy, std::optional<MemoryFormat> format);
// The legacy tensor type name ("torch.FloatTensor", "torch.cuda.FloatTensor" on a GPU): Tensor.type()
// prints it and takes it back, and a few PyTorch messages show it.
std::string legacyTypeName(DType dtype, bool cuda);
std::string legacyTypeName(const Tensor& t);

// Tensor.pin_memory(): self when already pinned, else a pinned CPU copy (strides preserved).
Tensor pinMemory(const Tensor& self);

// TensorIterator's same-device check for an op over `tensors` (outputs first): the common device
// is the first one not on the CPU; with allowCpuScalar one 0-dim CPU input may join a CUDA op.
void checkSameDevice(const std::vector<const Tensor*>& tensors, bool allowCpuScalar);

// The values of src (already expanded to dst's sizes) written into dst, by copy_ and clone():
// the core's element loop always (the core is the model). A copy between devices is recorded
// (Device.h's transfer log). With a real CUDA runtime (DeviceMemory.h) every copy that touches
// a device also runs there along copy_kernel_cuda's path, timed with CUDA events, and what
// arrived is read back and compared with the core's values (a mismatch is a RuntimeError).
void copyValuesOnDevices(const Tensor& dst, const Tensor& src);

// The device-side plan of that copy (what copy_kernel_cuda does), for the tests; `record` gets
// the transfer's figures. Only meaningful when src or dst is on a CUDA device and both are non-empty.
DeviceCopy planDeviceCopy(const Tensor& dst, const Tensor& src, bool nonBlocking,
                          TransferRecord* record = nullptr);

// The non_blocking= of the copy_ being run (copy_ itself has no such parameter in core).
class NonBlockingScope {
public:
    explicit NonBlockingScope(bool nonBlocking);
    ~NonBlockingScope();
    NonBlockingScope(const NonBlockingScope&) = delete;
    NonBlockingScope& operator=(const NonBlockingScope&) = delete;

private:
    bool m_previous;
};

} // namespace stridescope::ops
