#include "Elementwise.h"

#include "Error.h"

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
    const Shape strides = isNonOverlappingAndDense(self.layout()) ? self.strides()
                                                                   : inferDenseStrides(self.sizes(), self.strides());
    return Tensor::allocateStrided(dtype, self.sizes(), strides, keepValues);
}

MemoryFormat suggestMemoryFormat(const Tensor& self) {
    if (isStridesLikeChannelsLast(self.layout()))
        return MemoryFormat::ChannelsLast;
    return isStridesLikeChannelsLast3d(self.layout()) ? MemoryFormat::ChannelsLast3d : MemoryFormat::Contiguous;
}

Shape broadcastShapes(const Shape& a, const Shape& b) {
    const auto dimsA = static_cast<std::int64_t>(a.size()), dimsB = static_cast<std::int64_t>(b.size());
    const auto ndim = std::max(dimsA, dimsB);
    Shape result(static_cast<std::size_t>(ndim));
    for (std::int64_t i = ndim - 1; i >= 0; --i) {
        const auto offset = ndim - 1 - i;
        const auto dimA = dimsA - 1 - offset, dimB = dimsB - 1 - offset;
        const auto sizeA = dimA >= 0 ? a[dimA] : 1, sizeB = dimB >= 0 ? b[dimB] : 1;
        SS_CHECK(sizeA == sizeB || sizeA == 1 || sizeB == 1, RuntimeError, "The size of tensor a (", sizeA,
                 ") must match the size of tensor b (", sizeB, ") at non-singleton dimension ", i);
        result[i] = sizeA == 1 ? sizeB : sizeA;
    }
    return result;
}

namespace {

// c10's combine_categories: a lower-priority slot only matters when it brings a higher
// category (a float into an integer computation, anything into a bool one).
std::optional<DType> combineCategories(std::optional<DType> higher, std::optional<DType> lower) {
    if (!higher)
        return lower;
    if (!lower)
        return higher;
    if (isFloating(*higher))
        return higher;
    if (*higher == DType::Bool || isFloating(*lower))
        return promoteTypes(*higher, *lower);
    return higher;
}

void addTo(std::optional<DType>& slot, DType dtype) { slot = slot ? promoteTypes(*slot, dtype) : dtype; }

} // namespace

DType resultType(const Tensor& self, const ops::Operand& other) {
    std::optional<DType> dimResult, zeroResult, wrappedResult;
    auto addTensor = [&](const Tensor& t) { addTo(t.dim() > 0 ? dimResult : zeroResult, t.dtype()); };
    addTensor(self);
    if (other.tensor) {
        addTensor(*other.tensor);
    } else {
        // A Python float is wrapped as the default dtype (float32), an int as int64.
        const DType wrapped = other.scalar.kind == Scalar::Kind::Float ? DType::Float32
                              : other.scalar.kind == Scalar::Kind::Bool ? DType::Bool
                                                                        : DType::Int64;
        addTo(wrappedResult, wrapped);
    }
    return *combineCategories(dimResult, combineCategories(zeroResult, wrappedResult));
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
    dst.forEachElement([&](const Shape&, std::int64_t at) { storage.store(dtype, at, produce(i++)); });
}

} // namespace stridescope::detail
