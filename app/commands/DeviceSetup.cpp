#include "app/commands/DeviceSetup.h"

#include "core/Device.h"
#include "gpu/CudaDeviceInfo.h"
#include "gpu/CudaTransferHook.h"

#include <mutex>
#include <string>

namespace stridescope::app {

namespace {

// queryCudaDevices' one-line error, as the "(reason)" of the simulated-device notice.
std::string noDeviceReason(const gpu::CudaDeviceQuery& query) {
    if (!query.compiledWithCuda)
        return "built without CUDA";
    const std::string prefix = "no CUDA device (";
    if (query.error.rfind(prefix, 0) == 0 && query.error.back() == ')')
        return query.error.substr(prefix.size(), query.error.size() - prefix.size() - 1);
    if (query.error == "no CUDA device")
        return "the CUDA runtime found none";
    return query.error.empty() ? "the CUDA runtime found none" : query.error;
}


} // namespace

void setUpDevices(bool allowSimulatedGpu) {
    static std::once_flag once;
    std::call_once(once, [] {
        const gpu::CudaDeviceQuery query = gpu::queryCudaDevices();
        if (auto hook = gpu::makeCudaTransferHook(query))
            setCudaDeviceHook(std::move(hook));
        else
            setNoCudaDeviceReason(noDeviceReason(query));
    });
    setSimulatedGpuAllowed(allowSimulatedGpu);
}

} // namespace stridescope::app
