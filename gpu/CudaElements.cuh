#pragma once
// Private to gpu/*.cu: the element types the CUDA kernels move. A copy never looks at values, so
// a dtype is only its size; 1-8 bytes are the unsigned integers, and 16 bytes (complex128) is
// this struct: a uint4, so that each element is one 16-byte load and store (ld/st.v4.u32; the
// 16-byte alignment holds because cudaMalloc's blocks are 256-byte aligned and a storage offset
// counts whole elements).
#include <cuda_runtime.h>

namespace stridescope::gpu {

struct Element16 {
    uint4 v;
};
static_assert(sizeof(Element16) == 16 && alignof(Element16) == 16);

} // namespace stridescope::gpu
