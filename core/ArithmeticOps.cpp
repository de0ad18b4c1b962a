// Elementwise arithmetic, comparisons, where and clamp: PyTorch 1.13's TensorIterator pipeline
// (aten/src/ATen/TensorIterator.cpp build()): the write checks first, then the broadcast shape,
// then the output's shape and dtype, then a new output laid out by the output-layout rule, then
// the values, computed in the common dtype and cast to the output's.
#include "Arithmetic.h"
#include "DeviceOps.h"

#include "Analysis.h"
#include "ComplexOps.h"
#include "Elementwise.h"
#include "Error.h"
#include "MemoryOverlap.h"
#include "ShapeOps.h"
#include "TensorIterator.h"
#include "TypePromotion.h"

#include <cmath>
#include <complex>
#include <functional>
#include <limits>
#include <sstream>

namespace stridescope::ops {

namespace {

PromotionOperand promotionOf(const Operand& op) {
    return op.tensor ? PromotionOperand::of(*op.tensor) : PromotionOperand::of(op.scalar);
}

std::string scalarText(const Scalar& s) {
    if (s.isBool())
        return s.intValue ? "True" : "False";
    if (s.isFloat()) {
        std::ostringstream out;
        out << s.floatValue;
        return out.str();
    }
    return std::to_string(s.intValue);
}

// One input of an elementwise op: a tensor or a Python number, the dtype its values are read
// in, and the name the layout explanation gives it.
struct Input {
    Operand operand;
    DType readAs;
    std::string name;
    // False for a number that is not a TensorIterator operand: the bounds of clamp(min, max) and
    // the exponent of pow(tensor, number), which PyTorch builds as unary ops.
    bool layoutOperand = true;
};

// The layout the rule sees for an input: compute_types replaces an input of another dtype by
// input.to(common dtype), a preserve-format copy (dense inputs keep their strides, others get
// dense strides in their order), before compute_strides looks at it.
Layout layoutSeenByRule(const Tensor& t, DType readAs) {
    if (t.dtype() == readAs || isNonOverlappingAndDense(t.layout()))
        return t.layout();
    return Layout{t.sizes(), inferDenseStrides(t.sizes(), t.strides()), 0};
}

std::string operandName(const Operand& op, const std::string& tensorName) {
    return op.tensor ? tensorName : "the scalar " + scalarText(op.scalar);
}

using Kernel = std::function<Scalar(const Scalar* args)>;

// What an op's result is computed as before it is cast to the output: the check of
// enforce_safe_casting_to_output uses it (comparisons skip the check).
struct ResultSpec {
    DType outType;                          // a new output's dtype
    std::optional<DType> checkedAgainstOut; // refused when it cannot be cast to out's dtype
    // Unary ops (build_unary_op: check_all_same_dtype) refuse an out of another dtype outright.
    bool sameDtypeOut = false;
    // The kernel's dtype dispatch failing ("bitwise_and_cpu" not implemented for 'Float'): raised
    // after TensorIterator's checks, where PyTorch's kernel would raise it.
    std::string kernelError;
};

Tensor runElementwise(const std::vector<Input>& inputs, const ResultSpec& spec,
                      const std::optional<Tensor>& out, const Kernel& kernel) {
    // compute_mem_overlaps
    if (out) {
        assertNoInternalOverlap(*out);
        for (const Input& in : inputs)
            if (in.operand.tensor)
                assertNoPartialOverlap(*out, *in.operand.tensor);
    }
    // compute_shape, then the layout rule for a new output.
    std::vector<LayoutOperand> layoutOperands;
    bool readWrite = false;
    for (const Input& in : inputs) {
        if (in.operand.tensor) {
            layoutOperands.push_back({layoutSeenByRule(*in.operand.tensor, in.readAs), in.name, false});
            readWrite |= out && isSameTensor(*out, *in.operand.tensor);
        } else if (in.layoutOperand) {
            layoutOperands.push_back({Layout{}, in.name, false});
        }
    }
    const OutputLayout decided = computeOutputLayout(layoutOperands);
    const Shape& shape = decided.sizes;
    // compute_types: every operand on the common device (one 0-dim CPU input may join a CUDA
    // op), and a new output lives there too (pageable, whatever the inputs' pinning).
    std::vector<const Tensor*> onDevices;
    if (out)
        onDevices.push_back(&*out);
    for (const Input& in : inputs)
        if (in.operand.tensor)
            onDevices.push_back(&*in.operand.tensor);
    checkSameDevice(onDevices, /*allowCpuScalar=*/true);
    Device common = Device::cpu(); // checkSameDevice's common device: the first not on the CPU
    for (const Tensor* t : onDevices)
        if (common.isCpu() && !deviceOf(*t).isCpu())
            common = deviceOf(*t);
    AllocationScope onCommonDevice(Placement{common, false});
    bool inputsHaveValues = true;
    for (const Input& in : inputs)
        if (in.operand.tensor)
            inputsHaveValues &= in.operand.tensor->hasValues();

    Tensor result;
    if (out) {
        // mark_resize_outputs: an in-place op cannot resize its operand.
        const bool resize = out->sizes() != shape;
        if (resize)
            SS_CHECK(!readWrite, RuntimeError, "output with shape ", out->sizes(),
                     " doesn't match the broadcast shape ", shape);
        if (spec.sameDtypeOut)
            SS_CHECK(out->dtype() == spec.outType, RuntimeError, "Found dtype ", scalarTypeName(out->dtype()),
                     " but expected ", scalarTypeName(spec.outType));
        if (spec.checkedAgainstOut && !spec.sameDtypeOut)
            SS_CHECK(canCast(*spec.checkedAgainstOut, out->dtype()), RuntimeError, "result type ",
                     scalarTypeName(*spec.checkedAgainstOut), " can't be cast to the desired output type ",
                     scalarTypeName(out->dtype()));
        SS_CHECK(spec.kernelError.empty(), RuntimeError, spec.kernelError);
        result = *out;
        if (resize) {
            // resize_out (the structured kernels' set_output_raw_strided): resize_output grows
            // the storage for contiguous `shape` from out's offset (PyTorch warns "An output with
            // one or more elements was resized ..." when out had elements; StrideScope has no
            // warning channel), then as_strided_ gives it the layout rule's strides, which
            // reach no further than contiguous ones. The resized out takes no part in the rule.
            result = resizeInPlace(result, shape, std::nullopt);
            result = result
                         .withMetadata(result.storage(), result.dtype(),
                                       Layout{shape, decided.strides, result.storageOffset()})
                         .withLayoutReason(decided.reason);
        }
        if (!inputsHaveValues) {
            detail::forgetValues(result);
            return result;
        }
    } else {
        SS_CHECK(spec.kernelError.empty(), RuntimeError, spec.kernelError);
        result = Tensor::allocateStrided(spec.outType, shape, decided.strides, inputsHaveValues)
                     .withLayoutReason(decided.reason);
    }
    if (!result.hasValues())
        return result;

    // Values. Inputs are read before anything is written, except where the written-to tensor
    // overlaps itself (a general as_strided): PyTorch's loop then reads each cell just before
    // writing it, so later reads see earlier writes, and so do these reads.
    const bool sequential = out && !isNonOverlappingAndDense(out->layout());
    struct Source {
        std::optional<Scalar> constant;
        std::vector<Scalar> values;
        std::vector<std::int64_t> indices; // sequential reads
        Tensor tensor;
    };
    std::vector<Source> sources(inputs.size());
    for (std::size_t k = 0; k < inputs.size(); ++k) {
        const Input& in = inputs[k];
        if (!in.operand.tensor) {
            sources[k].constant = castScalar(in.operand.scalar, in.readAs);
            continue;
        }
        sources[k].tensor = expand(*in.operand.tensor, shape);
        if (sequential && sources[k].tensor.sharesStorageWith(*out))
            sources[k].indices = logicalToStorage(sources[k].tensor.layout());
        else
            sources[k].values = sources[k].tensor.values();
    }
    std::vector<Scalar> args(inputs.size());
    const DType resultType = result.dtype();
    detail::writeValues(result, [&](std::int64_t i) {
        const auto at = static_cast<std::size_t>(i);
        for (std::size_t k = 0; k < inputs.size(); ++k) {
            const Source& s = sources[k];
            if (s.constant)
                args[k] = *s.constant;
            else if (!s.indices.empty())
                args[k] = castScalar(
                    s.tensor.applyLazyBit(s.tensor.storage()->load(s.tensor.dtype(), s.indices[at])),
                    inputs[k].readAs);
            else
                args[k] = castScalar(s.values[at], inputs[k].readAs);
        }
        return castScalar(kernel(args.data()), resultType);
    });
    return result;
}

// ---- the kernels -------------------------------------------------------------------------
// Float dtypes narrower than double compute in float, as ATen's CPU kernels do (c10::Half and
// c10::BFloat16 arithmetic goes through float); float64 in double.
bool computesInFloat(DType t) { return t == DType::Float32 || t == DType::Float16 || t == DType::BFloat16; }

template <typename F> F floorDivideFloating(F a, F b) {
    // c10's div_floor_floating.
    if (b == 0)
        return a / b;
    const F mod = std::fmod(a, b);
    F div = (a - mod) / b;
    if (mod != 0 && (b < 0) != (mod < 0))
        div -= F(1);
    if (div != 0) {
        F floored = std::floor(div);
        if (div - floored > F(0.5))
            floored += F(1);
        return floored;
    }
    return std::copysign(F(0), a / b);
}

template <typename F> F floatBinary(BinaryKind kind, F a, F b, F alpha) {
    switch (kind) {
    case BinaryKind::Add:
        return a + alpha * b;
    case BinaryKind::Sub:
        return a - alpha * b;
    case BinaryKind::Mul:
        return a * b;
    case BinaryKind::Div:
        return a / b;
    case BinaryKind::DivTrunc:
        return std::trunc(a / b);
    case BinaryKind::DivFloor:
        return floorDivideFloating(a, b);
    case BinaryKind::Remainder: {
        F mod = std::fmod(a, b);
        if (mod != 0 && (b < 0) != (mod < 0))
            mod += b;
        return mod;
    }
    case BinaryKind::Pow:
        return std::pow(a, b);
    case BinaryKind::Maximum:
        return (std::isnan(a) || std::isnan(b)) ? std::numeric_limits<F>::quiet_NaN() : std::max(a, b);
    case BinaryKind::Minimum:
        return (std::isnan(a) || std::isnan(b)) ? std::numeric_limits<F>::quiet_NaN() : std::min(a, b);
    case BinaryKind::Fmod:
        return std::fmod(a, b);
    case BinaryKind::Atan2:
        // in double: the vectorized atan2 (Sleef, within 1 ulp) is nearer the correctly rounded
        // value than atan2f
        return static_cast<F>(std::atan2(static_cast<double>(a), static_cast<double>(b)));
    case BinaryKind::Hypot:
        return std::hypot(a, b);
    case BinaryKind::Copysign:
        return std::copysign(a, b);
    case BinaryKind::LogAddExp:
    case BinaryKind::LogAddExp2: {
        // logaddexp_kernel: equal infinities give themselves (inf - inf would be NaN).
        if (std::isinf(a) && a == b)
            return a;
        const F larger = std::max(a, b);
        if (kind == BinaryKind::LogAddExp)
            return larger + std::log1p(std::exp(-std::abs(a - b)));
        return larger + std::log1p(std::exp2(-std::abs(a - b))) * static_cast<F>(1.0 / std::log(2.0));
    }
    case BinaryKind::Xlogy:
        if (std::isnan(b))
            return std::numeric_limits<F>::quiet_NaN();
        return a == 0 ? F(0) : a * std::log(b);
    case BinaryKind::Heaviside:
        return a == 0 ? b : static_cast<F>(a > 0);
    case BinaryKind::NextAfter:
        return std::nextafter(a, b);
    default:
        break;
    }
    fail(ErrorKind::RuntimeError, "internal error: not a float kernel");
}

// ---- complex kernels: c10::complex<float> / <double> arithmetic in the parts' precision ----
template <typename F> struct Cx { F re, im; };
template <typename F> Cx<F> cxOf(const Scalar& s) {
    return {static_cast<F>(s.floatValue), static_cast<F>(s.imagValue)};
}
template <typename F> Scalar cxScalar(Cx<F> c) { return Scalar::fromComplex(c.re, c.im); }
template <typename F> Cx<F> cxMul(Cx<F> a, Cx<F> b) {
    return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
// ATen's vectorized complex division: (ac + bd, bc - ad) / (c^2 + d^2).
template <typename F> Cx<F> cxDiv(Cx<F> a, Cx<F> b) {
    const F denom = b.re * b.re + b.im * b.im;
    return {(a.re * b.re + a.im * b.im) / denom, (a.im * b.re - a.re * b.im) / denom};
}
template <typename F> Cx<F> fromStd(const std::complex<F>& c) { return {c.real(), c.imag()}; }
template <typename F> std::complex<F> toStd(Cx<F> c) { return {c.re, c.im}; }

template <typename F> Cx<F> complexBinary(BinaryKind kind, Cx<F> a, Cx<F> b, Cx<F> alpha) {
    switch (kind) {
    case BinaryKind::Add: {
        const Cx<F> scaled = cxMul(alpha, b);
        return {a.re + scaled.re, a.im + scaled.im};
    }
    case BinaryKind::Sub: {
        const Cx<F> scaled = cxMul(alpha, b);
        return {a.re - scaled.re, a.im - scaled.im};
    }
    case BinaryKind::Mul:
        return cxMul(a, b);
    case BinaryKind::Div:
        return cxDiv(a, b);
    case BinaryKind::Pow:
        // pow_tensor_scalar's special exponents for complex bases, then std::pow.
        if (b.im == 0 && b.re == 2)
            return cxMul(a, a);
        if (b.im == 0 && b.re == 3)
            return cxMul(cxMul(a, a), a);
        return fromStd(std::pow(toStd(a), toStd(b)));
    default:
        break;
    }
    fail(ErrorKind::RuntimeError, "internal error: not a complex kernel");
}

template <typename F> Scalar complexUnary(UnaryKind kind, Cx<F> a) {
    const std::complex<F> z = toStd(a);
    switch (kind) {
    case UnaryKind::Neg:
        return cxScalar<F>({-a.re, -a.im});
    case UnaryKind::Abs:
        return Scalar::fromFloat(std::hypot(a.re, a.im)); // a real result
    case UnaryKind::Sqrt:
        return cxScalar(fromStd(std::sqrt(z)));
    case UnaryKind::Exp:
        return cxScalar(fromStd(std::exp(z)));
    case UnaryKind::Log:
        return cxScalar(fromStd(std::log(z)));
    case UnaryKind::Sin:
        return cxScalar(fromStd(std::sin(z)));
    case UnaryKind::Cos:
        return cxScalar(fromStd(std::cos(z)));
    case UnaryKind::Tanh:
        return cxScalar(fromStd(std::tanh(z)));
    case UnaryKind::Sigmoid:
        return cxScalar(cxDiv<F>({1, 0}, fromStd(std::complex<F>(1) + std::exp(-z))));
    case UnaryKind::Square:
        return cxScalar(cxMul(a, a));
    case UnaryKind::Reciprocal:
        return cxScalar(cxDiv<F>({1, 0}, a));
    case UnaryKind::LogicalNot:
        return Scalar::fromBool(a.re == 0 && a.im == 0);
    case UnaryKind::Sgn:
        // zmath.h's sgn_impl: z / zabs(z), a complex division by (|z|, 0), so an infinite part
        // or a |z|^2 beyond the precision gives NaN in both parts (the scalar kernel; see README).
        if (a.re == 0 && a.im == 0)
            return cxScalar<F>({0, 0});
        return cxScalar(cxDiv<F>(a, {std::hypot(a.re, a.im), 0}));
    case UnaryKind::Angle:
        // angle_impl: std::arg, kept as the real part of a complex value as the kernel computes it.
        return cxScalar<F>({std::atan2(a.im, a.re), 0});
    case UnaryKind::Tan:
        return cxScalar(fromStd(std::tan(z)));
    case UnaryKind::Asin:
        return cxScalar(fromStd(std::asin(z)));
    case UnaryKind::Acos:
        return cxScalar(fromStd(std::acos(z)));
    case UnaryKind::Atan: {
        // The vectorized kernel's formula, i/2 * log((i + z) / (i - z)), with its values at the
        // branch points (atan(-i) is (nan, -inf) there, (0, -inf) by std::atan).
        const Cx<F> ratio = cxDiv<F>({a.re, a.im + 1}, {-a.re, 1 - a.im});
        return cxScalar(cxMul<F>({0, F(0.5)}, fromStd(std::log(toStd(ratio)))));
    }
    case UnaryKind::Sinh:
        return cxScalar(fromStd(std::sinh(z)));
    case UnaryKind::Cosh:
        return cxScalar(fromStd(std::cosh(z)));
    case UnaryKind::Asinh:
        return cxScalar(fromStd(std::asinh(z)));
    case UnaryKind::Acosh:
        return cxScalar(fromStd(std::acosh(z)));
    case UnaryKind::Atanh:
        return cxScalar(fromStd(std::atanh(z)));
    case UnaryKind::Log2: // c10's complex log2: log(z) / log(2)
        return cxScalar(fromStd(std::log(z) / std::log(F(2))));
    case UnaryKind::Log10:
        return cxScalar(fromStd(std::log10(z)));
    case UnaryKind::Rsqrt:
        return cxScalar(cxDiv<F>({1, 0}, fromStd(std::sqrt(z))));
    case UnaryKind::Sinc: {
        if (a.re == 0 && a.im == 0)
            return cxScalar<F>({1, 0});
        const std::complex<F> product = static_cast<F>(3.14159265358979323846) * z;
        return cxScalar(fromStd(std::sin(product) / product));
    }
    default:
        break;
    }
    fail(ErrorKind::RuntimeError, "internal error: not a complex unary kernel");
}

std::int64_t wrapAdd(std::int64_t a, std::int64_t b) { return wrappingAdd(a, b); }
std::int64_t wrapMul(std::int64_t a, std::int64_t b) { return wrappingMul(a, b); }

// c10's powi: integer powers wrap; a negative exponent gives 0 except for bases 1 and -1.
std::int64_t integerPower(std::int64_t base, std::int64_t exponent) {
    if (exponent < 0) {
        if (base == 1)
            return 1;
        if (base == -1)
            return (-exponent) % 2 ? -1 : 1;
        return 0;
    }
    std::int64_t result = 1;
    while (exponent) {
        if (exponent & 1)
            result = wrapMul(result, base);
        exponent >>= 1;
        base = wrapMul(base, base);
    }
    return result;
}

std::int64_t integerBinary(BinaryKind kind, std::int64_t a, std::int64_t b, std::int64_t alpha) {
    switch (kind) {
    case BinaryKind::Add:
        return wrapAdd(a, wrapMul(alpha, b));
    case BinaryKind::Sub:
        return wrappingSub(a, wrapMul(alpha, b));
    case BinaryKind::Mul:
        return wrapMul(a, b);
    case BinaryKind::DivTrunc:
        SS_CHECK(b != 0, RuntimeError, "ZeroDivisionError");
        return b == -1 ? wrappingSub(0, a) : a / b;
    case BinaryKind::DivFloor: {
        SS_CHECK(b != 0, RuntimeError, "ZeroDivisionError");
        if (b == -1)
            return wrappingSub(0, a);
        const std::int64_t quotient = a / b;
        return ((a < 0) != (b < 0) && a % b != 0) ? quotient - 1 : quotient;
    }
    case BinaryKind::Remainder: {
        SS_CHECK(b != 0, RuntimeError, "ZeroDivisionError");
        if (b == -1)
            return 0;
        std::int64_t r = a % b;
        if (r != 0 && (r < 0) != (b < 0))
            r += b;
        return r;
    }
    case BinaryKind::Pow:
        return integerPower(a, b);
    case BinaryKind::Maximum:
        return std::max(a, b);
    case BinaryKind::Minimum:
        return std::min(a, b);
    case BinaryKind::BitAnd:
        return a & b;
    case BinaryKind::BitOr:
        return a | b;
    case BinaryKind::BitXor:
        return a ^ b;
    case BinaryKind::Fmod:
        SS_CHECK(b != 0, RuntimeError, "ZeroDivisionError");
        return b == -1 ? 0 : a % b;
    case BinaryKind::Heaviside:
        return a == 0 ? b : (a > 0);
    default:
        break;
    }
    fail(ErrorKind::RuntimeError, "internal error: not an integer kernel");
}

std::int64_t wrapTo(DType dtype, std::int64_t value) {
    return castScalar(Scalar::fromInt(value), dtype).intValue;
}

// c10's calc_gcd on values of `dtype`: std::abs of the smallest value wraps back to itself in the
// dtype (gcd(-128, 6) is -2 in int8, whose % then runs on a negative divisor).
std::int64_t greatestCommonDivisor(std::int64_t a, std::int64_t b, DType dtype) {
    a = wrapTo(dtype, a < 0 ? wrappingSub(0, a) : a);
    b = wrapTo(dtype, b < 0 ? wrappingSub(0, b) : b);
    while (a != 0) {
        const std::int64_t previous = a;
        a = b % a;
        b = previous;
    }
    return b;
}

// lcm_kernel: |a / gcd * b|, with the product computed in int for the types narrower than int
// (the abs of the unwrapped product is what is cast back) and wrapping in int32 and int64.
std::int64_t leastCommonMultiple(std::int64_t a, std::int64_t b, DType dtype) {
    const std::int64_t divisor = greatestCommonDivisor(a, b, dtype);
    if (divisor == 0)
        return 0;
    std::int64_t product = wrapMul(a / divisor, b);
    if (dtype == DType::Int32 || dtype == DType::Int64)
        product = wrapTo(dtype, product);
    return product < 0 ? wrappingSub(0, product) : product;
}

// c10's nextafter for BFloat16 steps through bfloat16's own bit patterns (the upper half of a
// float32's), not float32's.
float nextAfterBFloat16(float from, float to) {
    if (std::isnan(from) || std::isnan(to))
        return std::numeric_limits<float>::quiet_NaN();
    if (from == to)
        return to;
    if (from == 0)
        return bfloat16BitsToFloat(static_cast<std::uint16_t>(to > 0 ? 0x0001 : 0x8001));
    const std::uint16_t bits = floatToBFloat16Bits(from);
    // Away from zero adds one to the magnitude's pattern; towards zero subtracts one.
    const bool awayFromZero = (from < to) == (from > 0);
    return bfloat16BitsToFloat(static_cast<std::uint16_t>(awayFromZero ? bits + 1 : bits - 1));
}

// xlogy's bfloat16 kernel (not vectorized) rounds log(y) to bfloat16 before the product, as
// c10's std::log overload for BFloat16 returns one.
float bfloat16Xlogy(float x, float y) {
    if (std::isnan(y))
        return std::numeric_limits<float>::quiet_NaN();
    return x == 0 ? 0.0f : roundToBFloat16(x * roundToBFloat16(std::log(y)));
}

bool isLogical(BinaryKind kind) {
    return kind == BinaryKind::LogicalAnd || kind == BinaryKind::LogicalOr || kind == BinaryKind::LogicalXor;
}

// The float-only kernels (float32, float64, bfloat16): the dispatch refuses integers, bool,
// float16 and complex.
bool isFloatOnly(BinaryKind kind) {
    return kind == BinaryKind::Atan2 || kind == BinaryKind::Hypot || kind == BinaryKind::LogAddExp ||
           kind == BinaryKind::LogAddExp2 || kind == BinaryKind::NextAfter;
}

bool isComparison(BinaryKind kind) {
    return kind == BinaryKind::Eq || kind == BinaryKind::Ne || kind == BinaryKind::Lt ||
           kind == BinaryKind::Le || kind == BinaryKind::Gt || kind == BinaryKind::Ge;
}

template <typename T> bool compareValues(BinaryKind kind, T a, T b) {
    switch (kind) {
    case BinaryKind::Eq:
        return a == b;
    case BinaryKind::Ne:
        return a != b;
    case BinaryKind::Lt:
        return a < b;
    case BinaryKind::Le:
        return a <= b;
    case BinaryKind::Gt:
        return a > b;
    default:
        return a >= b;
    }
}

// The kernel name in PyTorch's "not implemented" refusals.
const char* kernelName(BinaryKind kind) {
    switch (kind) {
    case BinaryKind::DivTrunc:
        return "div_trunc_cpu";
    case BinaryKind::DivFloor:
        return "div_floor_cpu";
    case BinaryKind::Remainder:
        return "remainder_cpu";
    case BinaryKind::Pow:
        return "pow";
    case BinaryKind::BitAnd:
        return "bitwise_and_cpu";
    case BinaryKind::BitOr:
        return "bitwise_or_cpu";
    case BinaryKind::BitXor:
        return "bitwise_xor_cpu";
    case BinaryKind::Fmod:
        return "fmod_cpu";
    case BinaryKind::Atan2:
        return "atan2_cpu";
    case BinaryKind::Hypot:
        return "hypot_cpu";
    case BinaryKind::Copysign:
        return "copysign_cpu";
    case BinaryKind::LogAddExp:
        return "logaddexp_cpu";
    case BinaryKind::LogAddExp2:
        return "logaddexp2_cpu";
    case BinaryKind::Xlogy:
        return "xlogy_cpu";
    case BinaryKind::Gcd:
        return "gcd_cpu";
    case BinaryKind::Lcm:
        return "lcm_cpu";
    case BinaryKind::NextAfter:
        return "nextafter_cpu";
    default:
        return "binary_op";
    }
}

// The kernel a complex dtype is refused by (PyTorch 1.13's dispatch names).
const char* complexKernelName(BinaryKind kind) {
    switch (kind) {
    case BinaryKind::Lt:
        return "lt_cpu";
    case BinaryKind::Le:
        return "le_cpu";
    case BinaryKind::Gt:
        return "gt_cpu";
    case BinaryKind::Ge:
        return "ge_cpu";
    default:
        return kernelName(kind);
    }
}

DType operandDType(const Operand& op) {
    return op.tensor ? op.tensor->dtype() : PromotionOperand::of(op.scalar).dtype;
}

} // namespace

DType resultType(const Operand& a, const Operand& b) {
    return stridescope::resultType({promotionOf(a), promotionOf(b)});
}

Tensor binary(BinaryKind kind, const Operand& a, const Operand& b, const std::optional<Tensor>& out,
              const Scalar& alpha) {
    SS_CHECK(a.tensor || b.tensor, RuntimeError, "internal error: a binary op needs a tensor operand");
    const DType common = resultType(a, b);
    // Checks of the meta functions, which run before TensorIterator's.
    if (kind == BinaryKind::Heaviside) {
        // heaviside's meta function compares the dtypes themselves (out's too): no promotion.
        SS_CHECK(!isComplex(operandDType(a)) && !isComplex(operandDType(b)) &&
                     !(out && isComplex(out->dtype())),
                 RuntimeError, "heaviside is not yet implemented for complex tensors.");
        SS_CHECK(operandDType(a) == operandDType(b) && (!out || out->dtype() == operandDType(a)),
                 RuntimeError, "heaviside is not yet implemented for tensors with different dtypes.");
    }
    if (kind == BinaryKind::Sub) {
        // sub_check
        SS_CHECK(operandDType(a) != DType::Bool || operandDType(b) != DType::Bool, RuntimeError,
                 "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
                 "`logical_xor()` operator instead.");
        SS_CHECK(operandDType(a) != DType::Bool && operandDType(b) != DType::Bool, RuntimeError,
                 "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to "
                 "invert a "
                 "mask, use the `~` or `logical_not()` operator instead.");
    }
    if (kind == BinaryKind::Pow && b.tensor == std::nullopt && isIntegral(operandDType(a), true) &&
        !b.scalar.isFloat())
        SS_CHECK(b.scalar.intValue >= 0, RuntimeError,
                 "Integers to negative integer powers are not allowed.");

    DType compute = common;
    DType outType = common;
    std::optional<DType> checked = common;
    // div, atan2, copysign and xlogy are float ops (build_borrowing_binary_float_op): integers
    // and bool compute in the default float dtype.
    if (kind == BinaryKind::Div || kind == BinaryKind::Atan2 || kind == BinaryKind::Copysign ||
        kind == BinaryKind::Xlogy) {
        compute = outType = floatResultOf(common);
        checked = compute;
    } else if (isComparison(kind) || isLogical(kind)) {
        outType = DType::Bool;
        checked.reset();
    }
    // alpha_check, on the common dtype
    if (kind == BinaryKind::Add || kind == BinaryKind::Sub) {
        SS_CHECK(!alpha.isBool() || compute == DType::Bool, RuntimeError,
                 "Boolean alpha only supported for Boolean results.");
        SS_CHECK(isFloating(compute) || !alpha.isFloat(), RuntimeError,
                 "For integral input tensors, argument alpha must not be a floating point number.");
    }
    const bool bitwise =
        kind == BinaryKind::BitAnd || kind == BinaryKind::BitOr || kind == BinaryKind::BitXor;
    // pow(tensor, number) is a unary op of the base in PyTorch (the exponent is no operand).
    const bool exponentOnly = kind == BinaryKind::Pow && a.tensor && !b.tensor;
    std::string kernelError;
    if (bitwise && isFloating(compute))
        kernelError = dispatchRefusal(kernelName(kind), compute);
    if (compute == DType::Bool &&
        (kind == BinaryKind::DivTrunc || kind == BinaryKind::DivFloor || kind == BinaryKind::Remainder ||
         kind == BinaryKind::Pow || kind == BinaryKind::Fmod))
        kernelError = dispatchRefusal(kernelName(kind), compute);
    if (isFloatOnly(kind) && compute != DType::Float32 && compute != DType::Float64 &&
        compute != DType::BFloat16)
        kernelError = dispatchRefusal(kernelName(kind), compute);
    if ((kind == BinaryKind::Gcd || kind == BinaryKind::Lcm) && !isIntegral(compute, false))
        kernelError = dispatchRefusal(kernelName(kind), compute);

    SS_CHECK(!isComplex(compute) || (kind != BinaryKind::Maximum && kind != BinaryKind::Minimum),
             RuntimeError, kind == BinaryKind::Maximum ? "maximum" : "minimum",
             " not implemented for complex tensors.");
    if (isComplex(compute) && kind != BinaryKind::Add && kind != BinaryKind::Sub && kind != BinaryKind::Mul &&
        kind != BinaryKind::Div && kind != BinaryKind::Pow && kind != BinaryKind::Eq &&
        kind != BinaryKind::Ne && !isLogical(kind))
        kernelError = dispatchRefusal(complexKernelName(kind), compute);

    const Scalar alphaValue = (kind == BinaryKind::Add || kind == BinaryKind::Sub)
                                  ? checkedCastScalar(alpha, compute)
                                  : castScalar(alpha, compute);
    Kernel kernel;
    if (isLogical(kind)) {
        // The truth of each operand in the common dtype (NaN is true; a complex value is true
        // when either part is).
        kernel = [kind, compute](const Scalar* v) {
            const auto truth = [compute](const Scalar& s) {
                if (isComplex(compute))
                    return s.floatValue != 0 || s.imagValue != 0;
                return isFloating(compute) ? s.floatValue != 0 : s.intValue != 0;
            };
            const bool x = truth(v[0]), y = truth(v[1]);
            return Scalar::fromBool(kind == BinaryKind::LogicalAnd  ? x && y
                                    : kind == BinaryKind::LogicalOr ? x || y
                                                                    : x != y);
        };
    } else if (isComplex(compute) && kernelError.empty()) {
        if (isComparison(kind))
            kernel = [kind](const Scalar* v) {
                const bool same = v[0].floatValue == v[1].floatValue && v[0].imagValue == v[1].imagValue;
                return Scalar::fromBool(kind == BinaryKind::Eq ? same : !same);
            };
        else if (compute == DType::ComplexFloat)
            kernel = [kind, alphaValue](const Scalar* v) {
                return cxScalar(complexBinary<float>(kind, cxOf<float>(v[0]), cxOf<float>(v[1]),
                                                     cxOf<float>(alphaValue)));
            };
        else
            kernel = [kind, alphaValue](const Scalar* v) {
                return cxScalar(complexBinary<double>(kind, cxOf<double>(v[0]), cxOf<double>(v[1]),
                                                      cxOf<double>(alphaValue)));
            };
    } else if (isComparison(kind)) {
        kernel = [kind, compute](const Scalar* v) {
            return Scalar::fromBool(isFloating(compute)
                                        ? compareValues(kind, v[0].floatValue, v[1].floatValue)
                                        : compareValues(kind, v[0].intValue, v[1].intValue));
        };
    } else if (kind == BinaryKind::NextAfter && compute == DType::BFloat16) {
        kernel = [](const Scalar* v) {
            return Scalar::fromFloat(
                nextAfterBFloat16(static_cast<float>(v[0].floatValue), static_cast<float>(v[1].floatValue)));
        };
    } else if (compute == DType::BFloat16 && kind == BinaryKind::Xlogy) {
        kernel = [](const Scalar* v) {
            return Scalar::fromFloat(
                bfloat16Xlogy(static_cast<float>(v[0].floatValue), static_cast<float>(v[1].floatValue)));
        };
    } else if (isFloating(compute)) {
        if (computesInFloat(compute)) {
            kernel = [kind, alphaValue](const Scalar* v) {
                return Scalar::fromFloat(floatBinary<float>(kind, static_cast<float>(v[0].floatValue),
                                                            static_cast<float>(v[1].floatValue),
                                                            static_cast<float>(alphaValue.floatValue)));
            };
        } else {
            kernel = [kind, alphaValue](const Scalar* v) {
                return Scalar::fromFloat(
                    floatBinary<double>(kind, v[0].floatValue, v[1].floatValue, alphaValue.floatValue));
            };
        }
    } else if (kind == BinaryKind::Gcd || kind == BinaryKind::Lcm) {
        kernel = [kind, compute](const Scalar* v) {
            return Scalar::fromInt(kind == BinaryKind::Gcd
                                       ? greatestCommonDivisor(v[0].intValue, v[1].intValue, compute)
                                       : leastCommonMultiple(v[0].intValue, v[1].intValue, compute));
        };
    } else {
        kernel = [kind, alphaValue](const Scalar* v) {
            return Scalar::fromInt(integerBinary(kind, v[0].intValue, v[1].intValue, alphaValue.intValue));
        };
    }
    const std::vector<Input> inputs{{a, compute, operandName(a, "a")},
                                    {b, compute, operandName(b, "b"), !exponentOnly}};
    return runElementwise(inputs, {outType, checked, exponentOnly, kernelError}, out, kernel);
}

namespace {

const char* unaryKernelName(UnaryKind kind) {
    switch (kind) {
    case UnaryKind::Abs:
        return "abs_cpu";
    case UnaryKind::Floor:
        return "floor_vml_cpu";
    case UnaryKind::Ceil:
        return "ceil_vml_cpu";
    case UnaryKind::Round:
        return "round_vml_cpu";
    case UnaryKind::Trunc:
        return "trunc_vml_cpu";
    case UnaryKind::BitwiseNot:
        return "bitwise_not_cpu";
    case UnaryKind::Sqrt:
        return "sqrt_vml_cpu";
    case UnaryKind::Exp:
        return "exp_vml_cpu";
    case UnaryKind::Log:
        return "log_vml_cpu";
    case UnaryKind::Sin:
        return "sin_vml_cpu";
    case UnaryKind::Cos:
        return "cos_vml_cpu";
    case UnaryKind::Tanh:
        return "tanh_vml_cpu";
    case UnaryKind::Sigmoid:
        return "sigmoid_cpu";
    case UnaryKind::Relu:
        return "clamp_min_cpu";
    case UnaryKind::Reciprocal:
        return "reciprocal_cpu";
    case UnaryKind::Tan:
        return "tan_vml_cpu";
    case UnaryKind::Asin:
        return "asin_vml_cpu";
    case UnaryKind::Acos:
        return "acos_vml_cpu";
    case UnaryKind::Atan:
        return "atan_vml_cpu";
    case UnaryKind::Sinh:
        return "sinh_cpu";
    case UnaryKind::Cosh:
        return "cosh_cpu";
    case UnaryKind::Asinh:
        return "asinh_cpu";
    case UnaryKind::Acosh:
        return "acosh_cpu";
    case UnaryKind::Atanh:
        return "atanh_cpu";
    case UnaryKind::Log2:
        return "log2_vml_cpu";
    case UnaryKind::Log10:
        return "log10_vml_cpu";
    case UnaryKind::Log1p:
        return "log1p_vml_cpu";
    case UnaryKind::Expm1:
        return "expm1_vml_cpu";
    case UnaryKind::Exp2:
        return "exp2";
    case UnaryKind::Rsqrt:
        return "rsqrt_cpu";
    case UnaryKind::Erf:
        return "erf_vml_cpu";
    case UnaryKind::Erfc:
        return "erfc_vml_cpu";
    case UnaryKind::Frac:
        return "frac_cpu";
    case UnaryKind::Sinc:
        return "sinc_cpu";
    default:
        return "unary_op";
    }
}

const char* unaryComplexName(UnaryKind kind) {
    switch (kind) {
    case UnaryKind::Floor:
        return "floor";
    case UnaryKind::Ceil:
        return "ceil";
    default:
        return "trunc";
    }
}

bool isFloatFunction(UnaryKind kind) {
    switch (kind) {
    case UnaryKind::Sqrt:
    case UnaryKind::Exp:
    case UnaryKind::Log:
    case UnaryKind::Sin:
    case UnaryKind::Cos:
    case UnaryKind::Tanh:
    case UnaryKind::Sigmoid:
    case UnaryKind::Reciprocal:
    case UnaryKind::Angle:
    case UnaryKind::Tan:
    case UnaryKind::Asin:
    case UnaryKind::Acos:
    case UnaryKind::Atan:
    case UnaryKind::Sinh:
    case UnaryKind::Cosh:
    case UnaryKind::Asinh:
    case UnaryKind::Acosh:
    case UnaryKind::Atanh:
    case UnaryKind::Log2:
    case UnaryKind::Log10:
    case UnaryKind::Log1p:
    case UnaryKind::Expm1:
    case UnaryKind::Exp2:
    case UnaryKind::Rsqrt:
    case UnaryKind::Erf:
    case UnaryKind::Erfc:
    case UnaryKind::Sinc:
        return true;
    default:
        return false;
    }
}

// The float functions whose 1.13 CPU kernels have no complex version (their dispatch refuses it).
bool hasNoComplexKernel(UnaryKind kind) {
    switch (kind) {
    case UnaryKind::Log1p:
    case UnaryKind::Expm1:
    case UnaryKind::Exp2:
    case UnaryKind::Erf:
    case UnaryKind::Erfc:
        return true;
    default:
        return false;
    }
}

template <typename F> F floatUnary(UnaryKind kind, F a) {
    switch (kind) {
    case UnaryKind::Neg:
        return -a;
    case UnaryKind::Abs:
        return std::fabs(a);
    case UnaryKind::Sqrt:
        return std::sqrt(a);
    case UnaryKind::Exp:
        return std::exp(a);
    case UnaryKind::Log:
        return std::log(a);
    case UnaryKind::Sin:
        return std::sin(a);
    case UnaryKind::Cos:
        return std::cos(a);
    case UnaryKind::Tanh:
        return std::tanh(a);
    case UnaryKind::Sigmoid:
        return F(1) / (F(1) + std::exp(-a));
    case UnaryKind::Relu:
        return std::isnan(a) ? a : std::max(a, F(0));
    case UnaryKind::Floor:
        return std::floor(a);
    case UnaryKind::Ceil:
        return std::ceil(a);
    case UnaryKind::Round:
        return std::nearbyint(a);
    case UnaryKind::Trunc:
        return std::trunc(a);
    case UnaryKind::Sign:
    case UnaryKind::Sgn:
        return static_cast<F>((F(0) < a) - (a < F(0)));
    case UnaryKind::Angle:
        // angle_impl for real floats: NaN stays NaN, negatives (not -0.0) are pi.
        return std::isnan(a) ? a : (a < F(0) ? static_cast<F>(3.14159265358979323846) : F(0));
    case UnaryKind::Square:
        return a * a;
    case UnaryKind::Reciprocal:
        return F(1) / a;
    case UnaryKind::Tan:
        return std::tan(a);
    case UnaryKind::Asin:
        return std::asin(a);
    case UnaryKind::Acos:
        return std::acos(a);
    case UnaryKind::Atan:
        return std::atan(a);
    case UnaryKind::Sinh:
        return std::sinh(a);
    case UnaryKind::Cosh:
        return std::cosh(a);
    case UnaryKind::Asinh:
        return std::asinh(a);
    case UnaryKind::Acosh:
        return std::acosh(a);
    case UnaryKind::Atanh:
        return std::atanh(a);
    case UnaryKind::Log2:
        return std::log2(a);
    case UnaryKind::Log10:
        return std::log10(a);
    case UnaryKind::Log1p:
        return std::log1p(a);
    case UnaryKind::Expm1:
        return std::expm1(a);
    case UnaryKind::Exp2:
        return std::exp2(a);
    case UnaryKind::Rsqrt:
        return F(1) / std::sqrt(a);
    case UnaryKind::Erf:
        return std::erf(a);
    case UnaryKind::Erfc:
        return std::erfc(a);
    case UnaryKind::Frac:
        return a - std::trunc(a);
    case UnaryKind::Sinc: {
        if (a == 0)
            return F(1);
        const F product = static_cast<F>(3.14159265358979323846) * a;
        return std::sin(product) / product;
    }
    default:
        break;
    }
    fail(ErrorKind::RuntimeError, "internal error: not a float unary kernel");
}

std::int64_t integerUnary(UnaryKind kind, std::int64_t a) {
    switch (kind) {
    case UnaryKind::Neg:
        return wrappingSub(0, a);
    case UnaryKind::Abs:
        return a < 0 ? wrappingSub(0, a) : a;
    case UnaryKind::Relu:
        return std::max<std::int64_t>(a, 0);
    case UnaryKind::Floor:
    case UnaryKind::Ceil:
    case UnaryKind::Round:
    case UnaryKind::Trunc:
        return a;
    case UnaryKind::Sign:
    case UnaryKind::Sgn:
        return (0 < a) - (a < 0);
    case UnaryKind::Square:
        return wrapMul(a, a);
    case UnaryKind::BitwiseNot:
        return ~a;
    default:
        break;
    }
    fail(ErrorKind::RuntimeError, "internal error: not an integer unary kernel");
}

Kernel complexUnaryKernel(UnaryKind kind, DType compute) {
    if (compute == DType::ComplexFloat)
        return [kind](const Scalar* v) { return complexUnary<float>(kind, cxOf<float>(v[0])); };
    return [kind](const Scalar* v) { return complexUnary<double>(kind, cxOf<double>(v[0])); };
}

// angle of a complex tensor into a real (or no) out: unary_op_impl_with_complex_to_float_out
// (UnaryOps.cpp) computes a complex result by TensorIterator, then resize_output()s out and
// copies the result's real part into it. torch.angle's own result starts as empty({0}), so a new
// result is contiguous whatever the input's strides (unlike abs, which starts from empty_like).
Tensor complexAngleToReal(const Tensor& self, const std::optional<Tensor>& out) {
    const DType realType = toRealValueType(self.dtype());
    if (out)
        SS_CHECK(canCast(realType, out->dtype()), RuntimeError, "result type ", scalarTypeName(realType),
                 " can't be cast to the desired output type ", scalarTypeName(out->dtype()));
    const Tensor complexResult =
        runElementwise({{Operand::of(self), self.dtype(), "a"}}, {self.dtype(), self.dtype(), true, {}},
                       std::nullopt, complexUnaryKernel(UnaryKind::Angle, self.dtype()));
    const Tensor realPart = real(complexResult);
    if (!out)
        return clone(realPart, MemoryFormat::Contiguous)
            .withLayoutReason(
                "angle of a complex tensor copies its real result into a new contiguous tensor");
    const Tensor written =
        out->sizes() == realPart.sizes() ? *out : resizeInPlace(*out, realPart.sizes(), std::nullopt);
    return copy_(written, realPart);
}

} // namespace

Tensor unary(UnaryKind kind, const Tensor& self, const std::optional<Tensor>& out) {
    const DType dtype = self.dtype();
    if (dtype == DType::Bool) {
        SS_CHECK(kind != UnaryKind::Neg, RuntimeError,
                 "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert "
                 "a mask, "
                 "use the `~` or `logical_not()` operator instead.");
        SS_CHECK(kind != UnaryKind::Relu, RuntimeError, "Boolean inputs not supported for relu");
    }
    std::string kernelError;
    if (dtype == DType::Bool &&
        (kind == UnaryKind::Abs || kind == UnaryKind::Floor || kind == UnaryKind::Ceil ||
         kind == UnaryKind::Round || kind == UnaryKind::Trunc))
        kernelError = dispatchRefusal(unaryKernelName(kind), dtype);
    if (kind == UnaryKind::BitwiseNot && isFloating(dtype))
        kernelError = dispatchRefusal(unaryKernelName(kind), dtype);
    if (kind == UnaryKind::Frac && !isFloating(dtype))
        kernelError = dispatchRefusal(unaryKernelName(kind), dtype);
    if (kind == UnaryKind::SignBit) {
        // signbit's meta function
        SS_CHECK(!isComplex(dtype), RuntimeError, "signbit is not implemented for complex tensors.");
        SS_CHECK(!out || out->dtype() == DType::Bool, RuntimeError,
                 "signbit does not support non-boolean outputs.");
    }
    // PyTorch 1.13's CPU kernels of these functions have no float16 version.
    if (dtype == DType::Float16 &&
        ((isFloatFunction(kind) && kind != UnaryKind::Reciprocal && kind != UnaryKind::Angle &&
          kind != UnaryKind::Exp2) ||
         kind == UnaryKind::Relu || kind == UnaryKind::Floor || kind == UnaryKind::Ceil ||
         kind == UnaryKind::Round || kind == UnaryKind::Trunc))
        kernelError = dispatchRefusal(unaryKernelName(kind), dtype);

    if (isComplex(dtype)) {
        // PyTorch's own refusals of these on complex inputs.
        SS_CHECK(kind != UnaryKind::Floor && kind != UnaryKind::Ceil && kind != UnaryKind::Trunc,
                 RuntimeError, unaryComplexName(kind), " is not supported for complex inputs");
        SS_CHECK(kind != UnaryKind::Relu, RuntimeError, "clamp is not supported for complex types");
        SS_CHECK(kind != UnaryKind::Sign, RuntimeError,
                 "Unlike NumPy, torch.sign is not intended to support complex numbers. Please use torch.sgn "
                 "instead.");
        if (kind == UnaryKind::BitwiseNot || kind == UnaryKind::Round || hasNoComplexKernel(kind))
            kernelError = dispatchRefusal(unaryKernelName(kind), dtype);
    }

    if (isComplex(dtype) && kind == UnaryKind::Angle && !(out && isComplex(out->dtype())))
        return complexAngleToReal(self, out);

    DType compute = dtype;
    DType outType = dtype;
    std::optional<DType> checked = dtype;
    if (isComplex(dtype) && kind == UnaryKind::Abs) {
        outType = toRealValueType(dtype); // abs of a complex tensor is real
        checked = outType;
    } else if (isFloatFunction(kind)) {
        compute = outType = floatResultOf(dtype);
        checked = compute;
    } else if (kind == UnaryKind::Square && dtype == DType::Bool) {
        compute = outType = DType::Int64; // pow(self, 2): result_type(bool tensor, 2) is Long
        checked = compute;
    } else if (kind == UnaryKind::LogicalNot || kind == UnaryKind::SignBit) {
        outType = DType::Bool;
        checked.reset();
    }
    Kernel kernel;
    if (isComplex(compute)) {
        kernel = complexUnaryKernel(kind, compute);
    } else if (kind == UnaryKind::LogicalNot) {
        kernel = [compute](const Scalar* v) {
            return Scalar::fromBool(isFloating(compute) ? v[0].floatValue == 0.0 : v[0].intValue == 0);
        };
    } else if (kind == UnaryKind::SignBit) {
        // A bool input is all false (signbit_out fills it); -0.0 and -NaN have their sign bit set.
        kernel = [compute](const Scalar* v) {
            return Scalar::fromBool(isFloating(compute) ? std::signbit(v[0].floatValue)
                                                        : compute != DType::Bool && v[0].intValue < 0);
        };
    } else if (compute == DType::Bool) {
        // sign (sgn) and ~ of a bool: itself and its negation.
        kernel = [kind](const Scalar* v) {
            return Scalar::fromBool(kind == UnaryKind::BitwiseNot ? v[0].intValue == 0 : v[0].intValue != 0);
        };
    } else if (isFloating(compute)) {
        if (computesInFloat(compute))
            kernel = [kind, compute](const Scalar* v) {
                const auto a = static_cast<float>(v[0].floatValue);
                if (kind == UnaryKind::Sinc && compute == DType::BFloat16 && a != 0) {
                    // sinc_kernel in c10::BFloat16 arithmetic: pi, the product, sin and the
                    // quotient each rounded to bfloat16.
                    const float product = roundToBFloat16(roundToBFloat16(3.14159265358979323846f) * a);
                    return Scalar::fromFloat(roundToBFloat16(std::sin(product)) / product);
                }
                return Scalar::fromFloat(floatUnary<float>(kind, a));
            };
        else
            kernel = [kind](const Scalar* v) {
                return Scalar::fromFloat(floatUnary<double>(kind, v[0].floatValue));
            };
    } else {
        kernel = [kind](const Scalar* v) { return Scalar::fromInt(integerUnary(kind, v[0].intValue)); };
    }
    // abs of a complex tensor writes its real result into any out= it can be cast to (complex too).
    const bool sameDtypeOut = !isFloatFunction(kind) && kind != UnaryKind::LogicalNot &&
                              kind != UnaryKind::SignBit && !(isComplex(dtype) && kind == UnaryKind::Abs);
    return runElementwise({{Operand::of(self), compute, "a"}}, {outType, checked, sameDtypeOut, kernelError},
                          out, kernel);
}

Tensor where(const Tensor& condition, const Operand& a, const Operand& b, const std::optional<Tensor>& out) {
    SS_CHECK(condition.dtype() == DType::Bool, RuntimeError,
             "where expected condition to be a boolean tensor, but got a tensor with dtype ",
             scalarTypeName(condition.dtype()));
    const DType common = resultType(a, b);
    const Kernel kernel = [](const Scalar* v) { return v[0].intValue ? v[1] : v[2]; };
    return runElementwise({{Operand::of(condition), DType::Bool, "condition"},
                           {a, common, operandName(a, "a")},
                           {b, common, operandName(b, "b")}},
                          {common, common, false, {}}, out, kernel);
}

Tensor clamp(const Tensor& self, const std::optional<Operand>& min, const std::optional<Operand>& max,
             const std::optional<Tensor>& out, bool oneBoundOp) {
    SS_CHECK(min || max, RuntimeError, "torch.clamp: At least one of 'min' or 'max' must not be None");
    SS_CHECK(!isComplex(self.dtype()), RuntimeError, "clamp is not supported for complex types");
    std::vector<PromotionOperand> promotion{PromotionOperand::of(self)};
    if (min)
        promotion.push_back(promotionOf(*min));
    if (max)
        promotion.push_back(promotionOf(*max));
    const bool scalarBounds = (!min || !min->tensor) && (!max || !max->tensor);
    DType common = self.dtype();
    if (!scalarBounds || !isFloating(common))
        common = stridescope::resultType(promotion);
    // clamp_out fills the result with NaN when both number bounds are given and one is NaN;
    // clamp_min_out / clamp_max_out when their number bound is NaN (no kernel runs then).
    const auto nanNumber = [](const std::optional<Operand>& bound) {
        return bound && !bound->tensor && bound->scalar.isFloat() && std::isnan(bound->scalar.floatValue);
    };
    const bool fillsNan = scalarBounds && (oneBoundOp || (min && max)) && (nanNumber(min) || nanNumber(max));
    std::string kernelError;
    if (scalarBounds && common == DType::Float16 && !fillsNan)
        kernelError = dispatchRefusal(min && max ? "clamp_scalar_cpu"
                                      : min      ? "clamp_min_cpu"
                                                 : "clamp_max_scalar_cpu",
                                      common);
    if (scalarBounds && out && isSameTensor(*out, self))
        // clamp's meta function refuses a promoting in-place clamp_ itself (printing the TypeMeta name)
        SS_CHECK(common == self.dtype(), RuntimeError, "result type ", scalarTypeName(common),
                 " can't be cast to the desired output type ", cppTypeName(self.dtype()));
    std::vector<Input> inputs{{Operand::of(self), common, "a"}};
    if (min)
        inputs.push_back({*min, common, operandName(*min, "min"), !scalarBounds});
    if (max)
        inputs.push_back({*max, common, operandName(*max, "max"), !scalarBounds});
    const bool hasMin = min.has_value(), hasMax = max.has_value();
    const bool floating = isFloating(common);
    const Kernel kernel = [hasMin, hasMax, floating, scalarBounds, fillsNan](const Scalar* v) {
        if (fillsNan)
            return Scalar::fromFloat(std::numeric_limits<double>::quiet_NaN());
        if (floating) {
            const double a = v[0].floatValue;
            if (std::isnan(a))
                return v[0];
            double r = a;
            if (hasMin) {
                const double lo = v[1].floatValue;
                if (!scalarBounds && std::isnan(lo))
                    return Scalar::fromFloat(lo);
                r = std::max(r, lo);
            }
            if (hasMax) {
                const double hi = v[hasMin ? 2 : 1].floatValue;
                if (!scalarBounds && std::isnan(hi))
                    return Scalar::fromFloat(hi);
                r = std::min(r, hi);
            }
            return Scalar::fromFloat(r);
        }
        std::int64_t r = v[0].intValue;
        if (hasMin)
            r = std::max(r, v[1].intValue);
        if (hasMax)
            r = std::min(r, v[hasMin ? 2 : 1].intValue);
        return Scalar::fromInt(r);
    };
    return runElementwise(inputs, {common, common, scalarBounds, kernelError}, out, kernel);
}

Tensor degreesToRadians(const Tensor& self, bool toRadians, const std::optional<Tensor>& out) {
    SS_CHECK(!isComplex(self.dtype()), RuntimeError, toRadians ? "deg2rad" : "rad2deg",
             " is not supported for complex tensors.");
    // ATen's M_PI_180 and M_180_PI, multiplied in as a wrapped number.
    const double factor = toRadians ? 0.017453292519943295769236907684886127134428718885417
                                    : 57.295779513082320876798154814105170332405472466564;
    // deg2rad(self) writes into empty_like(self) (default float dtype for integers and bool), so
    // a new result keeps a dense input's strides.
    const Tensor result =
        out ? *out
            : detail::emptyLike(self, MemoryFormat::Preserve,
                                isIntegral(self.dtype(), true) ? DType::Float32 : self.dtype(),
                                self.hasValues())
                  .withLayoutReason(std::string(toRadians ? "deg2rad" : "rad2deg") +
                                    " writes into empty_like(input), which keeps a dense input's "
                                    "strides (or gives dense ones in their order)");
    return binary(BinaryKind::Mul, Operand::of(self), Operand::of(Scalar::fromFloat(factor)), result);
}

Tensor floatPower(const Operand& base, const Operand& exponent, const std::optional<Tensor>& out,
                  bool inPlace) {
    const auto complexOperand = [](const Operand& op) {
        return op.tensor ? isComplex(op.tensor->dtype()) : op.scalar.isComplex();
    };
    const DType dtype =
        complexOperand(base) || complexOperand(exponent) ? DType::ComplexDouble : DType::Float64;
    if (inPlace)
        SS_CHECK(base.tensor->dtype() == dtype, RuntimeError, "the base given to float_power_ has dtype ",
                 scalarTypeName(base.tensor->dtype()), " but the operation's result requires dtype ",
                 scalarTypeName(dtype));
    else if (out)
        SS_CHECK(out->dtype() == dtype, RuntimeError, "the output given to float_power has dtype ",
                 scalarTypeName(out->dtype()), " but the operation's result requires dtype ",
                 scalarTypeName(dtype));
    // Tensors are converted with .to(dtype) (a preserve-format copy unless already of dtype),
    // numbers with toDouble() or toComplexDouble().
    const auto converted = [dtype](const Operand& op) {
        if (op.tensor)
            return Operand::of(to(*op.tensor, dtype));
        return Operand::of(dtype == DType::ComplexDouble
                               ? Scalar::fromComplex(op.scalar.toDouble(), op.scalar.imagValue)
                               : Scalar::fromFloat(op.scalar.toDouble()));
    };
    return binary(BinaryKind::Pow, converted(base), converted(exponent), out);
}

namespace {

// A value rounded to a float dtype, as storing it in a scalar_t would.
double roundTo(DType dtype, double value) { return castScalar(Scalar::fromFloat(value), dtype).floatValue; }

// logit_kernel in scalar_t: bfloat16 arithmetic rounds after each step (F is float then).
template <typename F> F logitValue(F x, F lo, F hi, bool clampToEps, DType dtype) {
    const auto round = [dtype](F v) {
        return dtype == DType::BFloat16 ? static_cast<F>(roundTo(dtype, v)) : v;
    };
    if (clampToEps)
        x = x < lo ? lo : (x > hi ? hi : x);
    if (x == F(1))
        return std::numeric_limits<F>::infinity();
    return std::log(round(x / round(F(1) - x)));
}

} // namespace

Tensor logit(const Tensor& self, std::optional<double> eps, const std::optional<Tensor>& out) {
    const DType compute = floatResultOf(self.dtype());
    std::string kernelError;
    if (compute != DType::Float32 && compute != DType::Float64 && compute != DType::BFloat16)
        kernelError = dispatchRefusal("logit_cpu", compute);
    // No eps is eps = -1; a negative or NaN eps clamps nothing.
    const double epsValue = roundTo(compute == DType::Float64 ? DType::Float64 : compute, eps.value_or(-1.0));
    const bool clampToEps = epsValue >= 0;
    Kernel kernel;
    if (compute == DType::Float64) {
        kernel = [epsValue, clampToEps](const Scalar* v) {
            return Scalar::fromFloat(
                logitValue<double>(v[0].floatValue, epsValue, 1 - epsValue, clampToEps, DType::Float64));
        };
    } else {
        const auto lo = static_cast<float>(epsValue);
        const auto hi =
            static_cast<float>(compute == DType::BFloat16 ? roundTo(compute, 1.0f - lo) : 1.0f - lo);
        kernel = [lo, hi, clampToEps, compute](const Scalar* v) {
            return Scalar::fromFloat(
                logitValue<float>(static_cast<float>(v[0].floatValue), lo, hi, clampToEps, compute));
        };
    }
    return runElementwise({{Operand::of(self), compute, "a"}}, {compute, compute, false, kernelError}, out,
                          kernel);
}

Tensor nanToNum(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                std::optional<double> neginf, const std::optional<Tensor>& out) {
    const DType dtype = self.dtype();
    if (out)
        SS_CHECK(out->dtype() == dtype, RuntimeError,
                 "nan_to_num: dtype of out: ", scalarTypeName(out->dtype()),
                 " should be same as input: ", scalarTypeName(dtype));
    // nan_to_num allocates empty_like(self) and runs nan_to_num_out into it: the result keeps a
    // dense input's strides, or gets dense ones in its order.
    const Tensor result =
        out ? *out
            : detail::emptyLike(self, MemoryFormat::Preserve, dtype, self.hasValues())
                  .withLayoutReason("nan_to_num writes into empty_like(input), which keeps a "
                                    "dense input's strides (or gives dense ones in their order)");
    if (isIntegral(dtype, true)) {
        // Integers and bool have nothing to replace: resize_output, then a copy.
        const Tensor written =
            result.sizes() == self.sizes() ? result : resizeInPlace(result, self.sizes(), std::nullopt);
        return isSameTensor(written, self) ? written : copy_(written, self);
    }
    std::string kernelError;
    if (isComplex(dtype))
        kernelError = dispatchRefusal("nan_to_num", dtype);
    const auto largest = [dtype]() {
        switch (dtype) {
        case DType::Float16:
            return 65504.0;
        case DType::BFloat16:
            return 3.3895313892515355e+38;
        case DType::Float32:
            return static_cast<double>(std::numeric_limits<float>::max());
        default:
            return std::numeric_limits<double>::max();
        }
    }();
    // The replacements are static_cast to scalar_t (1e6 is inf in float16).
    const Scalar nanValue = castScalar(Scalar::fromFloat(nan.value_or(0.0)), dtype);
    const Scalar posinfValue = castScalar(Scalar::fromFloat(posinf.value_or(largest)), dtype);
    const Scalar neginfValue = castScalar(Scalar::fromFloat(neginf.value_or(-largest)), dtype);
    const Kernel kernel = [nanValue, posinfValue, neginfValue](const Scalar* v) {
        const double a = v[0].floatValue;
        if (std::isnan(a))
            return nanValue;
        if (std::isinf(a))
            return a > 0 ? posinfValue : neginfValue;
        return v[0];
    };
    return runElementwise({{Operand::of(self), dtype, "a"}}, {dtype, dtype, false, kernelError}, result,
                          kernel);
}

namespace {

// lerp in the parts' precision: a small weight (|w| < 0.5) interpolates from self, a large one
// from end, so that weight 1 gives end exactly.
template <typename F> Cx<F> lerpValue(Cx<F> self, Cx<F> end, Cx<F> weight) {
    const Cx<F> difference{end.re - self.re, end.im - self.im};
    if (self.im == 0 && end.im == 0 && weight.im == 0) {
        // Real values: the vectorized kernel's fmadd, one rounding.
        const F value = std::abs(weight.re) < F(0.5) ? std::fma(weight.re, difference.re, self.re)
                                                     : std::fma(-difference.re, F(1) - weight.re, end.re);
        return {value, 0};
    }
    if (weight.re * weight.re + weight.im * weight.im < F(0.25)) {
        const Cx<F> step = cxMul(weight, difference);
        return {self.re + step.re, self.im + step.im};
    }
    const Cx<F> back = cxMul(difference, Cx<F>{F(1) - weight.re, -weight.im});
    return {end.re - back.re, end.im - back.im};
}

} // namespace

Tensor lerp(const Tensor& self, const Tensor& end, const Operand& weight, const std::optional<Tensor>& out) {
    const DType dtype = self.dtype();
    // lerp's meta functions compare the dtypes (printing their TypeMeta names): no promotion.
    SS_CHECK(end.dtype() == dtype, RuntimeError, "expected dtype ", cppTypeName(dtype),
             " for `end` but got dtype ", cppTypeName(end.dtype()));
    if (weight.tensor)
        SS_CHECK(weight.tensor->dtype() == dtype, RuntimeError, "expected dtype ", cppTypeName(dtype),
                 " for `weight` but got dtype ", cppTypeName(weight.tensor->dtype()));
    std::string kernelError;
    if (dtype != DType::Float32 && dtype != DType::Float64 && dtype != DType::BFloat16 && !isComplex(dtype))
        kernelError = dispatchRefusal(weight.tensor ? "lerp_kernel_tensor" : "lerp_kernel_scalar", dtype);
    Scalar weightValue;
    if (!weight.tensor && kernelError.empty()) {
        // weight.to<scalar_t>() in the kernel, after TensorIterator's checks.
        try {
            // weight.to<opmath_t>(): float for bfloat16
            weightValue = checkedCastScalar(weight.scalar, dtype == DType::BFloat16 ? DType::Float32 : dtype);
        } catch (const TensorError& e) {
            kernelError = e.message();
        }
    }
    const bool tensorWeight = weight.tensor.has_value();
    const bool doublePrecision = dtype == DType::Float64 || dtype == DType::ComplexDouble;
    const bool complexValues = isComplex(dtype);
    const Kernel kernel = [tensorWeight, weightValue, doublePrecision, complexValues](const Scalar* v) {
        const Scalar& w = tensorWeight ? v[2] : weightValue;
        const auto apply = [&](auto zero) {
            using F = decltype(zero);
            const Cx<F> result = lerpValue<F>(cxOf<F>(v[0]), cxOf<F>(v[1]), cxOf<F>(w));
            return complexValues ? cxScalar(result) : Scalar::fromFloat(result.re);
        };
        return doublePrecision ? apply(0.0) : apply(0.0f);
    };
    std::vector<Input> inputs{{Operand::of(self), dtype, "self"}, {Operand::of(end), dtype, "end"}};
    if (tensorWeight)
        inputs.push_back({weight, dtype, "weight"});
    // The tensor-weight form is a plain TensorIterator (all of one dtype, out= included); the
    // number form is a binary op that casts to out.
    return runElementwise(inputs, {dtype, dtype, tensorWeight, kernelError}, out, kernel);
}

namespace {

Tensor addcmulOrAddcdiv(bool divide, const Tensor& self, const Tensor& tensor1, const Tensor& tensor2,
                        const Scalar& value, const std::optional<Tensor>& out) {
    if (divide)
        SS_CHECK(
            !isIntegral(tensor1.dtype(), true) || !isIntegral(tensor2.dtype(), true), RuntimeError,
            "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will "
            "perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be "
            "implemented "
            "as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as "
            "(input + value * tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the "
            "latter implementation: (input + value * tensor1 / tensor2), for all dtypes.");
    const DType common = stridescope::resultType(
        {PromotionOperand::of(self), PromotionOperand::of(tensor1), PromotionOperand::of(tensor2)});
    const char* name = divide ? "addcdiv_cpu_out" : "addcmul_cpu_out";
    std::string kernelError;
    if (common == DType::Bool || common == DType::Float16)
        kernelError = dispatchRefusal(name, common);
    Scalar scaled;
    if (kernelError.empty()) {
        // value.to<scalar_t>() in the kernel (to<float>() for bfloat16, which computes in float)
        try {
            scaled = checkedCastScalar(value, common == DType::BFloat16 ? DType::Float32 : common);
        } catch (const TensorError& e) {
            kernelError = e.message();
        }
    }
    // The CPU kernel has no casting loop: an out= of another dtype trips its internal assert.
    if (kernelError.empty() && out && out->dtype() != common)
        kernelError = "!needs_dynamic_casting<func_t>::check(iter) INTERNAL ASSERT FAILED at "
                      "\"./aten/src/ATen/native/cpu/Loops.h\":347, please report a bug to PyTorch. ";
    Kernel kernel;
    if (isComplex(common)) {
        const bool doublePrecision = common == DType::ComplexDouble;
        kernel = [divide, scaled, doublePrecision](const Scalar* v) {
            const auto apply = [&](auto zero) {
                using F = decltype(zero);
                const Cx<F> product = cxMul(cxOf<F>(scaled), cxOf<F>(v[1]));
                const Cx<F> term = divide ? cxDiv(product, cxOf<F>(v[2])) : cxMul(product, cxOf<F>(v[2]));
                const Cx<F> self = cxOf<F>(v[0]);
                return cxScalar<F>({self.re + term.re, self.im + term.im});
            };
            return doublePrecision ? apply(0.0) : apply(0.0f);
        };
    } else if (isFloating(common)) {
        const bool inFloat = computesInFloat(common);
        kernel = [divide, scaled, inFloat](const Scalar* v) {
            const auto apply = [&](auto zero) {
                using F = decltype(zero);
                const F product = static_cast<F>(scaled.floatValue) * static_cast<F>(v[1].floatValue);
                const auto self = static_cast<F>(v[0].floatValue), tensor2 = static_cast<F>(v[2].floatValue);
                // addcmul's last multiply and add are one fused multiply-add in ATen's build.
                return Scalar::fromFloat(divide ? self + product / tensor2
                                                : std::fma(product, tensor2, self));
            };
            return inFloat ? apply(0.0f) : apply(0.0);
        };
    } else {
        kernel = [scaled](const Scalar* v) {
            return Scalar::fromInt(
                wrapAdd(v[0].intValue, wrapMul(wrapMul(scaled.intValue, v[1].intValue), v[2].intValue)));
        };
    }
    return runElementwise({{Operand::of(self), common, "self"},
                           {Operand::of(tensor1), common, "tensor1"},
                           {Operand::of(tensor2), common, "tensor2"}},
                          {common, common, false, kernelError}, out, kernel);
}

} // namespace

Tensor addcmul(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar& value,
               const std::optional<Tensor>& out) {
    return addcmulOrAddcdiv(false, self, tensor1, tensor2, value, out);
}

Tensor addcdiv(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar& value,
               const std::optional<Tensor>& out) {
    return addcmulOrAddcdiv(true, self, tensor1, tensor2, value, out);
}

Tensor addr(const Tensor& self, const Tensor& vec1, const Tensor& vec2, const Scalar& beta,
            const Scalar& alpha, const std::optional<Tensor>& out) {
    SS_CHECK(vec1.dim() == 1, RuntimeError, "addr: Expected 1-D argument vec1, but got ", vec1.dim(), "-D");
    SS_CHECK(vec2.dim() == 1, RuntimeError, "addr: Expected 1-D argument vec2, but got ", vec2.dim(), "-D");
    const Tensor expandedSelf = expand(self, {vec1.size(0), vec2.size(0)});
    const DType common = stridescope::resultType(
        {PromotionOperand::of(self), PromotionOperand::of(vec1), PromotionOperand::of(vec2)});
    // addr_kernel's check_addr_scalar for beta, then alpha, and their reading in the dtype.
    std::string kernelError;
    Scalar b, a;
    try {
        for (const auto& [value, name] : {std::pair{&beta, "beta"}, std::pair{&alpha, "alpha"}}) {
            SS_CHECK(!value->isBool() || common == DType::Bool, RuntimeError, "Boolean ", name,
                     " only supported for Boolean results.");
            SS_CHECK(isFloating(common) || isComplex(common) || !value->isFloat(), RuntimeError,
                     "For integral input tensors, argument ", name, " must not be a floating point number.");
        }
        b = checkedCastScalar(beta, common);
        a = checkedCastScalar(alpha, common);
    } catch (const TensorError& e) {
        kernelError = e.message();
    }
    // A zero (false) beta ignores self, NaN and inf included.
    const bool ignoreSelf = b.intValue == 0 && b.floatValue == 0 && b.imagValue == 0;
    Kernel kernel;
    if (common == DType::Bool) {
        kernel = [a, b, ignoreSelf](const Scalar* v) {
            const bool product = a.intValue != 0 && v[1].intValue != 0 && v[2].intValue != 0;
            return Scalar::fromBool(ignoreSelf ? product : (v[0].intValue != 0) || product);
        };
    } else if (isComplex(common)) {
        kernel = [a, b, ignoreSelf](const Scalar* v) {
            const auto z = [](const Scalar& s) { return std::complex<double>(s.floatValue, s.imagValue); };
            const std::complex<double> product = z(a) * z(v[1]) * z(v[2]);
            const std::complex<double> value = ignoreSelf ? product : z(b) * z(v[0]) + product;
            return Scalar::fromComplex(value.real(), value.imag());
        };
    } else if (isFloating(common)) {
        const bool inFloat = computesInFloat(common);
        kernel = [a, b, ignoreSelf, inFloat](const Scalar* v) {
            const auto apply = [&](auto zero) {
                using F = decltype(zero);
                const F product = static_cast<F>(a.floatValue) * static_cast<F>(v[1].floatValue) *
                                  static_cast<F>(v[2].floatValue);
                return ignoreSelf ? product
                                  : static_cast<F>(b.floatValue) * static_cast<F>(v[0].floatValue) + product;
            };
            return Scalar::fromFloat(inFloat ? apply(0.0f) : apply(0.0));
        };
    } else {
        kernel = [a, b, ignoreSelf](const Scalar* v) {
            const std::int64_t product = wrapMul(wrapMul(a.intValue, v[1].intValue), v[2].intValue);
            return Scalar::fromInt(ignoreSelf ? product
                                              : wrapAdd(wrapMul(b.intValue, v[0].intValue), product));
        };
    }
    return runElementwise({{Operand::of(expandedSelf), common, "self"},
                           {Operand::of(reshape(vec1, {vec1.size(0), 1})), common, "vec1"},
                           {Operand::of(vec2), common, "vec2"}},
                          {common, common, false, kernelError}, out, kernel);
}

} // namespace stridescope::ops
