#pragma once
// Type promotion of PyTorch 1.13 (c10/core/ScalarType.h promoteTypes, aten/native/TypeProperties.cpp
// result_type): which dtype an op between tensors and Python numbers computes in.
#include "DType.h"
#include "Scalar.h"
#include "Tensor.h"

#include <vector>

namespace stridescope {

// One participant of result_type, ranked as ResultTypeState ranks it: tensors with dims outrank
// 0-dim tensors, which outrank Python numbers ("wrapped numbers").
struct PromotionOperand {
    enum class Rank { Dimensioned, ZeroDim, WrappedNumber };
    DType dtype = DType::Float32;
    Rank rank = Rank::Dimensioned;

    static PromotionOperand of(const Tensor& t);
    // A Python number: a float counts as the default dtype (float32), an int as int64, a bool as bool.
    static PromotionOperand of(const Scalar& s);
};

// at::native::result_type: the dtypes of each rank are promoted together; a lower rank only
// matters when it brings a higher category (bool < integral < floating): int tensor * 2.5 is
// Float, int8 tensor * 1000 stays Char, float16 tensor * float64 0-dim tensor stays Half.
DType resultType(const std::vector<PromotionOperand>& operands);

// The dtype an integer or bool computation becomes where an op always gives floats (true
// division, sqrt, exp, ...): the default dtype, float32 (floating and complex dtypes stay).
DType floatResultOf(DType computed);

} // namespace stridescope
