#pragma once
// Python's operators and protocols on script values: arithmetic with Python's rules (floor
// division, modulo sign, ** giving a float for a negative exponent) on 64-bit ints that refuse to
// wrap (OverflowError), comparisons, truthiness, len() and iteration. Tensors take part only
// where it means no new values (iteration yields views; arithmetic on tensors is refused with a
// PyTorch's arithmetic, TorchApiArithmetic.cpp).
#include "core/script/Ast.h"
#include "core/script/Value.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace stridescope::script {

Value binaryOperation(BinaryOp op, const Value& lhs, const Value& rhs);
// The value of one comparison: a bool, or a bool tensor when a tensor takes part (x < 2).
Value comparisonValue(CompareOp op, const Value& lhs, const Value& rhs);

// Tensor operands (TorchApiArithmetic.cpp): x + y, 2 - x, -x, ~x and x < 2 as PyTorch's Tensor
// dunder methods compute them. tensorComparison gives nothing when neither side is a tensor.
Value tensorBinaryOperation(BinaryOp op, const Value& lhs, const Value& rhs);
// a @ b on tensors (TorchApiMatrix.cpp).
Value tensorMatmulOperation(const Value& lhs, const Value& rhs);
Value tensorUnaryOperation(UnaryOp op, const Tensor& operand);
std::optional<Value> tensorComparison(CompareOp op, const Value& lhs, const Value& rhs);
Value unaryOperation(UnaryOp op, const Value& operand);
// One link of a comparison chain: a == b, a < b, ...
bool compare(CompareOp op, const Value& lhs, const Value& rhs);
// Python's ==, used by compare and by sequence comparison.
bool valuesEqual(const Value& lhs, const Value& rhs);

// bool(v): Python truthiness, with PyTorch's refusal for tensors of more than one element.
bool truthy(const Value& value);
// len(v), with Python's and PyTorch's errors for objects without a length.
std::int64_t pythonLength(const Value& value);
// The items `for item in v` would produce: tuple/list/torch.Size items, range ints, string
// characters, or the views x[0], x[1], ... of a tensor. Refuses more than kMaxIterationItems.
std::vector<Value> iterate(const Value& value);
// A bound on the items one iteration or repetition may produce (about 100 MB of values).
inline constexpr std::int64_t kMaxIterationItems = 1 << 20;

// Python's int(v) / float(v) conversions (also used by manual_seed and the builtins).
std::int64_t toPythonInt(const Value& value);
double toPythonFloat(const Value& value);

} // namespace stridescope::script
