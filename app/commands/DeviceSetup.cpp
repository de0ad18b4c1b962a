#include "app/commands/DeviceSetup.h"

#include "gpu/CudaDeviceInfo.h"
#include "gpu/CudaTransferHook.h"

#include <cstdio>
#include <mutex>

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

std::string number(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", value);
    return buffer;
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

std::string transferJson(const TransferRecord& t) {
    std::string out = "{\"bytes\":" + std::to_string(t.bytes) + ",\"direction\":\"" +
                      transferDirectionName(t.direction) + "\",\"pinned\":" + (t.pinned ? "true" : "false") +
                      ",\"staged\":" + (t.staged ? "true" : "false") +
                      ",\"measured\":" + (t.measured ? "true" : "false");
    if (t.measured)
        out += ",\"ms\":" + number(t.ms) + ",\"gbps\":" + number(t.gbps);
    return out + "}";
}

std::string deviceJsonFields(const Placement& placement, const TransferRecord* transfer) {
    std::string out = ",\"device\":\"" + placement.device.str() + "\"";
    if (placement.pinned)
        out += ",\"pinned\":true";
    if (transfer)
        out += ",\"transfer\":" + transferJson(*transfer);
    return out;
}

} // namespace stridescope::app
