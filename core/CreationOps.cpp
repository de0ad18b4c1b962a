// Factory functions (torch.arange, zeros, tensor, cat, ...): each allocates a new Storage.
#include "DeviceOps.h"
#include "Elementwise.h"
#include "Error.h"
#include "Ops.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <numeric>
#include <optional>
#include <random>

namespace stridescope::ops {

namespace {

DType defaultFloat(std::optional<DType> dtype) { return dtype.value_or(DType::Float32); }

Tensor filled(const Shape& sizes, const Scalar& value, DType dtype) {
    Tensor result = detail::emptyWithFormat(sizes, MemoryFormat::Contiguous, dtype);
    const Scalar converted = checkedCastScalar(value, dtype);
    if (!(converted.kind == Scalar::Kind::Int && converted.intValue == 0)) // storages start zeroed
        detail::writeValues(result, [&](std::int64_t) { return converted; });
    return result;
}

void inferNestedShape(const NestedData& data, std::size_t depth, Shape& shape) {
    if (data.isLeaf)
        return;
    if (depth == shape.size()) {
        shape.push_back(static_cast<std::int64_t>(data.children.size()));
        if (!data.children.empty())
            inferNestedShape(data.children.front(), depth + 1, shape);
    }
}

void flattenNested(const NestedData& data, std::size_t depth, const Shape& shape, std::vector<Scalar>& out) {
    if (depth == shape.size()) {
        SS_CHECK(data.isLeaf, ValueError, "expected a number at dim ", depth,
                 " but got a sequence of length ", data.children.size());
        out.push_back(data.leaf);
        return;
    }
    SS_CHECK(!data.isLeaf, ValueError, "expected sequence of length ", shape[depth], " at dim ", depth,
             " (got 0)");
    SS_CHECK(static_cast<std::int64_t>(data.children.size()) == shape[depth], ValueError,
             "expected sequence of length ", shape[depth], " at dim ", depth, " (got ", data.children.size(),
             ")");
    for (const auto& child : data.children)
        flattenNested(child, depth + 1, shape, out);
}

} // namespace

Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step, std::optional<DType> dtype) {
    const bool anyFloat = start.isFloat() || end.isFloat() || step.isFloat();
    const DType type = dtype.value_or(anyFloat ? DType::Float32 : DType::Int64);
    const double xstart = start.toDouble(), xend = end.toDouble(), xstep = step.toDouble();
    SS_CHECK(xstep != 0.0, RuntimeError, "step must be nonzero");
    SS_CHECK(std::isfinite(xstart) && std::isfinite(xend), RuntimeError, "unsupported range: ", xstart,
             " -> ", xend);
    SS_CHECK((xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart), RuntimeError,
             "upper bound and larger bound inconsistent with step sign");
    SS_CHECK(type != DType::Bool && !isComplex(type), RuntimeError, dispatchRefusal("arange_cpu", type));
    double sizeD = std::ceil((xend - xstart) / xstep);
    std::optional<std::int64_t> exactSize;
    if (type == DType::Int64 && !anyFloat) {
        // ATen computes an int64 arange's length in integer arithmetic, exact beyond 2^53.
        const std::int64_t sign = (step.intValue > 0) - (step.intValue < 0);
        std::int64_t span = 0;
        if (!__builtin_sub_overflow(end.intValue, start.intValue, &span) &&
            !__builtin_add_overflow(span, step.intValue - sign, &span)) {
            exactSize = span / step.intValue;
            sizeD = static_cast<double>(*exactSize);
        }
    }
    SS_CHECK(sizeD >= 0 && sizeD <= static_cast<double>(INT64_MAX), RuntimeError,
             "invalid size, possible overflow?");
    // (double)INT64_MAX is 2^63, which does not fit back: the exact integer size, or a double below 2^63.
    const auto size =
        exactSize ? *exactSize
                  : static_cast<std::int64_t>(std::min(sizeD, std::nextafter(9223372036854775808.0, 0.0)));
    Tensor result = detail::emptyWithFormat({size}, MemoryFormat::Contiguous, type);
    // ATen accumulates in acc_type: int64 for integers, double for float/double, and float for
    // the 16-bit floats, then casts each value to the dtype.
    if (isIntegral(type, true) && !anyFloat) {
        const std::int64_t istart = start.intValue, istep = step.intValue;
        detail::writeValues(result, [&](std::int64_t i) { return Scalar::fromInt(istart + istep * i); });
    } else if (type == DType::Float16 || type == DType::BFloat16) {
        const float fstart = static_cast<float>(xstart), fstep = static_cast<float>(xstep);
        detail::writeValues(result, [&](std::int64_t i) {
            return Scalar::fromFloat(static_cast<double>(fstart + fstep * static_cast<float>(i)));
        });
    } else {
        detail::writeValues(result, [&](std::int64_t i) {
            return Scalar::fromFloat(xstart + xstep * static_cast<double>(i));
        });
    }
    return result;
}

namespace {

// linspace_kernel (ATen's RangeFactoriesKernel.cpp) writes element i as start + step * i below
// halfway and end - step * (steps - 1 - i) from there on, so both ends are exact. Its vectorized
// loop (AVX2 here: 32-byte vectors, two per iteration) instead takes one such base per vector and
// adds lane * step to it; the elements after the last pair of vectors take the scalar formula.
// In the AVX2 kernel file the compiler fuses the scalar formula (and the base) into one fma, but
// not the lanes' base + lane * step, and Debian's python3-torch 1.13 gives exactly these bits.
struct LinspacePlan {
    std::int64_t steps, halfway, vectorWidth, vectorized;
    LinspacePlan(std::int64_t count, int itemBytes)
        : steps(count), halfway(count / 2), vectorWidth(32 / itemBytes),
          vectorized(count / (2 * (32 / itemBytes)) * 2 * (32 / itemBytes)) {}
    // Calls value(k, fromEnd) for the formula's index and side, then lane(base, j) for lanes j > 0.
    template <typename Formula, typename Lane> auto at(std::int64_t i, Formula formula, Lane lane) const {
        if (i >= vectorized)
            return i < halfway ? formula(i, false) : formula(steps - 1 - i, true);
        const std::int64_t first = i - i % vectorWidth;
        const auto base = first < halfway ? formula(first, false) : formula(steps - 1 - first, true);
        return i == first ? base : lane(base, i - first);
    }
};

template <typename F>
Scalar linspaceFloat(F start, F end, std::int64_t steps, const LinspacePlan& plan, std::int64_t i) {
    const F step = (end - start) / static_cast<F>(steps - 1);
    return Scalar::fromFloat(plan.at(
        i,
        [&](std::int64_t k, bool fromEnd) {
            return fromEnd ? std::fma(-step, static_cast<F>(k), end)
                           : std::fma(step, static_cast<F>(k), start);
        },
        [&](F base, std::int64_t j) {
            const F offset = static_cast<F>(j) * step;
            return base + offset;
        }));
}

// c10::Half and c10::BFloat16 arithmetic: each operation in float, rounded back to the dtype.
double roundedTo(DType dtype, double value) {
    const auto f = static_cast<float>(value);
    return dtype == DType::BFloat16 ? roundToBFloat16(f) : roundToHalf(f);
}

// linspace_out's and logspace_out's first steps: steps checked, the dtype (the default float, or
// complex64 when start or end is complex), the new 1-D result.
Tensor rangeResult(const Scalar& start, const Scalar& end, std::int64_t steps, std::optional<DType> dtype) {
    SS_CHECK(steps >= 0, RuntimeError, "number of steps must be non-negative");
    const DType type =
        dtype.value_or(start.isComplex() || end.isComplex() ? DType::ComplexFloat : DType::Float32);
    return detail::emptyWithFormat({steps}, MemoryFormat::Contiguous, type);
}

} // namespace

Tensor linspace(const Scalar& start, const Scalar& end, std::int64_t steps, std::optional<DType> dtype) {
    Tensor result = rangeResult(start, end, steps, dtype);
    const DType type = result.dtype();
    if (steps == 0)
        return result;
    if (steps == 1) // linspace_out fills the one element with start, before any dispatch
        return fill_(result, Operand::of(start));
    SS_CHECK(type != DType::Bool, RuntimeError, dispatchRefusal("linspace_cpu", type));
    const LinspacePlan plan(steps, itemSize(type));
    if (type == DType::Float32) {
        const auto a = static_cast<float>(start.toDouble()), b = static_cast<float>(end.toDouble());
        detail::writeValues(result, [&](std::int64_t i) { return linspaceFloat(a, b, steps, plan, i); });
    } else if (type == DType::Float64) {
        detail::writeValues(result, [&](std::int64_t i) {
            return linspaceFloat(start.toDouble(), end.toDouble(), steps, plan, i);
        });
    } else if (type == DType::Float16 || type == DType::BFloat16) {
        const double a = roundedTo(type, start.toDouble()), b = roundedTo(type, end.toDouble());
        const double step =
            roundedTo(type, roundedTo(type, b - a) / roundedTo(type, static_cast<double>(steps - 1)));
        const auto times = [&](double k) { return roundedTo(type, step * roundedTo(type, k)); };
        detail::writeValues(result, [&](std::int64_t i) {
            return Scalar::fromFloat(plan.at(
                i,
                [&](std::int64_t k, bool fromEnd) {
                    return fromEnd ? roundedTo(type, b - times(static_cast<double>(k)))
                                   : roundedTo(type, a + times(static_cast<double>(k)));
                },
                [&](double base, std::int64_t j) {
                    return roundedTo(type, base + times(static_cast<double>(j)));
                }));
        });
    } else if (isComplex(type)) {
        // Complex steps: the same formula in the parts' precision (c10::complex arithmetic).
        const auto component = [&](double a, double b, std::int64_t i) {
            return type == DType::ComplexFloat
                       ? static_cast<double>(
                             linspaceFloat(static_cast<float>(a), static_cast<float>(b), steps, plan, i)
                                 .floatValue)
                       : linspaceFloat(a, b, steps, plan, i).floatValue;
        };
        detail::writeValues(result, [&](std::int64_t i) {
            return Scalar::fromComplex(component(start.floatValue, end.floatValue, i),
                                       component(start.imagValue, end.imagValue, i));
        });
    } else {
        // Integers step in double; each value is the double formula truncated to the dtype, and a
        // vector's lanes add lane * step to its truncated base.
        const double a = static_cast<double>(castScalar(start, type).intValue);
        const double b = static_cast<double>(castScalar(end, type).intValue);
        const double step = (b - a) / static_cast<double>(steps - 1);
        detail::writeValues(result, [&](std::int64_t i) {
            return Scalar::fromInt(plan.at(
                i,
                [&](std::int64_t k, bool fromEnd) {
                    return static_cast<std::int64_t>(fromEnd ? std::fma(-step, static_cast<double>(k), b)
                                                             : std::fma(step, static_cast<double>(k), a));
                },
                [&](std::int64_t base, std::int64_t j) {
                    return static_cast<std::int64_t>(static_cast<double>(base) +
                                                     static_cast<double>(j) * step);
                }));
        });
    }
    return result;
}

Tensor logspace(const Scalar& start, const Scalar& end, std::int64_t steps, double base,
                std::optional<DType> dtype) {
    Tensor result = rangeResult(start, end, steps, dtype);
    const DType type = result.dtype();
    if (steps == 0)
        return result;
    if (steps == 1) // logspace_out: base ** start
        return fill_(result, Operand::of(Scalar::fromFloat(std::pow(base, start.toDouble()))));
    SS_CHECK(type != DType::Bool && type != DType::Float16, RuntimeError,
             dispatchRefusal("logspace_cpu", type));
    const std::int64_t halfway = steps / 2;
    if (isComplex(type)) {
        // The complex loop: pow(base, start + step * i) in c10::complex arithmetic of the parts' type.
        const auto complexValues = [&](auto zero) {
            using C = decltype(zero);
            using R = typename C::value_type;
            const C a(static_cast<R>(start.floatValue), static_cast<R>(start.imagValue));
            const C b(static_cast<R>(end.floatValue), static_cast<R>(end.imagValue));
            const C step = (b - a) / C(static_cast<R>(steps - 1));
            const C scalarBase(static_cast<R>(base));
            detail::writeValues(result, [&](std::int64_t i) {
                const C value = i < halfway
                                    ? std::pow(scalarBase, a + step * C(static_cast<R>(i)))
                                    : std::pow(scalarBase, b - step * C(static_cast<R>(steps - i - 1)));
                return Scalar::fromComplex(value.real(), value.imag());
            });
        };
        if (type == DType::ComplexFloat)
            complexValues(std::complex<float>());
        else
            complexValues(std::complex<double>());
        return result;
    }
    // logspace_out's own loop (no vectors): pow(base, start + step * i) in double, with start
    // and end first read in the dtype; halfway and the end formula as in linspace.
    const double a = castScalar(start, type).toDouble(), b = castScalar(end, type).toDouble();
    const double step = (b - a) / static_cast<double>(steps - 1);
    detail::writeValues(result, [&](std::int64_t i) {
        const double exponent =
            i < halfway ? a + step * static_cast<double>(i) : b - step * static_cast<double>(steps - i - 1);
        return Scalar::fromFloat(std::pow(base, exponent));
    });
    return result;
}

Tensor eye(std::int64_t n, std::optional<std::int64_t> m, std::optional<DType> dtype) {
    SS_CHECK(n >= 0, RuntimeError, "n must be greater or equal to 0, got ", n);
    const std::int64_t columns = m.value_or(n);
    SS_CHECK(columns >= 0, RuntimeError, "m must be greater or equal to 0, got ", columns);
    Tensor result = zeros({n, columns}, dtype);
    fill_(diagonal(result, 0, 0, 1), Operand::of(Scalar::fromInt(1)));
    return result;
}

Tensor scalarToTensor(const Scalar& number) {
    const DType dtype = number.isBool()      ? DType::Bool
                        : number.isComplex() ? DType::ComplexDouble
                        : number.isFloat()   ? DType::Float64
                                             : DType::Int64;
    AllocationScope onCpu(Placement{});
    Tensor t = Tensor::allocate(dtype, {});
    t.storage()->store(dtype, 0, number);
    return t;
}

Tensor zeros(const Shape& sizes, std::optional<DType> dtype) {
    return filled(sizes, Scalar::fromInt(0), defaultFloat(dtype));
}
Tensor ones(const Shape& sizes, std::optional<DType> dtype) {
    return filled(sizes, Scalar::fromInt(1), defaultFloat(dtype));
}

// StrideScope's empty() reads as zeros: PyTorch leaves the memory uninitialised, and showing
// stale numbers would only distract from the layout.
Tensor empty(const Shape& sizes, std::optional<DType> dtype) {
    return detail::emptyWithFormat(sizes, MemoryFormat::Contiguous, defaultFloat(dtype));
}

Tensor full(const Shape& sizes, const Scalar& value, std::optional<DType> dtype) {
    const DType inferred = value.kind == Scalar::Kind::Bool      ? DType::Bool
                           : value.kind == Scalar::Kind::Complex ? DType::ComplexFloat
                           : value.kind == Scalar::Kind::Float   ? DType::Float32
                                                                 : DType::Int64;
    return filled(sizes, value, dtype.value_or(inferred));
}

Tensor rand(const Shape& sizes, std::optional<DType> dtype, RandomGenerator& generator) {
    const DType type = defaultFloat(dtype);
    SS_CHECK(!isComplex(type), RuntimeError,
             "rand() with a complex dtype is not modelled by StrideScope; build it with "
             "torch.complex(torch.rand(...), torch.rand(...))");
    SS_CHECK(isFloating(type), RuntimeError, dispatchRefusal("check_uniform_bounds", type));
    Tensor result = detail::emptyWithFormat(sizes, MemoryFormat::Contiguous, type);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    detail::writeValues(result, [&](std::int64_t) { return Scalar::fromFloat(uniform(generator.engine())); });
    return result;
}

Tensor randn(const Shape& sizes, std::optional<DType> dtype, RandomGenerator& generator) {
    const DType type = defaultFloat(dtype);
    SS_CHECK(!isComplex(type), RuntimeError,
             "randn() with a complex dtype is not modelled by StrideScope; build it with "
             "torch.complex(torch.randn(...), torch.randn(...))");
    SS_CHECK(isFloating(type), RuntimeError, dispatchRefusal("normal_kernel_cpu", type));
    Tensor result = detail::emptyWithFormat(sizes, MemoryFormat::Contiguous, type);
    std::normal_distribution<double> normal(0.0, 1.0);
    detail::writeValues(result, [&](std::int64_t) { return Scalar::fromFloat(normal(generator.engine())); });
    return result;
}

namespace {

// The values an integer dtype holds (bool: 0 and 1).
std::pair<std::int64_t, std::int64_t> integerLimits(DType dtype) {
    switch (dtype) {
    case DType::Bool:
        return {0, 1};
    case DType::UInt8:
        return {0, 255};
    case DType::Int8:
        return {-128, 127};
    case DType::Int16:
        return {-32768, 32767};
    case DType::Int32:
        return {INT32_MIN, INT32_MAX};
    default:
        return {INT64_MIN, INT64_MAX};
    }
}

// The type name of c10's "value cannot be converted to type ... without overflow".
const char* scalarConversionName(DType dtype) {
    switch (dtype) {
    case DType::UInt8:
        return "uint8_t";
    case DType::Int8:
        return "int8_t";
    case DType::Int16:
        return "int16_t";
    case DType::Int32:
        return "int";
    default:
        return "int64_t";
    }
}

// random_(from, to) on a new tensor: random_from_to's checks, then uniform integers in [low, high)
// written in the dtype (from StrideScope's generator: the numbers are not PyTorch's).
Tensor fillRandomIntegers(Tensor result, std::int64_t low, std::int64_t high, RandomGenerator& generator) {
    const DType type = result.dtype();
    SS_CHECK(low < high, RuntimeError, "random_ expects 'from' to be less than 'to', but got from=", low,
             " >= to=", high);
    if (isIntegral(type, /*includeBool=*/true)) {
        const auto [minimum, maximum] = integerLimits(type);
        SS_CHECK(low >= minimum && low <= maximum, RuntimeError, "from is out of bounds for ",
                 cppTypeName(type));
        SS_CHECK(high - 1 >= minimum && high - 1 <= maximum, RuntimeError, "to - 1 is out of bounds for ",
                 cppTypeName(type));
    } else {
        SS_CHECK(isFloating(type), RuntimeError,
                 "check_random_bounds handles only integral, floating-point and boolean types");
    }
    std::uniform_int_distribution<std::int64_t> uniform(low, high - 1);
    detail::writeValues(result, [&](std::int64_t) { return Scalar::fromInt(uniform(generator.engine())); });
    return result;
}

} // namespace

Tensor randint(std::int64_t low, std::int64_t high, const Shape& sizes, std::optional<DType> dtype,
               RandomGenerator& generator) {
    return fillRandomIntegers(
        detail::emptyWithFormat(sizes, MemoryFormat::Contiguous, dtype.value_or(DType::Int64)), low, high,
        generator);
}

Tensor randintLike(const Tensor& self, std::int64_t low, std::int64_t high, std::optional<DType> dtype,
                   RandomGenerator& generator) {
    return fillRandomIntegers(detail::emptyLike(self, MemoryFormat::Preserve, dtype.value_or(self.dtype())),
                              low, high, generator);
}

Tensor randperm(std::int64_t n, std::optional<DType> dtype, RandomGenerator& generator) {
    const DType type = dtype.value_or(DType::Int64);
    Tensor result = detail::emptyWithFormat({n}, MemoryFormat::Contiguous, type);
    // randperm_out_cpu: n - 1 must be representable (check_supported_max_int_with_precision).
    if (type == DType::Float16)
        SS_CHECK(n <= 2049, RuntimeError, "n cannot be greater than 2049 for Half type.");
    else if (type == DType::Float32)
        SS_CHECK(n <= 16777217, RuntimeError, "n cannot be greater than 16777217 for Float type.");
    else if (isIntegral(type, false) && n > 0)
        SS_CHECK(n - 1 <= integerLimits(type).second, RuntimeError, "value cannot be converted to type ",
                 scalarConversionName(type), " without overflow");
    SS_CHECK(type != DType::Bool && !isComplex(type), RuntimeError, dispatchRefusal("randperm", type));
    std::vector<std::int64_t> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), generator.engine());
    detail::writeValues(result,
                        [&](std::int64_t i) { return Scalar::fromInt(order[static_cast<std::size_t>(i)]); });
    return result;
}

Tensor tensor(const NestedData& data, std::optional<DType> dtype) {
    Shape shape;
    inferNestedShape(data, 0, shape);
    std::vector<Scalar> values;
    flattenNested(data, 0, shape, values);
    DType inferred = DType::Float32;
    if (!values.empty()) {
        bool anyFloat = false, allBool = true, anyComplex = false;
        for (const auto& v : values) {
            anyFloat |= v.isFloat();
            anyComplex |= v.isComplex();
            allBool &= v.isBool();
        }
        inferred = anyComplex ? DType::ComplexFloat
                   : anyFloat ? DType::Float32
                   : allBool  ? DType::Bool
                              : DType::Int64;
    }
    const DType type = dtype.value_or(inferred);
    // torch.tensor reads each number as the dtype's Python type: a complex one is no real number.
    if (!isComplex(type))
        for (const auto& v : values)
            SS_CHECK(!v.isComplex(), TypeError, "must be real number, not complex");
    // torch.tensor checks integers against the dtype's range, under Python's type names.
    for (auto& v : values)
        v = checkedCastScalar(v, type, /*pythonNames=*/true);
    Tensor result = detail::emptyWithFormat(shape, MemoryFormat::Contiguous, type);
    detail::writeValues(result, [&](std::int64_t i) { return values[static_cast<std::size_t>(i)]; });
    return result;
}

Tensor emptyStrided(const Shape& sizes, const Shape& strides, std::optional<DType> dtype) {
    SS_CHECK(sizes.size() == strides.size(), RuntimeError, "dimensionality of sizes (", sizes.size(),
             ") must match dimensionality of strides (", strides.size(), ")"); // at::empty_strided's words
    for (auto s : sizes)
        SS_CHECK(s >= 0, RuntimeError, "Trying to create tensor with negative dimension ", s, ": ", sizes);
    // Like at::empty_strided, a negative stride surfaces as an overflowing size computation.
    for (std::size_t i = 0; i < sizes.size(); ++i)
        SS_CHECK(strides[i] >= 0 || sizes[i] <= 1, RuntimeError,
                 "Storage size calculation overflowed with sizes=", sizes, " and strides=", strides);
    return Tensor::allocateStrided(defaultFloat(dtype), sizes, strides);
}

Tensor cat(const std::vector<Tensor>& tensors, std::int64_t dim) {
    SS_CHECK(!tensors.empty(), RuntimeError, "torch.cat(): expected a non-empty list of Tensors");
    {
        std::vector<const Tensor*> all;
        for (const Tensor& t : tensors)
            all.push_back(&t);
        checkSameDevice(all, /*allowCpuScalar=*/false);
    }
    for (std::size_t i = 0; i < tensors.size(); ++i)
        SS_CHECK(tensors[i].dim() > 0, RuntimeError, "zero-dimensional tensor (at position ", i,
                 ") cannot be concatenated");
    // Legacy rule: 1-D empty tensors are skipped, whatever the others' shapes.
    auto skipped = [](const Tensor& t) { return t.dim() == 1 && t.sizes()[0] == 0; };
    const Tensor* reference = nullptr;
    for (const auto& t : tensors) {
        if (!skipped(t)) {
            reference = &t;
            break;
        }
    }
    if (reference)
        dim = wrapDim(dim, reference->dim());

    MemoryFormat format = MemoryFormat::Contiguous;
    std::optional<MemoryFormat> seen;
    for (const auto& t : tensors) {
        const auto f = detail::suggestMemoryFormat(t);
        if (f == MemoryFormat::Contiguous || (seen && *seen != f)) {
            seen = MemoryFormat::Contiguous;
            break;
        }
        seen = f;
    }
    format = seen.value_or(MemoryFormat::Contiguous);

    DType outType = tensors.front().dtype();
    bool keepValues = true;
    for (const auto& t : tensors) {
        outType = promoteTypes(outType, t.dtype());
        keepValues &= t.hasValues();
    }
    if (!reference)
        return detail::emptyWithFormat({0}, MemoryFormat::Contiguous, outType, keepValues);

    Shape outSizes = reference->sizes();
    outSizes[dim] = 0;
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        const auto& t = tensors[i];
        if (skipped(t))
            continue;
        SS_CHECK(t.dim() == reference->dim(), RuntimeError,
                 "Tensors must have same number of dimensions: got ", reference->dim(), " and ", t.dim());
        for (std::int64_t d = 0; d < t.dim(); ++d) {
            if (d == dim)
                continue;
            SS_CHECK(t.sizes()[d] == reference->sizes()[d], RuntimeError,
                     "Sizes of tensors must match except in dimension ", dim, ". Expected size ",
                     reference->sizes()[d], " but got size ", t.sizes()[d], " for tensor number ", i,
                     " in the list.");
        }
        outSizes[dim] += t.sizes()[dim];
    }
    Tensor result = detail::emptyWithFormat(outSizes, format, outType, keepValues);
    std::int64_t at = 0;
    for (const auto& t : tensors) {
        if (skipped(t))
            continue;
        detail::copyValues(slice(result, dim, at, at + t.sizes()[dim], 1), t);
        at += t.sizes()[dim];
    }
    return result;
}

Tensor stack(const std::vector<Tensor>& tensors, std::int64_t dim) {
    SS_CHECK(!tensors.empty(), RuntimeError, "stack expects a non-empty TensorList");
    const auto wrapped = wrapDim(dim, tensors.front().dim() + 1);
    const Shape& entryShape = tensors.front().sizes();
    for (std::size_t i = 1; i < tensors.size(); ++i)
        SS_CHECK(tensors[i].sizes() == entryShape, RuntimeError,
                 "stack expects each tensor to be equal size, but got ", entryShape, " at entry 0 and ",
                 tensors[i].sizes(), " at entry ", i);
    if (wrapped < tensors.front().dim()) {
        // PyTorch concatenates along the dim and splits it with a view, which keeps the
        // concatenation's memory format.
        Shape resultSizes = entryShape;
        resultSizes.insert(resultSizes.begin() + wrapped, static_cast<std::int64_t>(tensors.size()));
        return view(cat(tensors, wrapped), resultSizes);
    }
    std::vector<Tensor> unsqueezed;
    for (const auto& t : tensors)
        unsqueezed.push_back(unsqueeze(t, wrapped));
    return cat(unsqueezed, wrapped);
}

} // namespace stridescope::ops
