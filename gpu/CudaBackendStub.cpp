// Built instead of CudaBackend.cu when STRIDESCOPE_WITH_CUDA is OFF.
#include "gpu/CudaBackend.h"

#include <stdexcept>

namespace stridescope::gpu {

namespace {

class CudaNotBuiltBackend final : public BandwidthBackend {
public:
    std::string name() const override { return "cuda"; }
    bool isAvailable() const override { return false; }
    std::string unavailableReason() const override { return "built without CUDA"; }
    BackendInfo info() const override {
        throw std::runtime_error("cuda backend unavailable: built without CUDA");
    }
    std::int64_t memoryLimitBytes() const override { return 0; }
    std::unique_ptr<PreparedCopy> prepare(const CopyProblem&, std::span<const std::uint8_t>) override {
        throw std::runtime_error("cuda backend unavailable: built without CUDA");
    }
};

} // namespace

std::unique_ptr<BandwidthBackend> makeCudaBackend(int) { return std::make_unique<CudaNotBuiltBackend>(); }

} // namespace stridescope::gpu
