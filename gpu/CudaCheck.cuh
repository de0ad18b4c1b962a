#pragma once
// Private to gpu/*.cu: the one macro that checks a CUDA runtime call. It throws CudaError (it
// never exits), so a caller can turn a failing call into a message for the user.
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace stridescope::gpu {

class CudaError : public std::runtime_error {
public:
    CudaError(cudaError_t code, const char* call)
        : std::runtime_error(std::string(call) + ": " + cudaGetErrorString(code) + " (" +
                             cudaGetErrorName(code) + ")"),
          m_code(code) {}
    cudaError_t code() const { return m_code; }

private:
    cudaError_t m_code;
};

} // namespace stridescope::gpu

#define STRIDESCOPE_CUDA_CHECK(call)                                                                         \
    do {                                                                                                     \
        const cudaError_t stridescopeCudaStatus_ = (call);                                                   \
        if (stridescopeCudaStatus_ != cudaSuccess)                                                           \
            throw ::stridescope::gpu::CudaError(stridescopeCudaStatus_, #call);                              \
    } while (false)
