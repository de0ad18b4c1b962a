#pragma once
// The backend that is always there: all cores through std::thread (a CpuThreadPool), timed by
// std::chrono::steady_clock.
#include "gpu/BandwidthBackend.h"
#include "gpu/CpuThreadPool.h"

#include <memory>

namespace stridescope::gpu {

// How the copies write their destination (see cpu::tiledCopy): Auto streams (non-temporal
// stores) when source plus destination exceed streamingThresholdBytes(); the others force one way,
// for tests that must cover both paths whatever the cache size.
enum class CpuStores { Auto, Streaming, Cached };

class CpuBackend final : public BandwidthBackend {
public:
    // threads <= 0: one per hardware thread.
    explicit CpuBackend(int threads = 0, CpuStores stores = CpuStores::Auto);
    ~CpuBackend() override;

    std::string name() const override { return "cpu"; }
    bool isAvailable() const override { return true; }
    std::string unavailableReason() const override { return {}; }
    BackendInfo info() const override;
    std::int64_t memoryLimitBytes() const override;
    std::unique_ptr<PreparedCopy> prepare(const CopyProblem& problem,
                                          std::span<const std::uint8_t> source = {}) override;
    bool tiledApplies(const Layout& layout) const override;

    int threadCount() const { return m_pool->size(); }

private:
    std::shared_ptr<CpuThreadPool> m_pool;
    CpuStores m_stores;
};

// The CPU's model name as the kernel reports it ("AMD EPYC"), or "unknown CPU".
std::string cpuModelName();
// The largest data cache of the CPU (L3 where there is one) as the kernel describes it, or 0.
std::int64_t lastLevelCacheBytes();
// The working set (source + destination bytes) above which CpuStores::Auto streams.
std::int64_t streamingThresholdBytes();
// Physical RAM, and the memory the kernel says can be allocated now (MemAvailable), in bytes.
std::int64_t physicalMemoryBytes();
std::int64_t availableMemoryBytes();

} // namespace stridescope::gpu
