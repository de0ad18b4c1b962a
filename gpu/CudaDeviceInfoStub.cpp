// Built instead of CudaDeviceInfo.cu when STRIDESCOPE_WITH_CUDA is OFF.
#include "CudaDeviceInfo.h"

namespace stridescope::gpu {

CudaDeviceQuery queryCudaDevices() {
    CudaDeviceQuery query;
    query.compiledWithCuda = false;
    query.error = "built without CUDA";
    return query;
}

} // namespace stridescope::gpu
