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
};

// a (op) b, where either may be a Python number (2 - x is binary(Sub, 2, x)). `out` is the
// tensor written into: self for an in-place op, or out=. alpha scales b for Add and Sub.
Tensor binary(BinaryKind kind, const Operand& a, const Operand& b, const std::optional<Tensor>& out = std::nullopt,
              const Scalar& alpha = Scalar::fromInt(1));
Tensor unary(UnaryKind kind, const Tensor& self, const std::optional<Tensor>& out = std::nullopt);
// torch.where(condition, a, b).
Tensor where(const Tensor& condition, const Operand& a, const Operand& b,
             const std::optional<Tensor>& out = std::nullopt);
// clamp(min, max) with numbers or tensors; at least one bound.
Tensor clamp(const Tensor& self, const std::optional<Operand>& min, const std::optional<Operand>& max,
             const std::optional<Tensor>& out = std::nullopt);

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
