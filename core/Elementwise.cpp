#include "Elementwise.h"

#include "Error.h"
#include "ShapeOps.h"

namespace stridescope::detail {

Tensor emptyWithFormat(const Shape& sizes, MemoryFormat format, DType dtype, bool keepValues) {
    // at::empty's computeStorageNbytesContiguous: numel * itemsize, naming only the sizes when
    // either overflows (torch.arange(2**62) overflows in bytes, not in elements).
    std::int64_t bytes = 0;
    if (__builtin_mul_overflow(checkedNumel(sizes), std::int64_t(itemSize(dtype)), &bytes))
        fail(ErrorKind::RuntimeError, "Storage size calculation overflowed with sizes=", sizes);
    const Shape strides = format == MemoryFormat::ChannelsLast     ? channelsLastStrides(sizes)
                          : format == MemoryFormat::ChannelsLast3d ? channelsLast3dStrides(sizes)
                                                                   : contiguousStrides(sizes);
    return Tensor::allocateStrided(dtype, sizes, strides, keepValues);
}

Tensor emptyLike(const Tensor& self, MemoryFormat format, DType dtype, bool keepValues) {
    if (format != MemoryFormat::Preserve)
        return emptyWithFormat(self.sizes(), format, dtype, keepValues);
    const Shape strides = isNonOverlappingAndDense(self.layout())
                              ? self.strides()
                              : inferDenseStrides(self.sizes(), self.strides());
    return Tensor::allocateStrided(dtype, self.sizes(), strides, keepValues);
}

MemoryFormat suggestMemoryFormat(const Tensor& self) {
    if (isStridesLikeChannelsLast(self.layout()))
        return MemoryFormat::ChannelsLast;
    return isStridesLikeChannelsLast3d(self.layout()) ? MemoryFormat::ChannelsLast3d
                                                      : MemoryFormat::Contiguous;
}

void forgetValues(const Tensor& dst) { dst.storage()->forgetValues(); }

void copyValues(const Tensor& dst, const Tensor& src) {
    if (!dst.hasValues())
        return;
    if (!src.hasValues()) {
        forgetValues(dst);
        return;
    }
    const auto values = src.values();
    writeValues(dst, [&](std::int64_t i) { return values[static_cast<std::size_t>(i)]; });
}

void writeValues(const Tensor& dst, const std::function<Scalar(std::int64_t)>& produce) {
    if (!dst.hasValues())
        return;
    std::int64_t i = 0;
    Storage& storage = *dst.storage();
    const DType dtype = dst.dtype();
    // Through a conjugate (or negative) view the stored value is the conjugate of the written one.
    dst.forEachElement([&](const Shape&, std::int64_t at) {
        storage.store(dtype, at, dst.applyLazyBit(castScalar(produce(i++), dtype)));
    });
}

void writeRowMajor(const Tensor& dst, const std::vector<Scalar>& values) {
    writeValues(dst, [&](std::int64_t i) { return values[static_cast<std::size_t>(i)]; });
}

void writeIndices(const Tensor& dst, const std::vector<std::int64_t>& indices) {
    writeValues(dst, [&](std::int64_t i) { return Scalar::fromInt(indices[static_cast<std::size_t>(i)]); });
}

Tensor writeOut(const Tensor& out, const Tensor& result) {
    const Tensor target =
        out.sizes() == result.sizes() ? out : ops::resizeInPlace(out, result.sizes(), std::nullopt);
    if (result.hasValues())
        copyValues(target, result);
    else
        forgetValues(target);
    return target;
}

void requireOutDtype(const Tensor& out, DType expected) {
    SS_CHECK(out.dtype() == expected, RuntimeError, "Expected out tensor to have dtype ",
             cppTypeName(expected), ", but got ", cppTypeName(out.dtype()), " instead");
}

} // namespace stridescope::detail
