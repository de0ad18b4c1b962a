// Built instead of CudaTransferHook.cu when STRIDESCOPE_WITH_CUDA is OFF: no real device.
#include "gpu/CudaTransferHook.h"

namespace stridescope::gpu {

std::shared_ptr<DevicePrimitives> makeCudaPrimitives(const CudaDeviceQuery&) { return nullptr; }

std::shared_ptr<CudaDeviceHook> makeCudaTransferHook(const CudaDeviceQuery&) { return nullptr; }

} // namespace stridescope::gpu
