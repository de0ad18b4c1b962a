// Complex views and conversions, following PyTorch 1.13's TensorShape.cpp / UnaryOps.cpp /
// TensorFactories.cpp: the same checks in the same order with the same texts.
#include "ComplexOps.h"

#include "Broadcast.h"
#include "Elementwise.h"
#include "Error.h"
#include "ShapeOps.h"
#include "TensorIterator.h"

namespace stridescope::ops {

namespace {

const char* const kComplexHalf =
    "complex32 (ComplexHalf) is not modelled by StrideScope: it has complex64 and "
    "complex128; use a float32 or float64 tensor";

// _view_as_real_physical: the same storage read as the parts, conj bit or not.
Tensor viewAsRealPhysical(const Tensor& self) {
    SS_CHECK(isComplex(self.dtype()), RuntimeError, "view_as_real is only supported for complex tensors");
    Shape sizes = self.sizes(), strides = self.strides();
    for (auto& s : strides)
        s = wrappingMul(s, 2);
    sizes.push_back(2);
    strides.push_back(1);
    const Tensor view =
        self.withLayout(toRealValueType(self.dtype()),
                        Layout{std::move(sizes), std::move(strides), wrappingMul(self.storageOffset(), 2)});
    return view.withLazyBit(false);
}

// real() / imag(): cell 0 or 1 of every element, read without the conj bit.
Tensor part(const Tensor& self, std::int64_t which) {
    const Tensor parts = viewAsRealPhysical(self);
    return select(parts, parts.dim() - 1, which);
}

} // namespace

Tensor viewAsReal(const Tensor& self) {
    SS_CHECK(
        !self.isConj(), RuntimeError,
        "view_as_real doesn't work on unresolved conjugated tensors.  To resolve the conjugate tensor so you "
        "can view it as real, use self.resolve_conj(); however, be warned that the resulting tensor will NOT "
        "alias the original.");
    return viewAsRealPhysical(self);
}

Tensor viewAsComplex(const Tensor& self) {
    const DType dtype = self.dtype();
    SS_CHECK(
        dtype == DType::Float32 || dtype == DType::Float64 || dtype == DType::Float16, RuntimeError,
        "view_as_complex is only supported for half, float and double tensors, but got a tensor of scalar "
        "type: ",
        scalarTypeName(dtype));
    SS_CHECK(self.dim() != 0, RuntimeError, "Input tensor must have one or more dimensions");
    SS_CHECK(self.sizes().back() == 2, RuntimeError, "Tensor must have a last dimension of size 2");
    // computeStrideForViewAsComplex
    const Shape& oldStrides = self.strides();
    SS_CHECK(oldStrides.back() == 1, RuntimeError, "Tensor must have a last dimension with stride 1");
    Shape strides(oldStrides.begin(), oldStrides.end() - 1);
    for (auto& s : strides) {
        SS_CHECK(s % 2 == 0, RuntimeError,
                 "Tensor must have a stride divisible by 2 for all but last dimension");
        s /= 2;
    }
    SS_CHECK(self.storageOffset() % 2 == 0, RuntimeError, "Tensor must have a storage_offset divisible by 2");
    SS_CHECK(dtype != DType::Float16, RuntimeError, kComplexHalf);
    // The neg bit of a float view (x.conj().imag) has no complex counterpart here.
    SS_CHECK(
        !self.isNeg(), RuntimeError,
        "view_as_complex of a tensor with the negative bit set (such as x.conj().imag) is not modelled by "
        "StrideScope; use resolve_neg() first");
    Shape sizes(self.sizes().begin(), self.sizes().end() - 1);
    return self.withLayout(toComplexType(dtype),
                           Layout{std::move(sizes), std::move(strides), self.storageOffset() / 2});
}

Tensor real(const Tensor& self) { return isComplex(self.dtype()) ? part(self, 0) : self; }

Tensor imag(const Tensor& self) {
    SS_CHECK(isComplex(self.dtype()), RuntimeError,
             "imag is not implemented for tensors with non-complex dtypes.");
    // The imaginary part of a conjugate view is the negated stored one: a view with the neg bit.
    return part(self, 1).withLazyBit(self.isConj());
}

Tensor conj(const Tensor& self) { return isComplex(self.dtype()) ? self.withLazyBit(!self.isConj()) : self; }

Tensor conjPhysical(const Tensor& self) {
    if (!isComplex(self.dtype()))
        return self;
    Tensor result = detail::emptyLike(self, MemoryFormat::Preserve, self.dtype(), self.hasValues());
    if (result.hasValues()) {
        const auto values = self.values();
        detail::writeValues(result, [&](std::int64_t i) {
            const Scalar& v = values[static_cast<std::size_t>(i)];
            return Scalar::fromComplex(v.floatValue, -v.imagValue);
        });
    }
    return result;
}

Tensor resolveConj(const Tensor& self) {
    if (!self.isConj())
        return self;
    Tensor result = detail::emptyLike(self, MemoryFormat::Preserve, self.dtype(), self.hasValues());
    detail::copyValues(result, self); // reads through the conj bit
    return result;
}

Tensor resolveNeg(const Tensor& self) {
    if (!self.isNeg())
        return self;
    Tensor result = detail::emptyLike(self, MemoryFormat::Preserve, self.dtype(), self.hasValues());
    detail::copyValues(result, self);
    return result;
}

Tensor complexFromParts(const Tensor& re, const Tensor& im) {
    // complex_check_dtype, then a TensorIterator over (real, imag) that broadcasts.
    const DType a = re.dtype(), b = im.dtype();
    const bool floating = [](DType t) {
        return t == DType::Float16 || t == DType::Float32 || t == DType::Float64;
    }(a) && (b == DType::Float16 || b == DType::Float32 || b == DType::Float64);
    SS_CHECK(floating, RuntimeError, "Expected both inputs to be Half, Float or Double tensors but got ",
             scalarTypeName(a), " and ", scalarTypeName(b));
    SS_CHECK(a == b, RuntimeError, "Expected object of scalar type ", scalarTypeName(a),
             " but got scalar type ", scalarTypeName(b), " for second argument");
    SS_CHECK(a != DType::Float16, RuntimeError, kComplexHalf);
    const OutputLayout decided = computeOutputLayout({{re.layout(), "real"}, {im.layout(), "imag"}});
    const Shape& shape = decided.sizes;
    Tensor result =
        Tensor::allocateStrided(toComplexType(a), shape, decided.strides, re.hasValues() && im.hasValues())
            .withLayoutReason(decided.reason);
    if (!result.hasValues())
        return result;
    const auto reValues = expand(re, shape).values(), imValues = expand(im, shape).values();
    detail::writeValues(result, [&](std::int64_t i) {
        const auto at = static_cast<std::size_t>(i);
        return Scalar::fromComplex(reValues[at].floatValue, imValues[at].floatValue);
    });
    return result;
}

} // namespace stridescope::ops
