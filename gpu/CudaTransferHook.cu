// The CUDA runtime under CudaStorageHook: storage blocks (cudaMalloc, cudaMallocHost), the
// core's values uploaded with cudaMemcpy, and each copy as PyTorch's copy_kernel_cuda runs it:
// cudaMemcpyAsync on a non-blocking stream (pageable host memory staged by the driver, pinned
// memory a direct DMA), followed by cudaStreamSynchronize unless it is asynchronous; the
// contiguous copy on a device and the strided write into a non-contiguous destination are one
// kernel that reads one layout and writes another. Every step is timed between CUDA events.
#include "CudaCheck.cuh"
#include "CudaElements.cuh"
#include "CudaFill.cuh"
#include "gpu/CudaStorageHook.h"
#include "gpu/CudaTransferHook.h"
#include "gpu/StridedIndexer.h"

#include "core/CollapsedLayout.h"

#include <cstring>
#include <map>
#include <vector>

namespace stridescope::gpu {

namespace {

constexpr int kThreads = 256;

template <typename T>
__global__ void stridedCopyKernel(T* __restrict__ dst, StridedIndexer dstIndex, const T* __restrict__ src,
                                  StridedIndexer srcIndex, std::uint32_t numel) {
    const std::uint32_t step = gridDim.x * blockDim.x;
    for (std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < numel; i += step)
        dst[dstIndex.storageIndex(i)] = src[srcIndex.storageIndex(i)];
}

// Above 2^31 elements: 64-bit division (correct, not fast).
template <typename T>
__global__ void stridedCopyWideKernel(T* __restrict__ dst, WideStridedIndexer dstIndex,
                                      const T* __restrict__ src, WideStridedIndexer srcIndex,
                                      std::int64_t numel) {
    const std::int64_t step = std::int64_t(gridDim.x) * blockDim.x;
    for (std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < numel; i += step)
        dst[dstIndex.storageIndex(i)] = src[srcIndex.storageIndex(i)];
}

unsigned int gridFor(std::int64_t items) {
    const std::int64_t blocks = (items + kThreads - 1) / kThreads;
    return static_cast<unsigned int>(blocks < 1 ? 1 : blocks > 65535 * 8 ? 65535 * 8 : blocks);
}

template <typename T>
void launchStridedCopy(cudaStream_t stream, void* dst, const Layout& dstLayout, const void* src,
                       const Layout& srcLayout) {
    const CollapsedLayout d = collapseLayout(dstLayout);
    const CollapsedLayout s = collapseLayout(srcLayout);
    const std::int64_t numel = d.numel();
    if (numel == 0)
        return;
    const unsigned int grid = gridFor(numel);
    if (fitsNarrowIndexer(d) && fitsNarrowIndexer(s))
        stridedCopyKernel<T><<<grid, kThreads, 0, stream>>>(static_cast<T*>(dst), makeStridedIndexer(d),
                                                            static_cast<const T*>(src), makeStridedIndexer(s),
                                                            static_cast<std::uint32_t>(numel));
    else
        stridedCopyWideKernel<T>
            <<<grid, kThreads, 0, stream>>>(static_cast<T*>(dst), makeWideStridedIndexer(d),
                                            static_cast<const T*>(src), makeWideStridedIndexer(s), numel);
    STRIDESCOPE_CUDA_CHECK(cudaGetLastError());
}

cudaMemcpyKind cudaKind(MemcpyKind kind) {
    switch (kind) {
    case MemcpyKind::HostToDevice:
        return cudaMemcpyHostToDevice;
    case MemcpyKind::DeviceToHost:
        return cudaMemcpyDeviceToHost;
    case MemcpyKind::DeviceToDevice:
    case MemcpyKind::Peer:
        return cudaMemcpyDeviceToDevice;
    }
    return cudaMemcpyDefault;
}

class CudaPrimitives final : public DevicePrimitives {
public:
    explicit CudaPrimitives(CudaDeviceQuery query) : m_query(std::move(query)) {}
    ~CudaPrimitives() override {
        // Never runs before exit in practice (the core keeps the hook); be tidy if it does.
        for (auto& [device, stream] : m_streams) {
            cudaSetDevice(device);
            cudaStreamDestroy(stream);
        }
    }

    int deviceCount() const override { return m_query.deviceCount(); }
    std::string deviceName(int device) const override {
        return device >= 0 && device < deviceCount() ? m_query.devices[static_cast<std::size_t>(device)].name
                                                     : "";
    }
    std::int64_t totalMemoryBytes(int device) const override {
        return device >= 0 && device < deviceCount()
                   ? m_query.devices[static_cast<std::size_t>(device)].totalMemoryBytes
                   : 0;
    }

    void* allocateDevice(int device, std::int64_t bytes) override {
        STRIDESCOPE_CUDA_CHECK(cudaSetDevice(device));
        void* p = nullptr;
        const cudaError_t status = cudaMalloc(&p, static_cast<std::size_t>(bytes));
        if (status == cudaErrorMemoryAllocation) {
            cudaGetLastError(); // clear it: the device is still usable
            return nullptr;
        }
        STRIDESCOPE_CUDA_CHECK(status);
        return p;
    }
    void freeDevice(int device, void* pointer) noexcept override {
        cudaSetDevice(device);
        cudaFree(pointer);
    }
    void* allocatePinned(std::int64_t bytes) override {
        void* p = nullptr;
        const cudaError_t status = cudaMallocHost(&p, static_cast<std::size_t>(bytes));
        if (status == cudaErrorMemoryAllocation) {
            cudaGetLastError();
            return nullptr;
        }
        STRIDESCOPE_CUDA_CHECK(status);
        return p;
    }
    void freePinned(void* pointer) noexcept override { cudaFreeHost(pointer); }

    void fill(int device, void* pointer, std::int64_t bytes, bool pattern) override {
        if (device < 0) { // page-locked host memory
            if (pattern)
                fillBytePattern(static_cast<unsigned char*>(pointer), bytes);
            else
                std::memset(pointer, 0, static_cast<std::size_t>(bytes));
            return;
        }
        STRIDESCOPE_CUDA_CHECK(cudaSetDevice(device));
        if (pattern) {
            fillBytePatternOnDevice(pointer, bytes);
        } else {
            STRIDESCOPE_CUDA_CHECK(cudaMemset(pointer, 0, static_cast<std::size_t>(bytes)));
        }
        STRIDESCOPE_CUDA_CHECK(cudaDeviceSynchronize());
    }

    void copySync(MemcpyKind kind, int dstDevice, void* dst, int srcDevice, const void* src,
                  std::int64_t bytes) override {
        STRIDESCOPE_CUDA_CHECK(cudaSetDevice(srcDevice >= 0 ? srcDevice : dstDevice));
        if (kind == MemcpyKind::Peer)
            STRIDESCOPE_CUDA_CHECK(
                cudaMemcpyPeer(dst, dstDevice, src, srcDevice, static_cast<std::size_t>(bytes)));
        else
            STRIDESCOPE_CUDA_CHECK(cudaMemcpy(dst, src, static_cast<std::size_t>(bytes), cudaKind(kind)));
    }

    void begin(int device) override {
        destroyEvents();
        STRIDESCOPE_CUDA_CHECK(cudaSetDevice(device));
        auto it = m_streams.find(device);
        if (it == m_streams.end()) {
            cudaStream_t stream = nullptr;
            STRIDESCOPE_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
            it = m_streams.emplace(device, stream).first;
        }
        m_stream = it->second;
        mark();
    }
    void memcpyAsync(MemcpyKind kind, int dstDevice, void* dst, int srcDevice, const void* src,
                     std::int64_t bytes) override {
        if (kind == MemcpyKind::Peer)
            STRIDESCOPE_CUDA_CHECK(cudaMemcpyPeerAsync(dst, dstDevice, src, srcDevice,
                                                       static_cast<std::size_t>(bytes), m_stream));
        else
            STRIDESCOPE_CUDA_CHECK(
                cudaMemcpyAsync(dst, src, static_cast<std::size_t>(bytes), cudaKind(kind), m_stream));
    }
    void stridedCopy(void* dst, const Layout& dstLayout, const void* src, const Layout& srcLayout,
                     int elementSize) override {
        switch (elementSize) {
        case 1:
            return launchStridedCopy<unsigned char>(m_stream, dst, dstLayout, src, srcLayout);
        case 2:
            return launchStridedCopy<unsigned short>(m_stream, dst, dstLayout, src, srcLayout);
        case 4:
            return launchStridedCopy<unsigned int>(m_stream, dst, dstLayout, src, srcLayout);
        case 8:
            return launchStridedCopy<unsigned long long>(m_stream, dst, dstLayout, src, srcLayout);
        case 16:
            return launchStridedCopy<Element16>(m_stream, dst, dstLayout, src, srcLayout);
        default:
            throw std::invalid_argument("no strided copy kernel for " + std::to_string(elementSize) +
                                        "-byte elements");
        }
    }
    void mark() override {
        cudaEvent_t event = nullptr;
        STRIDESCOPE_CUDA_CHECK(cudaEventCreate(&event));
        m_events.push_back(event);
        STRIDESCOPE_CUDA_CHECK(cudaEventRecord(event, m_stream));
    }
    void synchronize() override { STRIDESCOPE_CUDA_CHECK(cudaStreamSynchronize(m_stream)); }
    bool done() override {
        const cudaError_t status = cudaEventQuery(m_events.back());
        if (status == cudaErrorNotReady)
            return false;
        STRIDESCOPE_CUDA_CHECK(status);
        return true;
    }
    std::vector<double> finish() override {
        std::vector<double> ms;
        STRIDESCOPE_CUDA_CHECK(cudaEventSynchronize(m_events.back()));
        for (std::size_t i = 1; i < m_events.size(); ++i) {
            float t = 0.0f;
            STRIDESCOPE_CUDA_CHECK(cudaEventElapsedTime(&t, m_events[i - 1], m_events[i]));
            ms.push_back(static_cast<double>(t));
        }
        destroyEvents();
        return ms;
    }

private:
    void destroyEvents() {
        for (cudaEvent_t event : m_events)
            cudaEventDestroy(event);
        m_events.clear();
    }

    CudaDeviceQuery m_query;
    std::map<int, cudaStream_t> m_streams;
    cudaStream_t m_stream = nullptr;
    std::vector<cudaEvent_t> m_events;
};

} // namespace

std::shared_ptr<DevicePrimitives> makeCudaPrimitives(const CudaDeviceQuery& query) {
    if (query.deviceCount() == 0)
        return nullptr;
    return std::make_shared<CudaPrimitives>(query);
}

std::shared_ptr<CudaDeviceHook> makeCudaTransferHook(const CudaDeviceQuery& query) {
    return makeCudaStorageHook(makeCudaPrimitives(query));
}

} // namespace stridescope::gpu
