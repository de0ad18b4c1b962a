// Tests of values with bool results (isnan, isinf, isfinite, isposinf, isneginf, isclose,
// allclose), built as PyTorch 1.13 builds them (aten/src/ATen/native/TensorCompare.cpp,
// UnaryOps.cpp): from comparisons and abs, so that the result takes TensorIterator's layout, and
// for integers and bool from zeros_like / ones_like, which keep a dense input's strides.
#include "Arithmetic.h"

#include "ComplexOps.h"
#include "Error.h"
#include "ShapeOps.h"

#include <limits>

namespace stridescope::ops {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

Operand infinity(double sign) { return Operand::of(Scalar::fromFloat(sign * kInfinity)); }

Tensor compare(BinaryKind kind, const Tensor& a, const Operand& b) { return binary(kind, Operand::of(a), b); }

} // namespace

Tensor testValues(ValueTest test, const Tensor& self) {
    const DType dtype = self.dtype();
    switch (test) {
    case ValueTest::IsNan:
        return compare(BinaryKind::Ne, self, Operand::of(self));
    case ValueTest::IsInf:
    case ValueTest::IsFinite: {
        const bool finite = test == ValueTest::IsFinite;
        if (isIntegral(dtype, /*includeBool=*/true))
            return like(self, finite ? LikeFill::Ones : LikeFill::Zeros, DType::Bool, MemoryFormat::Preserve);
        if (isComplex(dtype)) // each part tested on its own: inf in either, or both finite
            return binary(finite ? BinaryKind::BitAnd : BinaryKind::BitOr,
                          Operand::of(testValues(test, real(self))),
                          Operand::of(testValues(test, imag(self))));
        const Tensor magnitude = unary(UnaryKind::Abs, self);
        if (!finite)
            return compare(BinaryKind::Eq, magnitude, infinity(1));
        return binary(BinaryKind::Mul, Operand::of(compare(BinaryKind::Eq, self, Operand::of(self))),
                      Operand::of(compare(BinaryKind::Ne, magnitude, infinity(1))));
    }
    case ValueTest::IsPosInf:
    case ValueTest::IsNegInf: {
        const bool positive = test == ValueTest::IsPosInf;
        SS_CHECK(!isComplex(dtype), RuntimeError, positive ? "isposinf" : "isneginf",
                 " does not support complex inputs.");
        // Integers and bool: the kernel fills its (TensorIterator-shaped) result with false.
        if (isIntegral(dtype, /*includeBool=*/true))
            return compare(BinaryKind::Ne, self, Operand::of(self));
        return compare(BinaryKind::Eq, self, infinity(positive ? 1 : -1));
    }
    }
    return self; // unreachable: every test is handled above
}

Tensor isclose(const Tensor& self, const Tensor& other, double rtol, double atol, bool equalNan) {
    SS_CHECK(self.dtype() == other.dtype(), RuntimeError, scalarTypeName(self.dtype()), " did not match ",
             scalarTypeName(other.dtype()));
    SS_CHECK(rtol >= 0, RuntimeError, "rtol must be greater than or equal to zero, but got ", rtol);
    SS_CHECK(atol >= 0, RuntimeError, "atol must be greater than or equal to zero, but got ", atol);
    const Tensor close = compare(BinaryKind::Eq, self, Operand::of(other));
    if (equalNan && (isFloating(self.dtype()) || isComplex(self.dtype()))) {
        // close |= self.isnan().__iand__(other.isnan()): in place, so an `other` that broadcasts
        // self to a larger shape fails there, as in PyTorch.
        const Tensor bothNan = testValues(ValueTest::IsNan, self);
        binary(BinaryKind::BitAnd, Operand::of(bothNan), Operand::of(testValues(ValueTest::IsNan, other)),
               bothNan);
        binary(BinaryKind::BitOr, Operand::of(close), Operand::of(bothNan), close);
    }
    // With no tolerance closeness is equality (the error term below could round to "close").
    if (rtol == 0 && atol == 0)
        return close;
    // Integers and bool compute in the default dtype (a uint8 difference would wrap).
    const Tensor castSelf = self.dtype() == DType::Bool ? to(self, DType::Float32) : self;
    const Tensor castOther =
        isIntegral(self.dtype(), /*includeBool=*/true) ? to(other, DType::Float32) : other;
    const Tensor allowed =
        binary(BinaryKind::Add, Operand::of(Scalar::fromFloat(atol)),
               Operand::of(unary(UnaryKind::Abs, binary(BinaryKind::Mul, Operand::of(Scalar::fromFloat(rtol)),
                                                        Operand::of(castOther)))));
    const Tensor actual =
        unary(UnaryKind::Abs, binary(BinaryKind::Sub, Operand::of(castSelf), Operand::of(castOther)));
    binary(BinaryKind::BitOr, Operand::of(close),
           Operand::of(binary(BinaryKind::BitAnd, Operand::of(testValues(ValueTest::IsFinite, actual)),
                              Operand::of(compare(BinaryKind::Le, actual, Operand::of(allowed))))),
           close);
    return close;
}

bool allclose(const Tensor& self, const Tensor& other, double rtol, double atol, bool equalNan) {
    const Tensor all =
        reduce(ReductionKind::All, isclose(self, other, rtol, atol, equalNan), {}, false, std::nullopt);
    SS_CHECK(all.hasValues(), RuntimeError, "the values of these tensors are not kept (layout only)");
    return all.valueAt({}).intValue != 0;
}

} // namespace stridescope::ops
