// Copying operations: each allocates a new Storage (or returns self where PyTorch does).
#include "DeviceOps.h"
#include "Elementwise.h"
#include "Error.h"
#include "Ops.h"

#include <bitset>

namespace stridescope::ops {

Tensor clone(const Tensor& self, MemoryFormat format) {
    Tensor result = detail::emptyLike(self, format, self.dtype(), self.hasValues());
    copyValuesOnDevices(result, self); // on a real GPU, a CUDA tensor's clone runs there
    return result;
}

bool isContiguous(const Tensor& self, MemoryFormat format) {
    if (format == MemoryFormat::ChannelsLast)
        return isChannelsLastContiguous(self.layout());
    if (format == MemoryFormat::ChannelsLast3d)
        return isChannelsLast3dContiguous(self.layout());
    return stridescope::isContiguous(self.layout());
}

Tensor contiguous(const Tensor& self, MemoryFormat format) {
    SS_CHECK(format != MemoryFormat::Preserve, RuntimeError,
             "preserve memory format is unsupported by the contiguous operator");
    if (isContiguous(self, format))
        return self;
    return clone(self, format);
}

Tensor flip(const Tensor& self, const Shape& dims) {
    // at::dim_list_to_bitset: wraps each dim and refuses repeats.
    std::vector<bool> flipped(static_cast<std::size_t>(std::max<std::int64_t>(self.dim(), 1)), false);
    for (auto d : dims) {
        const auto wrapped = wrapDim(d, self.dim());
        SS_CHECK(!flipped[wrapped], RuntimeError, "dim ", wrapped, " appears multiple times in the list of dims");
        flipped[wrapped] = true;
    }
    Tensor result = detail::emptyLike(self, MemoryFormat::Preserve, self.dtype(), self.hasValues());
    if (!result.hasValues())
        return result;
    // Read self through a layout that walks the flipped dims backwards.
    Layout reversed = self.layout();
    for (std::int64_t d = 0; d < self.dim(); ++d) {
        if (flipped[d] && reversed.sizes[d] > 0) {
            reversed.storageOffset += (reversed.sizes[d] - 1) * reversed.strides[d];
            reversed.strides[d] = -reversed.strides[d];
        }
    }
    detail::copyValues(result, self.withLayout(reversed));
    return result;
}

Tensor repeat(const Tensor& self, const Shape& repeats) {
    SS_CHECK(static_cast<std::int64_t>(repeats.size()) >= self.dim(), RuntimeError,
             "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
    const auto newDims = static_cast<std::int64_t>(repeats.size()) - self.dim();
    Shape padded(static_cast<std::size_t>(newDims), 1);
    padded.insert(padded.end(), self.sizes().begin(), self.sizes().end());
    Shape target(repeats.size());
    for (std::size_t i = 0; i < repeats.size(); ++i)
        // ATen wraps here and may then build a tensor of a wrong size; refuse instead.
        if (__builtin_mul_overflow(padded[i], repeats[i], &target[i]))
            fail(ErrorKind::RuntimeError, "repeat: size ", padded[i], " repeated ", repeats[i],
                 " times does not fit in int64 (dim ", i, ")");
    Tensor result = detail::emptyWithFormat(target, MemoryFormat::Contiguous, self.dtype(), self.hasValues());
    if (!result.hasValues() || result.numel() == 0)
        return result;
    // Element (i0, i1, ...) of the result is element (i0 mod s0, i1 mod s1, ...) of self.
    const Tensor source = expand(self, padded);
    Shape sourceIndex(padded.size());
    std::vector<Scalar> values;
    values.reserve(static_cast<std::size_t>(result.numel()));
    result.forEachElement([&](const Shape& index, std::int64_t) {
        for (std::size_t d = 0; d < index.size(); ++d)
            sourceIndex[d] = index[d] % padded[d];
        values.push_back(source.valueAt(sourceIndex));
    });
    detail::writeValues(result, [&](std::int64_t i) { return values[static_cast<std::size_t>(i)]; });
    return result;
}

Tensor to(const Tensor& self, DType dtype) {
    if (dtype == self.dtype())
        return self;
    Tensor result = detail::emptyLike(self, MemoryFormat::Preserve, dtype, self.hasValues());
    detail::copyValues(result, self);
    return result;
}

} // namespace stridescope::ops
