#pragma once
// The kernels a bandwidth backend times, as one enum from the backends through `stridescope
// bench` to the panel (which keeps their labels and colours in one table,
// app/bandwidth/KernelStyle.h). Plain C++: no Qt, no CUDA.
#include <array>
#include <string>

namespace stridescope::gpu {

// Every kernel writes the same numel·itemSize bytes contiguously, so their GB/s are comparable.
enum class CopyKernel {
    ReadThroughLayout, // naive: dst[i] = src[address of logical element i], what .contiguous() does
    Tiled,             // the same result through cache/shared-memory tiles (permutations only)
    Baseline,          // the limit: contiguous source to contiguous destination, our own kernel
    Memcpy,            // the vendor copy (std::memcpy on one CPU thread, cudaMemcpy D2D): a reference
};

inline constexpr std::array<CopyKernel, 4> kAllCopyKernels{CopyKernel::ReadThroughLayout, CopyKernel::Tiled,
                                                           CopyKernel::Baseline, CopyKernel::Memcpy};

// Stable names as `stridescope bench` prints them (its JSON "case" and the panel's CSV):
// "read_through_layout", "tiled", "baseline_copy", "memcpy".
std::string caseName(CopyKernel kernel);

} // namespace stridescope::gpu
