#pragma once
// Arithmetic, comparisons, reductions and copying (advanced) indexing with PyTorch 1.13's result
// dtypes, values, errors and output layouts. Elementwise results get their strides from
// TensorIterator's rule (TensorIterator.h) and say why (Tensor::layoutReason()); reductions give
// contiguous results, as their meta functions allocate them.
#include "Ops.h"

#include <optional>
#include <string>
#include <vector>

namespace stridescope::ops {

enum class BinaryKind {
    Add,
    Sub,
    Mul,
    Div,      // true division: integers give float32
    DivTrunc, // div(rounding_mode='trunc')
    DivFloor, // div(rounding_mode='floor'), floor_divide, //
    Remainder,
    Pow,
    Maximum,
    Minimum,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    BitAnd,
    BitOr,
    BitXor,
    // PyTorch 1.13's other binary functions, each with its own dtype rule (binary() says which).
    Fmod,       // C's fmod: the sign of a (remainder takes b's)
    Atan2,      // integers and bool give float32, as div
    Hypot,      // float32, float64 and bfloat16 only
    Copysign,   // integers and bool give float32
    LogAddExp,  // float32, float64 and bfloat16 only
    LogAddExp2, // float32, float64 and bfloat16 only
    Xlogy,      // x * log(y), 0 where x == 0 (unless y is NaN); integers and bool give float32
    LogicalAnd, // bool results (written into an out of any dtype), as comparisons
    LogicalOr,
    LogicalXor,
    Heaviside, // both operands (and out) of one dtype, complex refused
    Gcd,       // integer dtypes only
    Lcm,
    NextAfter, // float32, float64 and bfloat16 only (bfloat16 steps by its own ulp)
};

enum class UnaryKind {
    Neg,
    Abs,
    Sqrt,
    Exp,
    Log,
    Sin,
    Cos,
    Tanh,
    Sigmoid,
    Relu,
    Floor,
    Ceil,
    Round,
    Trunc,
    Sign,
    Sgn,   // sign for real dtypes, z / |z| (0 for 0) for complex ones
    Angle, // atan2(imag, real) for complex (a real result), 0 or pi for real (NaN stays), float for integers
    Square,
    Reciprocal,
    LogicalNot,
    BitwiseNot,
    // The float functions beyond DESIGN.md's first set (integers and bool give float32).
    Tan,
    Asin,
    Acos,
    Atan,
    Sinh,
    Cosh,
    Asinh,
    Acosh,
    Atanh,
    Log2,
    Log10,
    Log1p,
    Expm1,
    Exp2,
    Rsqrt,
    Erf,
    Erfc,
    Frac,    // self - trunc(self); float dtypes only, out of self's dtype
    Sinc,    // sin(pi x) / (pi x), 1 at 0; integers and bool give float32
    SignBit, // a bool result (out must be bool); complex refused
};

// a (op) b, where either may be a Python number (2 - x is binary(Sub, 2, x)). `out` is the
// tensor written into: self for an in-place op, or out=. alpha scales b for Add and Sub.
Tensor binary(BinaryKind kind, const Operand& a, const Operand& b, const std::optional<Tensor>& out = std::nullopt,
              const Scalar& alpha = Scalar::fromInt(1));
Tensor unary(UnaryKind kind, const Tensor& self, const std::optional<Tensor>& out = std::nullopt);
// deg2rad / rad2deg: self * (pi / 180) or * (180 / pi), a mul by a wrapped double as in ATen
// (integers and bool give float32); complex refused.
Tensor degreesToRadians(const Tensor& self, bool toRadians, const std::optional<Tensor>& out = std::nullopt);
// float_power: pow of base and exponent converted to float64 (complex128 when either is complex).
// `inPlace` is float_power_, whose base must already have that dtype; an out= must have it too.
Tensor floatPower(const Operand& base, const Operand& exponent, const std::optional<Tensor>& out,
                  bool inPlace);
// logit(self, eps): log(x / (1 - x)), x clamped to [eps, 1 - eps] when eps >= 0 is given.
Tensor logit(const Tensor& self, std::optional<double> eps, const std::optional<Tensor>& out = std::nullopt);
// nan_to_num: NaN, +inf and -inf replaced (by 0 and the dtype's largest and lowest values unless
// given). The result (and out=) keeps self's dtype; integers and bool are copied.
Tensor nanToNum(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                std::optional<double> neginf, const std::optional<Tensor>& out = std::nullopt);
// lerp(self, end, weight): self + weight * (end - self), weight a number or a tensor; self, end
// (and a weight tensor) of one dtype.
Tensor lerp(const Tensor& self, const Tensor& end, const Operand& weight,
            const std::optional<Tensor>& out = std::nullopt);
// addcmul / addcdiv: self + value * tensor1 * tensor2 (or / tensor2), the three promoted together.
Tensor addcmul(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar& value,
               const std::optional<Tensor>& out = std::nullopt);
Tensor addcdiv(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar& value,
               const std::optional<Tensor>& out = std::nullopt);
// addr: beta * self + alpha * outer(vec1, vec2) by TensorIterator (self expanded, vec1 as a
// column), so the result follows self's layout; bool as (beta && self) || (alpha && vec1 && vec2);
// a zero beta ignores self.
Tensor addr(const Tensor& self, const Tensor& vec1, const Tensor& vec2, const Scalar& beta,
            const Scalar& alpha, const std::optional<Tensor>& out = std::nullopt);
// torch.where(condition, a, b).
Tensor where(const Tensor& condition, const Operand& a, const Operand& b,
             const std::optional<Tensor>& out = std::nullopt);
// clamp(min, max) with numbers or tensors; at least one bound. `oneBoundOp` is clamp_min /
// clamp_max, which fill the result with NaN for a NaN number bound (clamp only when it has both
// number bounds, one of them NaN).
Tensor clamp(const Tensor& self, const std::optional<Operand>& min, const std::optional<Operand>& max,
             const std::optional<Tensor>& out = std::nullopt, bool oneBoundOp = false);

// The dtype an op computes in (torch.result_type) for two operands.
DType resultType(const Operand& a, const Operand& b);

// ---- reductions (results are contiguous) -----------------------------------------------
enum class ReductionKind { Sum, Mean, Prod, Amax, Amin, All, Any };
// dims empty with `allDims` true reduces everything (sum()); an empty list given explicitly
// reduces everything too (PyTorch 1.13's sum(dim=())).
Tensor reduce(ReductionKind kind, const Tensor& self, const Shape& dims, bool keepdim, std::optional<DType> dtype);
// max()/min() of everything, or (values, indices) along one dim.
Tensor maxAll(const Tensor& self, bool wantMax);
std::pair<Tensor, Tensor> maxDim(const Tensor& self, std::int64_t dim, bool keepdim, bool wantMax);
Tensor argMax(const Tensor& self, std::optional<std::int64_t> dim, bool keepdim, bool wantMax);
// var/std with Bessel's `correction` (1 = unbiased).
Tensor variance(const Tensor& self, const std::optional<Shape>& dims, double correction, bool keepdim, bool takeRoot);
Tensor norm(const Tensor& self, double p, const std::optional<Shape>& dims, bool keepdim, std::optional<DType> dtype);

// softmax / log_softmax along dim (of self converted to dtype first, when given): a new
// contiguous tensor whatever self's layout, as the CPU kernel runs on self.contiguous(); integer,
// complex and float16 inputs are refused by the kernel's dispatch (an empty input is not checked).
Tensor softmax(const Tensor& self, std::int64_t dim, std::optional<DType> dtype, bool logarithm);
// logsumexp over dims: log(sum(exp(self - max))) + max, with an infinite max taken as 0; integers
// and bool in the default float dtype; contiguous, as reductions are.
Tensor logsumexp(const Tensor& self, const Shape& dims, bool keepdim);
// trace of a matrix: the sum of its diagonal, 0-D (integers sum in int64; float16, bfloat16 and
// bool are refused by the CPU kernel's dispatch, as in PyTorch).
Tensor trace(const Tensor& self);
// count_nonzero: (self != 0) summed over `dims` (all of them when empty), int64.
Tensor countNonzero(const Tensor& self, const Shape& dims);

// ---- tests of values (bool results, TensorIterator's layout) ------------------------------
// PyTorch 1.13's composites: isnan is self != self; isinf is |self| == inf, isfinite
// (self == self) * (|self| != inf) (integers and bool: a zeros_like / ones_like in self's
// layout; complex: the test of each part); isposinf / isneginf compare with +-inf (no complex).
enum class ValueTest { IsNan, IsInf, IsFinite, IsPosInf, IsNegInf };
Tensor testValues(ValueTest test, const Tensor& self);
// isclose: self == other, or |self - other| <= atol + rtol * |other| and finite (NaN == NaN with
// equalNan); the same dtype on both sides; allclose is isclose(...).all().
Tensor isclose(const Tensor& self, const Tensor& other, double rtol, double atol, bool equalNan);
bool allclose(const Tensor& self, const Tensor& other, double rtol, double atol, bool equalNan);

// ---- advanced indexing and joining (copies) ---------------------------------------------
// One item of a subscript that may copy: a basic item, or a tensor of indices (int64) or a mask (bool).
struct AdvancedItem {
    bool isTensor = false;
    IndexItem basic;
    Tensor tensor;
};
Tensor advancedIndex(const Tensor& self, const std::vector<AdvancedItem>& items);
// Index (and mask) tensors must keep their values: a layout-only one is refused.
void requireIndexValues(const Tensor& index);
// x[items] = value with tensor items (index_put_).
void advancedSetIndex(const Tensor& self, const std::vector<AdvancedItem>& items, const Operand& value,
                      bool accumulate = false);
Tensor indexSelect(const Tensor& self, std::int64_t dim, const Tensor& index);
// torch.repeat_interleave(repeats): index i written repeats[i] times (repeats: 1-D int64 or int32,
// and so is the result). An output_size that is not the sum of the repeats is refused (PyTorch
// trusts it and writes past the result or leaves it unwritten).
Tensor repeatInterleaveIndices(const Tensor& repeats, std::optional<std::int64_t> outputSize);
// self.repeat_interleave(repeats, dim): index_select along dim (of self flattened when dim is
// None) of repeatInterleaveIndices; a 0-dim or one-element repeats applies to every index.
Tensor repeatInterleave(const Tensor& self, const Tensor& repeats, std::optional<std::int64_t> dim,
                        std::optional<std::int64_t> outputSize);
Tensor maskedSelect(const Tensor& self, const Tensor& mask);
Tensor maskedFill_(const Tensor& self, const Tensor& mask, const Operand& value);
// masked_fill: a contiguous clone of self broadcast with the mask, filled in place.
Tensor maskedFill(const Tensor& self, const Tensor& mask, const Operand& value);
Tensor gather(const Tensor& self, std::int64_t dim, const Tensor& index);
Tensor take(const Tensor& self, const Tensor& index);
Tensor nonzero(const Tensor& self);
// nonzero_numpy (nonzero(as_tuple=True), torch.where(condition)): the columns of nonzero(),
// views of its column-major result; a 0-dim input counts as one element.
std::vector<Tensor> nonzeroNumpy(const Tensor& self);
Tensor hstack(const std::vector<Tensor>& tensors);
Tensor vstack(const std::vector<Tensor>& tensors);
Tensor dstack(const std::vector<Tensor>& tensors);
Tensor columnStack(const std::vector<Tensor>& tensors); // torch.column_stack (torch.row_stack is vstack)

} // namespace stridescope::ops
