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

Tensor runElementwise(const std::vector<Input>& inputs, const ResultSpec& spec, const std::optional<Tensor>& out,
                      const Kernel& kernel) {
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
            result = result.withMetadata(result.storage(), result.dtype(),
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
    default:
        break;
    }
    fail(ErrorKind::RuntimeError, "internal error: not an integer kernel");
}

bool isComparison(BinaryKind kind) {
    return kind == BinaryKind::Eq || kind == BinaryKind::Ne || kind == BinaryKind::Lt || kind == BinaryKind::Le ||
           kind == BinaryKind::Gt || kind == BinaryKind::Ge;
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

DType resultType(const Operand& a, const Operand& b) { return stridescope::resultType({promotionOf(a), promotionOf(b)}); }

Tensor binary(BinaryKind kind, const Operand& a, const Operand& b, const std::optional<Tensor>& out, const Scalar& alpha) {
    SS_CHECK(a.tensor || b.tensor, RuntimeError, "internal error: a binary op needs a tensor operand");
    const DType common = resultType(a, b);
    // Checks of the meta functions, which run before TensorIterator's.
    if (kind == BinaryKind::Sub) {
        // sub_check
        SS_CHECK(operandDType(a) != DType::Bool || operandDType(b) != DType::Bool, RuntimeError,
                 "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
                 "`logical_xor()` operator instead.");
        SS_CHECK(operandDType(a) != DType::Bool && operandDType(b) != DType::Bool, RuntimeError,
                 "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a "
                 "mask, use the `~` or `logical_not()` operator instead.");
    }
    if (kind == BinaryKind::Pow && b.tensor == std::nullopt && isIntegral(operandDType(a), true) &&
        !b.scalar.isFloat())
        SS_CHECK(b.scalar.intValue >= 0, RuntimeError, "Integers to negative integer powers are not allowed.");

    DType compute = common;
    DType outType = common;
    std::optional<DType> checked = common;
    if (kind == BinaryKind::Div) {
        compute = outType = floatResultOf(common);
        checked = compute;
    } else if (isComparison(kind)) {
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
    const bool bitwise = kind == BinaryKind::BitAnd || kind == BinaryKind::BitOr || kind == BinaryKind::BitXor;
    // pow(tensor, number) is a unary op of the base in PyTorch (the exponent is no operand).
    const bool exponentOnly = kind == BinaryKind::Pow && a.tensor && !b.tensor;
    std::string kernelError;
    if (bitwise && isFloating(compute))
        kernelError = dispatchRefusal(kernelName(kind), compute);
    if (compute == DType::Bool && (kind == BinaryKind::DivTrunc || kind == BinaryKind::DivFloor ||
                                   kind == BinaryKind::Remainder || kind == BinaryKind::Pow))
        kernelError = dispatchRefusal(kernelName(kind), compute);

    SS_CHECK(!isComplex(compute) || (kind != BinaryKind::Maximum && kind != BinaryKind::Minimum),
             RuntimeError, kind == BinaryKind::Maximum ? "maximum" : "minimum",
             " not implemented for complex tensors.");
    if (isComplex(compute) && kind != BinaryKind::Add && kind != BinaryKind::Sub && kind != BinaryKind::Mul &&
        kind != BinaryKind::Div && kind != BinaryKind::Pow && kind != BinaryKind::Eq &&
        kind != BinaryKind::Ne)
        kernelError = dispatchRefusal(complexKernelName(kind), compute);

    const Scalar alphaValue = (kind == BinaryKind::Add || kind == BinaryKind::Sub) ? checkedCastScalar(alpha, compute)
                                                                                : castScalar(alpha, compute);
    Kernel kernel;
    if (isComplex(compute) && kernelError.empty()) {
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
            return Scalar::fromBool(isFloating(compute) ? compareValues(kind, v[0].floatValue, v[1].floatValue)
                                                        : compareValues(kind, v[0].intValue, v[1].intValue));
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
                return Scalar::fromFloat(floatBinary<double>(kind, v[0].floatValue, v[1].floatValue, alphaValue.floatValue));
            };
        }
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
                 "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, "
                 "use the `~` or `logical_not()` operator instead.");
        SS_CHECK(kind != UnaryKind::Relu, RuntimeError, "Boolean inputs not supported for relu");
    }
    std::string kernelError;
    if (dtype == DType::Bool && (kind == UnaryKind::Abs || kind == UnaryKind::Floor || kind == UnaryKind::Ceil ||
                                 kind == UnaryKind::Round || kind == UnaryKind::Trunc))
        kernelError = dispatchRefusal(unaryKernelName(kind), dtype);
    if (kind == UnaryKind::BitwiseNot && isFloating(dtype))
        kernelError = dispatchRefusal(unaryKernelName(kind), dtype);
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
    } else if (kind == UnaryKind::LogicalNot) {
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
    } else if (compute == DType::Bool) {
        // sign (sgn) and ~ of a bool: itself and its negation.
        kernel = [kind](const Scalar* v) {
            return Scalar::fromBool(kind == UnaryKind::BitwiseNot ? v[0].intValue == 0 : v[0].intValue != 0);
        };
    } else if (isFloating(compute)) {
        if (computesInFloat(compute))
            kernel = [kind](const Scalar* v) {
                return Scalar::fromFloat(floatUnary<float>(kind, static_cast<float>(v[0].floatValue)));
            };
        else
            kernel = [kind](const Scalar* v) { return Scalar::fromFloat(floatUnary<double>(kind, v[0].floatValue)); };
    } else {
        kernel = [kind](const Scalar* v) { return Scalar::fromInt(integerUnary(kind, v[0].intValue)); };
    }
    // abs of a complex tensor writes its real result into any out= it can be cast to (complex too).
    const bool sameDtypeOut = !isFloatFunction(kind) && kind != UnaryKind::LogicalNot &&
                              !(isComplex(dtype) && kind == UnaryKind::Abs);
    return runElementwise({{Operand::of(self), compute, "a"}}, {outType, checked, sameDtypeOut, kernelError}, out,
                          kernel);
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
             const std::optional<Tensor>& out) {
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
    std::string kernelError;
    if (scalarBounds && common == DType::Float16)
        kernelError = dispatchRefusal(min && max ? "clamp_scalar_cpu"
                                      : min      ? "clamp_min_cpu"
                                                 : "clamp_max_scalar_cpu",
                                      common);
    if (scalarBounds && out && isSameTensor(*out, self))
        // clamp's meta function refuses a promoting in-place clamp_ itself (printing the TypeMeta name)
        SS_CHECK(common == self.dtype(), RuntimeError, "result type ", scalarTypeName(common),
                 " can't be cast to the desired output type ", scalarTypeName(self.dtype()));
    std::vector<Input> inputs{{Operand::of(self), common, "a"}};
    if (min)
        inputs.push_back({*min, common, operandName(*min, "min"), !scalarBounds});
    if (max)
        inputs.push_back({*max, common, operandName(*max, "max"), !scalarBounds});
    const bool hasMin = min.has_value(), hasMax = max.has_value();
    const bool floating = isFloating(common);
    const Kernel kernel = [hasMin, hasMax, floating, scalarBounds](const Scalar* v) {
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

} // namespace stridescope::ops
