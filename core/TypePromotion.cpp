#include "TypePromotion.h"

#include "Error.h"

#include <optional>

namespace stridescope {

PromotionOperand PromotionOperand::of(const Tensor& t) {
    return {t.dtype(), t.dim() > 0 ? Rank::Dimensioned : Rank::ZeroDim};
}

PromotionOperand PromotionOperand::of(const Scalar& s) {
    // A Python complex counts as the default complex dtype (complex64).
    const DType dtype = s.kind == Scalar::Kind::Complex ? DType::ComplexFloat
                        : s.kind == Scalar::Kind::Float ? DType::Float32
                        : s.kind == Scalar::Kind::Bool  ? DType::Bool
                                                        : DType::Int64;
    return {dtype, Rank::WrappedNumber};
}

namespace {

// c10's combine_categories: a lower-priority slot only matters when it brings a higher
// category (a float into an integer computation, anything into a bool one).
std::optional<DType> combineCategories(std::optional<DType> higher, std::optional<DType> lower) {
    if (!higher)
        return lower;
    if (!lower)
        return higher;
    if (isComplex(*higher))
        return higher;
    if (isComplex(*lower)) {
        // A floating higher keeps its value type (float64 tensor * 1j is complex128, float32
        // tensor * a 0-dim complex128 tensor is complex64); an integral one takes lower's.
        if (*higher == DType::Float16)
            fail(ErrorKind::RuntimeError,
                 "complex32 (ComplexHalf), the result of a float16 tensor with a complex "
                 "number, is not modelled by StrideScope");
        return isFloating(*higher) ? toComplexType(*higher) : lower;
    }
    if (isFloating(*higher))
        return higher;
    if (*higher == DType::Bool || isFloating(*lower))
        return promoteTypes(*higher, *lower);
    return higher;
}

} // namespace

DType resultType(const std::vector<PromotionOperand>& operands) {
    std::optional<DType> slots[3];
    for (const PromotionOperand& op : operands) {
        auto& slot = slots[static_cast<int>(op.rank)];
        slot = slot ? promoteTypes(*slot, op.dtype) : op.dtype;
    }
    return combineCategories(slots[0], combineCategories(slots[1], slots[2])).value_or(DType::Float32);
}

DType floatResultOf(DType computed) {
    return isFloating(computed) || isComplex(computed) ? computed : DType::Float32;
}

} // namespace stridescope
