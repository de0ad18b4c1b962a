#include "CudaCheck.cuh"
#include "CudaTransferHook.h"

#include "core/Error.h"

#include <cstring>
#include <vector>

namespace stridescope::gpu {

namespace {

// Frees what a transfer allocated on every path out (a failing CUDA call throws).
struct TransferBuffers {
    void* device = nullptr;
    void* secondDevice = nullptr; // the destination of a device-to-device copy
    void* pinnedHost = nullptr;
    cudaEvent_t start = nullptr;
    cudaEvent_t stop = nullptr;
    cudaStream_t stream = nullptr;
    ~TransferBuffers() {
        if (device)
            cudaFree(device);
        if (secondDevice)
            cudaFree(secondDevice);
        if (pinnedHost)
            cudaFreeHost(pinnedHost);
        if (start)
            cudaEventDestroy(start);
        if (stop)
            cudaEventDestroy(stop);
        if (stream)
            cudaStreamDestroy(stream);
    }
};

class CudaTransferHook final : public CudaDeviceHook {
public:
    explicit CudaTransferHook(CudaDeviceQuery query) : m_query(std::move(query)) {}

    int deviceCount() const override { return m_query.deviceCount(); }
    std::string deviceName(int index) const override {
        return index >= 0 && index < deviceCount() ? m_query.devices[static_cast<std::size_t>(index)].name : "";
    }

    TransferTiming transfer(int deviceIndex, const TransferRequest& request) override {
        try {
            return run(deviceIndex, request);
        } catch (const CudaError& e) {
            fail(ErrorKind::RuntimeError, "CUDA error: ", e.what());
        }
    }

private:
    TransferTiming run(int deviceIndex, const TransferRequest& request) {
        STRIDESCOPE_CUDA_CHECK(cudaSetDevice(deviceIndex));
        const auto bytes = static_cast<std::size_t>(request.bytes);
        TransferTiming timing;
        if (bytes == 0)
            return timing;
        // The bytes sent: the storage's values when it keeps them, else a pattern (a
        // layout-only storage still costs its bytes on the bus).
        std::vector<unsigned char> pageable;
        const unsigned char* payload = request.payload ? request.payload->data() : nullptr;
        if (!payload) {
            pageable.resize(bytes);
            for (std::size_t i = 0; i < bytes; ++i)
                pageable[i] = static_cast<unsigned char>(i * 131u + 7u);
            payload = pageable.data();
        }
        TransferBuffers b;
        STRIDESCOPE_CUDA_CHECK(cudaMalloc(&b.device, bytes));
        unsigned char* host = nullptr;
        std::vector<unsigned char> pageableHost;
        if (request.pinned) {
            STRIDESCOPE_CUDA_CHECK(cudaMallocHost(&b.pinnedHost, bytes));
            host = static_cast<unsigned char*>(b.pinnedHost);
        } else {
            pageableHost.resize(bytes);
            host = pageableHost.data();
        }
        STRIDESCOPE_CUDA_CHECK(cudaStreamCreateWithFlags(&b.stream, cudaStreamNonBlocking));
        STRIDESCOPE_CUDA_CHECK(cudaEventCreate(&b.start));
        STRIDESCOPE_CUDA_CHECK(cudaEventCreate(&b.stop));
        const bool toDevice = request.direction == TransferDirection::HostToDevice;
        if (toDevice) {
            std::memcpy(host, payload, bytes);
        } else {
            // The device holds the values first: put them there untimed.
            STRIDESCOPE_CUDA_CHECK(cudaMemcpy(b.device, payload, bytes, cudaMemcpyHostToDevice));
        }
        const bool deviceToDevice = request.direction == TransferDirection::DeviceToDevice;
        if (deviceToDevice)
            STRIDESCOPE_CUDA_CHECK(cudaMalloc(&b.secondDevice, bytes));
        STRIDESCOPE_CUDA_CHECK(cudaEventRecord(b.start, b.stream));
        // copy_kernel_cuda: cudaMemcpyAsync on the current stream; from pageable memory the
        // driver stages it and the call returns only when the host buffer may be reused.
        if (deviceToDevice)
            STRIDESCOPE_CUDA_CHECK(cudaMemcpyAsync(b.secondDevice, b.device, bytes, cudaMemcpyDeviceToDevice, b.stream));
        else if (toDevice)
            STRIDESCOPE_CUDA_CHECK(cudaMemcpyAsync(b.device, host, bytes, cudaMemcpyHostToDevice, b.stream));
        else
            STRIDESCOPE_CUDA_CHECK(cudaMemcpyAsync(host, b.device, bytes, cudaMemcpyDeviceToHost, b.stream));
        STRIDESCOPE_CUDA_CHECK(cudaEventRecord(b.stop, b.stream));
        STRIDESCOPE_CUDA_CHECK(cudaEventSynchronize(b.stop));
        float ms = 0.0f;
        STRIDESCOPE_CUDA_CHECK(cudaEventElapsedTime(&ms, b.start, b.stop));
        timing.ms = static_cast<double>(ms);
        // Read back and compare: what arrived is what was sent.
        std::vector<unsigned char> check(bytes);
        if (toDevice || deviceToDevice)
            STRIDESCOPE_CUDA_CHECK(
                cudaMemcpy(check.data(), deviceToDevice ? b.secondDevice : b.device, bytes, cudaMemcpyDeviceToHost));
        else
            std::memcpy(check.data(), host, bytes);
        timing.verified = std::memcmp(check.data(), payload, bytes) == 0;
        SS_CHECK(timing.verified, RuntimeError, "CUDA transfer check failed: the ", bytes,
                 " bytes read back differ from the bytes sent");
        return timing;
    }

    CudaDeviceQuery m_query;
};

} // namespace

std::shared_ptr<CudaDeviceHook> makeCudaTransferHook(const CudaDeviceQuery& query) {
    if (query.deviceCount() == 0)
        return nullptr;
    return std::make_shared<CudaTransferHook>(query);
}

} // namespace stridescope::gpu
