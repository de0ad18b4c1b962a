// The CUDA backend: the same kernels as the CPU backend, on device memory, timed with CUDA
// events; host↔device copies pageable against pinned as CUDA's bandwidthTest measures them.
// Every runtime call goes through STRIDESCOPE_CUDA_CHECK, which throws CudaError.
#include "CudaCheck.cuh"
#include "CudaElements.cuh"
#include "CudaFill.cuh"
#include "gpu/CopyPlan.h"
#include "gpu/CudaBackend.h"
#include "gpu/CudaDeviceInfo.h"
#include "gpu/CudaTileSteps.h"
#include "gpu/StridedIndexer.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>
#include <sstream>
#include <vector>

namespace stridescope::gpu {

namespace {

constexpr int kThreads = 256;
constexpr int kElementsPerThread = 4; // independent loads in flight per thread

// ---- kernels -------------------------------------------------------------------------------

// Thread t of a block handles elements base + t + k·256: consecutive threads write consecutive
// destination elements (coalesced stores) and read wherever the layout says. The storage
// indices are computed first and the loads issued together, so 4 loads are in flight.
template <typename T>
__global__ void readThroughLayoutKernel(const T* __restrict__ src, T* __restrict__ dst,
                                        StridedIndexer indexer, std::uint32_t numel) {
    const std::uint32_t base = blockIdx.x * (kThreads * kElementsPerThread) + threadIdx.x;
    std::int64_t at[kElementsPerThread];
    T value[kElementsPerThread];
#pragma unroll
    for (int k = 0; k < kElementsPerThread; ++k) {
        const std::uint32_t i = base + k * kThreads;
        at[k] = i < numel ? indexer.storageIndex(i) : 0;
    }
#pragma unroll
    for (int k = 0; k < kElementsPerThread; ++k)
        if (base + k * kThreads < numel)
            value[k] = src[at[k]];
#pragma unroll
    for (int k = 0; k < kElementsPerThread; ++k)
        if (base + k * kThreads < numel)
            dst[base + k * kThreads] = value[k];
}

// Above 2^31 elements: a grid-stride loop with 64-bit division (correct, not fast).
template <typename T>
__global__ void readThroughLayoutWideKernel(const T* __restrict__ src, T* __restrict__ dst,
                                            WideStridedIndexer indexer, std::int64_t numel) {
    const std::int64_t step = std::int64_t(gridDim.x) * blockDim.x;
    for (std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < numel; i += step)
        dst[i] = src[indexer.storageIndex(i)];
}

// The baseline: 16-byte words, grid-stride (BabelStream's copy, vectorized).
__global__ void copyWordsKernel(const uint4* __restrict__ src, uint4* __restrict__ dst, std::int64_t words) {
    const std::int64_t step = std::int64_t(gridDim.x) * blockDim.x;
    for (std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < words; i += step)
        dst[i] = src[i];
}

__global__ void copyBytesKernel(const unsigned char* __restrict__ src, unsigned char* __restrict__ dst,
                                std::int64_t bytes) {
    const std::int64_t step = std::int64_t(gridDim.x) * blockDim.x;
    for (std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < bytes; i += step)
        dst[i] = src[i];
}

// One 32 x 32 tile per block iteration (gpu/CudaTileSteps.h has the per-thread steps and why
// they are coalesced and bank-conflict free). Tile coordinates are decomposed once per block
// iteration, not per element.
template <typename T>
__global__ void tiledTransposeKernel(const T* __restrict__ src, T* __restrict__ dst, TileParams p) {
    __shared__ T tile[kCudaTile][kCudaTile + 1];
    for (std::int64_t item = blockIdx.x; item < p.tiles; item += gridDim.x) {
        const TileOrigin origin = tileOrigin(p, item);
        loadTile(src, tile, p, origin, threadIdx.x, threadIdx.y);
        __syncthreads();
        storeTile(dst, tile, p, origin, threadIdx.x, threadIdx.y);
        __syncthreads(); // the next iteration overwrites the tile
    }
}

// ---- RAII for runtime resources (destructors never throw: errors there are ignored) -----------

struct DeviceFree {
    void operator()(void* p) const { cudaFree(p); }
};
struct HostFree {
    void operator()(void* p) const { cudaFreeHost(p); }
};
using DeviceBuffer = std::unique_ptr<void, DeviceFree>;
using PinnedBuffer = std::unique_ptr<void, HostFree>;

DeviceBuffer deviceAlloc(std::int64_t bytes) {
    void* p = nullptr;
    STRIDESCOPE_CUDA_CHECK(cudaMalloc(&p, static_cast<std::size_t>(std::max<std::int64_t>(bytes, 16))));
    return DeviceBuffer(p);
}

PinnedBuffer pinnedAlloc(std::int64_t bytes) {
    void* p = nullptr;
    STRIDESCOPE_CUDA_CHECK(cudaMallocHost(&p, static_cast<std::size_t>(std::max<std::int64_t>(bytes, 16))));
    return PinnedBuffer(p);
}

class Event {
public:
    Event() { STRIDESCOPE_CUDA_CHECK(cudaEventCreate(&m_event)); }
    ~Event() { cudaEventDestroy(m_event); }
    Event(const Event&) = delete;
    Event& operator=(const Event&) = delete;
    cudaEvent_t get() const { return m_event; }

private:
    cudaEvent_t m_event = nullptr;
};

class Stream {
public:
    Stream() { STRIDESCOPE_CUDA_CHECK(cudaStreamCreateWithFlags(&m_stream, cudaStreamNonBlocking)); }
    ~Stream() { cudaStreamDestroy(m_stream); }
    Stream(const Stream&) = delete;
    Stream& operator=(const Stream&) = delete;
    cudaStream_t get() const { return m_stream; }

private:
    cudaStream_t m_stream = nullptr;
};

std::string mibText(std::int64_t bytes) {
    std::ostringstream out;
    out.setf(std::ios::fixed);
    out.precision(1);
    out << static_cast<double>(bytes) / double(1 << 20) << " MiB";
    return out.str();
}

// Free device memory now, minus a margin for the context and the runtime's own allocations.
std::int64_t usableDeviceBytes() {
    std::size_t freeBytes = 0, totalBytes = 0;
    STRIDESCOPE_CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
    const auto margin = std::int64_t(64) << 20;
    return std::max<std::int64_t>(0, static_cast<std::int64_t>(freeBytes) - margin);
}

void checkFits(std::int64_t needed, const char* what) {
    const std::int64_t usable = usableDeviceBytes();
    if (needed > usable)
        throw std::runtime_error(std::string(what) + " needs " + mibText(needed) +
                                 " of device memory but only " + mibText(usable) +
                                 " are free; choose a smaller working set");
}

template <typename Body> void dispatchElement(int elementSize, Body&& body) {
    switch (elementSize) {
    case 1:
        return body(std::uint8_t{});
    case 2:
        return body(std::uint16_t{});
    case 4:
        return body(std::uint32_t{});
    case 8:
        return body(std::uint64_t{});
    case 16: // complex128; the tiled kernel's shared tile is then 32 x 33 x 16 B = 16.5 KiB
        return body(Element16{});
    default:
        throw std::invalid_argument(unsupportedElementSizeMessage(elementSize));
    }
}

unsigned int gridFor(std::int64_t items, std::int64_t perBlock, std::int64_t cap) {
    const std::int64_t blocks = (items + perBlock - 1) / perBlock;
    return static_cast<unsigned int>(std::clamp<std::int64_t>(blocks, 1, cap));
}

// ---- prepared copy ----------------------------------------------------------------------------

class CudaPreparedCopy final : public PreparedCopy {
public:
    CudaPreparedCopy(int device, int smCount, const CopyProblem& problem,
                     std::span<const std::uint8_t> source)
        : m_device(device), m_smCount(smCount), m_problem(problem),
          m_collapsed(collapseLayout(problem.layout)), m_tiles(planTiled(problem.layout)) {
        checkGpuRank(m_collapsed);
        if (m_tiles)
            m_tileParams = makeTileParams(*m_tiles);
        if (fitsNarrowIndexer(m_collapsed) && m_collapsed.numel() > 0)
            m_indexer = makeStridedIndexer(m_collapsed);
        else
            m_wideIndexer = makeWideStridedIndexer(m_collapsed);
        m_source = deviceAlloc(problem.sourceBytes());
        m_destination = deviceAlloc(problem.destinationBytes());
        // fillBytePattern's bytes, as the CPU backend's source (see CpuBackend.cpp): not a constant.
        fillBytePatternOnDevice(m_source.get(), problem.sourceBytes());
        STRIDESCOPE_CUDA_CHECK(
            cudaMemset(m_destination.get(), 0, static_cast<std::size_t>(problem.destinationBytes())));
        if (!source.empty()) {
            if (static_cast<std::int64_t>(source.size()) > problem.sourceBytes())
                throw std::invalid_argument("source bytes exceed the problem's storage");
            STRIDESCOPE_CUDA_CHECK(
                cudaMemcpy(m_source.get(), source.data(), source.size(), cudaMemcpyHostToDevice));
        }
        STRIDESCOPE_CUDA_CHECK(cudaDeviceSynchronize());
    }

    double run(CopyKernel kernel) override {
        STRIDESCOPE_CUDA_CHECK(cudaSetDevice(m_device));
        if (kernel == CopyKernel::Tiled && !m_tiles)
            throw std::invalid_argument(
                "the tiled kernel needs a layout whose last dim is strided in the input");
        cudaStream_t stream = m_stream.get();
        STRIDESCOPE_CUDA_CHECK(cudaEventRecord(m_start.get(), stream));
        launch(kernel, stream);
        STRIDESCOPE_CUDA_CHECK(cudaEventRecord(m_stop.get(), stream));
        STRIDESCOPE_CUDA_CHECK(cudaEventSynchronize(m_stop.get()));
        float ms = 0;
        STRIDESCOPE_CUDA_CHECK(cudaEventElapsedTime(&ms, m_start.get(), m_stop.get()));
        return static_cast<double>(ms) / 1e3;
    }

    std::vector<std::uint8_t> destination() const override {
        STRIDESCOPE_CUDA_CHECK(cudaSetDevice(m_device));
        std::vector<std::uint8_t> bytes(static_cast<std::size_t>(m_problem.destinationBytes()));
        if (!bytes.empty())
            STRIDESCOPE_CUDA_CHECK(
                cudaMemcpy(bytes.data(), m_destination.get(), bytes.size(), cudaMemcpyDeviceToHost));
        return bytes;
    }

private:
    void launch(CopyKernel kernel, cudaStream_t stream) {
        const std::int64_t numel = m_collapsed.numel();
        const std::int64_t bytes = m_problem.destinationBytes();
        if (numel == 0)
            return;
        // Enough resident blocks to cover every SM many times over for grid-stride kernels.
        const std::int64_t strideCap = std::int64_t(m_smCount) * 64;
        switch (kernel) {
        case CopyKernel::ReadThroughLayout:
            dispatchElement(m_problem.elementSize, [&](auto word) {
                using T = decltype(word);
                const auto* src = static_cast<const T*>(m_source.get());
                auto* dst = static_cast<T*>(m_destination.get());
                if (m_indexer) {
                    const unsigned int blocks = gridFor(numel, kThreads * kElementsPerThread, INT32_MAX);
                    readThroughLayoutKernel<T><<<blocks, kThreads, 0, stream>>>(
                        src, dst, *m_indexer, static_cast<std::uint32_t>(numel));
                } else {
                    readThroughLayoutWideKernel<T>
                        <<<gridFor(numel, kThreads, strideCap), kThreads, 0, stream>>>(src, dst,
                                                                                       *m_wideIndexer, numel);
                }
            });
            break;
        case CopyKernel::Tiled:
            dispatchElement(m_problem.elementSize, [&](auto word) {
                using T = decltype(word);
                const unsigned int blocks = gridFor(m_tileParams.tiles, 1, INT32_MAX);
                tiledTransposeKernel<T><<<blocks, dim3(kCudaTile, kCudaTileRows), 0, stream>>>(
                    static_cast<const T*>(m_source.get()), static_cast<T*>(m_destination.get()),
                    m_tileParams);
            });
            break;
        case CopyKernel::Baseline: {
            // cudaMalloc returns 256-byte aligned memory, so both buffers start on a 16-byte word.
            const std::int64_t words = bytes / 16;
            const std::int64_t tail = bytes - words * 16;
            if (words > 0)
                copyWordsKernel<<<gridFor(words, kThreads, strideCap), kThreads, 0, stream>>>(
                    static_cast<const uint4*>(m_source.get()), static_cast<uint4*>(m_destination.get()),
                    words);
            if (tail > 0)
                copyBytesKernel<<<1, kThreads, 0, stream>>>(
                    static_cast<const unsigned char*>(m_source.get()) + words * 16,
                    static_cast<unsigned char*>(m_destination.get()) + words * 16, tail);
            break;
        }
        case CopyKernel::Memcpy:
            STRIDESCOPE_CUDA_CHECK(cudaMemcpyAsync(m_destination.get(), m_source.get(),
                                                   static_cast<std::size_t>(bytes), cudaMemcpyDeviceToDevice,
                                                   stream));
            break;
        }
        STRIDESCOPE_CUDA_CHECK(cudaGetLastError());
    }

    int m_device;
    int m_smCount;
    CopyProblem m_problem;
    CollapsedLayout m_collapsed;
    std::optional<TilePlan> m_tiles;
    TileParams m_tileParams;
    std::optional<StridedIndexer> m_indexer;
    std::optional<WideStridedIndexer> m_wideIndexer;
    Stream m_stream;
    Event m_start;
    Event m_stop;
    DeviceBuffer m_source;
    DeviceBuffer m_destination;
};

// ---- backend ------------------------------------------------------------------------------------

class CudaBackend final : public BandwidthBackend {
public:
    explicit CudaBackend(int device) : m_device(device) {
        const CudaDeviceQuery query = queryCudaDevices();
        if (!query.error.empty()) {
            m_reason = query.error;
        } else if (device < 0 || device >= query.deviceCount()) {
            m_reason = "no CUDA device " + std::to_string(device) + " (" +
                       std::to_string(query.deviceCount()) + " found)";
        } else {
            m_info = query.devices[static_cast<std::size_t>(device)];
        }
    }

    std::string name() const override { return "cuda"; }
    bool isAvailable() const override { return m_reason.empty(); }
    std::string unavailableReason() const override { return m_reason; }

    BackendInfo info() const override {
        requireAvailable();
        BackendInfo info;
        info.backend = name();
        info.device = m_info.name;
        info.parallelism = m_info.smCount;
        info.memoryBytes = m_info.totalMemoryBytes;
        info.lastLevelCacheBytes = m_info.l2CacheBytes;
        info.theoreticalPeakGBps = m_info.theoreticalPeakGBps();
        info.cudaDevice = m_info;
        return info;
    }

    std::int64_t memoryLimitBytes() const override {
        requireAvailable();
        STRIDESCOPE_CUDA_CHECK(cudaSetDevice(m_device));
        return usableDeviceBytes();
    }

    std::unique_ptr<PreparedCopy> prepare(const CopyProblem& problem,
                                          std::span<const std::uint8_t> source) override {
        requireAvailable();
        if (!supportedElementSize(problem.elementSize))
            throw std::invalid_argument(unsupportedElementSizeMessage(problem.elementSize));
        STRIDESCOPE_CUDA_CHECK(cudaSetDevice(m_device));
        checkFits(problem.sourceBytes() + problem.destinationBytes(), "the working set");
        return std::make_unique<CudaPreparedCopy>(m_device, m_info.smCount, problem, source);
    }

    bool measuresTransfers() const override { return isAvailable(); }

    // On a high level (bandwidthTest's method): one device buffer, one pinned and one pageable
    // host buffer of the largest size, pages touched first. Per size, direction and host memory
    // kind: one untimed copy, then `repetitions` batches of copies, a batch being enough copies
    // to move about 64 MiB (at most 100). Pinned copies are cudaMemcpyAsync timed by events;
    // pageable ones are synchronous cudaMemcpy (the driver stages them through its own pinned
    // buffer), timed by the host clock as bandwidthTest does.
    std::vector<TransferResult> measureTransfers(const std::vector<std::int64_t>& sizes, int repetitions,
                                                 const InterruptCheck& interrupted) override {
        requireAvailable();
        if (sizes.empty())
            return {};
        if (repetitions < 1)
            throw std::invalid_argument("at least one timed repetition is needed");
        STRIDESCOPE_CUDA_CHECK(cudaSetDevice(m_device));
        const std::int64_t largest = *std::max_element(sizes.begin(), sizes.end());
        if (*std::min_element(sizes.begin(), sizes.end()) <= 0)
            throw std::invalid_argument("transfer sizes must be positive");
        checkFits(largest, "the host-device transfer sweep");
        DeviceBuffer device = deviceAlloc(largest);
        PinnedBuffer pinned = pinnedAlloc(largest);
        std::unique_ptr<unsigned char[]> pageable(new unsigned char[static_cast<std::size_t>(largest)]);
        std::memset(pageable.get(), 0x5a, static_cast<std::size_t>(largest));
        std::memset(pinned.get(), 0x5a, static_cast<std::size_t>(largest));
        Stream stream;
        Event start, stop;

        std::vector<TransferResult> results;
        for (const std::int64_t bytes : sizes) {
            const int batch =
                static_cast<int>(std::clamp<std::int64_t>((std::int64_t(64) << 20) / bytes, 1, 100));
            for (const auto direction : {TransferDirection::HostToDevice, TransferDirection::DeviceToHost}) {
                for (const bool isPinned : {false, true}) {
                    void* host = isPinned ? pinned.get() : static_cast<void*>(pageable.get());
                    const bool toDevice = direction == TransferDirection::HostToDevice;
                    void* to = toDevice ? device.get() : host;
                    const void* from = toDevice ? static_cast<const void*>(host) : device.get();
                    const cudaMemcpyKind kind = toDevice ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
                    auto copies = [&](int count) -> double {
                        if (isPinned) {
                            STRIDESCOPE_CUDA_CHECK(cudaEventRecord(start.get(), stream.get()));
                            for (int i = 0; i < count; ++i)
                                STRIDESCOPE_CUDA_CHECK(cudaMemcpyAsync(
                                    to, from, static_cast<std::size_t>(bytes), kind, stream.get()));
                            STRIDESCOPE_CUDA_CHECK(cudaEventRecord(stop.get(), stream.get()));
                            STRIDESCOPE_CUDA_CHECK(cudaEventSynchronize(stop.get()));
                            float ms = 0;
                            STRIDESCOPE_CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), stop.get()));
                            return static_cast<double>(ms) / 1e3;
                        }
                        STRIDESCOPE_CUDA_CHECK(cudaDeviceSynchronize());
                        const auto t0 = std::chrono::steady_clock::now();
                        for (int i = 0; i < count; ++i)
                            STRIDESCOPE_CUDA_CHECK(
                                cudaMemcpy(to, from, static_cast<std::size_t>(bytes), kind));
                        // A pageable host-to-device cudaMemcpy may return once the data is staged,
                        // before the DMA has finished; wait for it, as bandwidthTest does.
                        STRIDESCOPE_CUDA_CHECK(cudaDeviceSynchronize());
                        const auto t1 = std::chrono::steady_clock::now();
                        return std::chrono::duration<double>(t1 - t0).count();
                    };
                    if (interrupted && interrupted())
                        throw Interrupted();
                    copies(1); // warm-up, dropped
                    std::vector<double> perCopy;
                    for (int r = 0; r < repetitions; ++r) {
                        if (interrupted && interrupted())
                            throw Interrupted();
                        perCopy.push_back(copies(batch) / batch);
                    }
                    std::sort(perCopy.begin(), perCopy.end());
                    const std::size_t n = perCopy.size();
                    const double median =
                        n % 2 ? perCopy[n / 2] : (perCopy[n / 2 - 1] + perCopy[n / 2]) / 2.0;
                    TransferResult result;
                    result.direction = direction;
                    result.pinned = isPinned;
                    result.bytes = bytes;
                    result.repetitions = repetitions;
                    result.msMedian = median * 1e3;
                    result.msBest = perCopy.front() * 1e3;
                    result.gbpsMedian = median > 0 ? static_cast<double>(bytes) / median / 1e9 : 0.0;
                    result.gbpsBest =
                        perCopy.front() > 0 ? static_cast<double>(bytes) / perCopy.front() / 1e9 : 0.0;
                    results.push_back(result);
                }
            }
        }
        return results;
    }

private:
    void requireAvailable() const {
        if (!isAvailable())
            throw std::runtime_error("cuda backend unavailable: " + m_reason);
    }

    int m_device;
    std::string m_reason;
    CudaDeviceInfo m_info;
};

} // namespace

std::unique_ptr<BandwidthBackend> makeCudaBackend(int device) {
    return std::make_unique<CudaBackend>(device);
}

} // namespace stridescope::gpu
