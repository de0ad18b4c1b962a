#include "gpu/CpuBackend.h"

#include "gpu/CopyPlan.h"
#include "gpu/CpuCopyKernels.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <new>
#include <sstream>
#include <stdexcept>

namespace stridescope::gpu {

namespace {

// Huge-page aligned, so that transparent huge pages can back the buffers and TLB misses do not
// blur the figures.
constexpr std::size_t kBufferAlignment = std::size_t(2) << 20;

struct AlignedFree {
    void operator()(void* p) const { std::free(p); }
};
using Buffer = std::unique_ptr<void, AlignedFree>;

Buffer allocateBuffer(std::int64_t bytes) {
    const auto size = (static_cast<std::size_t>(std::max<std::int64_t>(bytes, 1)) + kBufferAlignment - 1) /
                      kBufferAlignment * kBufferAlignment;
    void* p = std::aligned_alloc(kBufferAlignment, size);
    if (!p)
        throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
    // Where transparent huge pages are "madvise" only (Debian's default), ask for them: a tiled
    // transpose touches a few hundred rows a page apart per tile, and with 4 KiB pages the TLB
    // misses, not memory, set its speed. Advice only: failure changes nothing but speed.
    madvise(p, size, MADV_HUGEPAGE);
#endif
    return Buffer(p);
}

std::string mibText(std::int64_t bytes) {
    std::ostringstream out;
    out.setf(std::ios::fixed);
    out.precision(1);
    out << static_cast<double>(bytes) / double(1 << 20) << " MiB";
    return out.str();
}

// The CPU's tiled kernel: a transpose's tiles, or else tiles of whole rows.
std::optional<TilePlan> cpuTilePlan(const Layout& layout) {
    if (auto plan = planTiled(layout))
        return plan;
    return planRowTiles(layout);
}

class CpuPreparedCopy final : public PreparedCopy {
public:
    CpuPreparedCopy(std::shared_ptr<CpuThreadPool> pool, const CopyProblem& problem,
                    std::span<const std::uint8_t> source, bool streaming)
        : m_pool(std::move(pool)), m_problem(problem), m_streaming(streaming),
          m_collapsed(collapseLayout(problem.layout)), m_tiles(cpuTilePlan(problem.layout)),
          m_source(allocateBuffer(problem.sourceBytes())),
          m_destination(allocateBuffer(problem.destinationBytes())) {
        // Touch every page now, on the threads that will use them, so that no timed run pays
        // for page faults. The source holds fillBytePattern's bytes, not a constant: with every
        // byte 0x5a, the transposing tiles of a Zen 5 VM ran 1.2x (streaming stores) to 2x
        // (ordinary stores) as fast as with any other data, the plain copy as fast (4096^2 fp32,
        // caches evicted before each run: 27.6-28.4 against 22.7-23.8 GB/s, 52-56 against 27-29;
        // a pattern repeating every line or every page ran as this one).
        cpu::parallelFillPattern(*m_pool, m_source.get(), problem.sourceBytes());
        cpu::parallelFill(*m_pool, m_destination.get(), problem.destinationBytes(), 0);
        if (!source.empty()) {
            if (static_cast<std::int64_t>(source.size()) > problem.sourceBytes())
                throw std::invalid_argument("source bytes exceed the problem's storage");
            std::memcpy(m_source.get(), source.data(), source.size());
        }
    }

    double run(CopyKernel kernel) override {
        const void* src = m_source.get();
        void* dst = m_destination.get();
        const auto bytes = m_problem.destinationBytes();
        const auto start = std::chrono::steady_clock::now();
        switch (kernel) {
        case CopyKernel::ReadThroughLayout:
            cpu::readThroughLayout(*m_pool, src, dst, m_collapsed, m_problem.elementSize, m_streaming);
            break;
        case CopyKernel::Tiled:
            if (!m_tiles)
                throw std::invalid_argument(
                    "the tiled kernel needs a layout whose last dim is strided in the "
                    "input, or whose unit-stride rows are read out of order");
            cpu::tiledCopy(*m_pool, src, dst, *m_tiles, m_problem.elementSize, m_streaming);
            break;
        case CopyKernel::Baseline:
            cpu::parallelCopy(*m_pool, src, dst, bytes, m_streaming);
            break;
        case CopyKernel::Memcpy:
            std::memcpy(dst, src, static_cast<std::size_t>(bytes));
            break;
        }
        const auto stop = std::chrono::steady_clock::now();
        return std::chrono::duration<double>(stop - start).count();
    }

    std::vector<std::uint8_t> destination() const override {
        const auto* p = static_cast<const std::uint8_t*>(m_destination.get());
        return {p, p + m_problem.destinationBytes()};
    }

private:
    std::shared_ptr<CpuThreadPool> m_pool;
    CopyProblem m_problem;
    bool m_streaming;
    CollapsedLayout m_collapsed;
    std::optional<TilePlan> m_tiles;
    Buffer m_source;
    Buffer m_destination;
};

} // namespace

std::string cpuModelName() {
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line)) {
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos) {
                auto name = line.substr(colon + 1);
                const auto first = name.find_first_not_of(" \t");
                return first == std::string::npos ? "unknown CPU" : name.substr(first);
            }
        }
    }
    return "unknown CPU";
}

std::int64_t lastLevelCacheBytes() {
    // The kernel's cache description (what lscpu shows). glibc's sysconf(_SC_LEVEL3_CACHE_SIZE)
    // is not used: it reads CPUID, which in a virtual machine can describe the host's L3 (320 MiB
    // on the development VM, whose L3 is 32 MiB).
    std::int64_t largest = 0;
    int bestLevel = 0;
    for (int index = 0; index < 16; ++index) {
        const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) + "/";
        std::ifstream levelFile(dir + "level"), typeFile(dir + "type"), sizeFile(dir + "size");
        int level = 0;
        std::string type, size;
        if (!(levelFile >> level) || !(typeFile >> type) || !(sizeFile >> size))
            break;
        if (type == "Instruction" || size.empty())
            continue;
        std::int64_t bytes = std::atoll(size.c_str());
        if (size.back() == 'K')
            bytes <<= 10;
        else if (size.back() == 'M')
            bytes <<= 20;
        if (level > bestLevel || (level == bestLevel && bytes > largest)) {
            bestLevel = level;
            largest = bytes;
        }
    }
    if (largest > 0)
        return largest;
    const long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
    const long l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
    return l3 > 0 ? l3 : (l2 > 0 ? l2 : 0);
}

std::int64_t physicalMemoryBytes() {
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGESIZE);
    return pages > 0 && pageSize > 0 ? std::int64_t(pages) * pageSize : 0;
}

std::int64_t availableMemoryBytes() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    std::int64_t kib = 0;
    std::string unit;
    while (meminfo >> key >> kib >> unit)
        if (key == "MemAvailable:")
            return kib * 1024;
    const long pages = sysconf(_SC_AVPHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGESIZE);
    return pages > 0 && pageSize > 0 ? std::int64_t(pages) * pageSize : 0;
}

std::int64_t streamingThresholdBytes() {
    // Streaming pays once the data cannot stay cached between runs. The last-level cache a
    // virtual machine reports is often the host socket's, shared with every other tenant (480
    // MiB on the 2-core development VM, where a 64 + 64 MiB copy streamed ran 1.3-2x faster than
    // cached, in each of four interleaved pairs of runs), so the reported size is capped at 32
    // MiB, a generous private share; with no size known, 8 MiB (above every L2) stands in.
    static const std::int64_t cache = lastLevelCacheBytes();
    constexpr std::int64_t cap = std::int64_t(32) << 20;
    return cache > 0 ? std::min(cache, cap) : std::int64_t(8) << 20;
}

CpuBackend::CpuBackend(int threads, CpuStores stores)
    : m_pool(std::make_shared<CpuThreadPool>(threads)), m_stores(stores) {}

CpuBackend::~CpuBackend() = default;

BackendInfo CpuBackend::info() const {
    BackendInfo info;
    info.backend = name();
    info.parallelism = m_pool->size();
    info.device = cpuModelName() + " (" + std::to_string(info.parallelism) +
                  (info.parallelism == 1 ? " thread)" : " threads)");
    info.memoryBytes = physicalMemoryBytes();
    info.lastLevelCacheBytes = lastLevelCacheBytes();
    return info;
}

std::int64_t CpuBackend::memoryLimitBytes() const {
    // Leave a quarter of what is free to the rest of the machine.
    return availableMemoryBytes() / 4 * 3;
}

bool CpuBackend::tiledApplies(const Layout& layout) const { return cpuTilePlan(layout).has_value(); }

std::unique_ptr<PreparedCopy> CpuBackend::prepare(const CopyProblem& problem,
                                                  std::span<const std::uint8_t> source) {
    if (!supportedElementSize(problem.elementSize))
        throw std::invalid_argument(unsupportedElementSizeMessage(problem.elementSize));
    const std::int64_t needed = problem.sourceBytes() + problem.destinationBytes();
    const std::int64_t limit = memoryLimitBytes();
    if (needed > limit)
        throw std::runtime_error("the working set needs " + mibText(needed) + " of RAM but only " +
                                 mibText(limit) + " can be used now; choose a smaller working set");
    bool streaming = m_stores == CpuStores::Streaming;
    if (m_stores == CpuStores::Auto)
        streaming = needed > streamingThresholdBytes();
    return std::make_unique<CpuPreparedCopy>(m_pool, problem, source, streaming);
}

} // namespace stridescope::gpu
