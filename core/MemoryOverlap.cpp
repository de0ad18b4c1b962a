#include "MemoryOverlap.h"

#include "Error.h"

namespace stridescope {

bool isSameTensor(const Tensor& a, const Tensor& b) {
    return a.sharesStorageWith(b) && a.layout() == b.layout() && a.dtype() == b.dtype();
}

void assertNoInternalOverlap(const Tensor& written) {
    SS_CHECK(internalOverlap(written.layout()) != MemOverlap::Yes, RuntimeError,
             "unsupported operation: more than one element of the written-to tensor refers to a single memory "
             "location. Please clone() the tensor before performing the operation.");
}

void assertNoPartialOverlap(const Tensor& out, const Tensor& in) {
    if (isSameTensor(out, in) || out.numel() == 0 || in.numel() == 0)
        return;
    if (!isNonOverlappingAndDense(out.layout()) || !isNonOverlappingAndDense(in.layout()))
        return; // "too hard" to decide: PyTorch lets it through
    if (!out.sharesStorageWith(in))
        return;
    const auto outBegin = out.storageOffset() * out.elementSize();
    const auto outEnd = outBegin + out.numel() * out.elementSize();
    const auto inBegin = in.storageOffset() * in.elementSize();
    const auto inEnd = inBegin + in.numel() * in.elementSize();
    bool partial = false;
    if (outBegin == inBegin && outEnd == inEnd)
        partial = out.strides() != in.strides();
    else
        partial = outBegin < inEnd && inBegin < outEnd;
    SS_CHECK(!partial, RuntimeError,
             "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single "
             "memory location. Please clone() the tensor before performing the operation.");
}

} // namespace stridescope
