// Reductions with PyTorch 1.13's result dtypes, shapes and errors. Their meta functions
// (resize_reduction, allocate_reduction_result) allocate the result with contiguous strides
// over the reduced shape, whatever the input's layout: only the values depend on it.
#include "Arithmetic.h"

#include "Elementwise.h"
#include "Error.h"

#include <cmath>
#include <complex>
#include <limits>

namespace stridescope::ops {

namespace {

const char* kReductionReason = "a reduction's result is contiguous: PyTorch allocates it so, whatever the input's layout";

// make_dim_mask: which dims are reduced. An empty list reduces every dim (1.13's sum(dim=())).
std::vector<bool> dimMask(const Tensor& self, const Shape& dims) {
    if (dims.empty())
        return std::vector<bool>(static_cast<std::size_t>(self.dim()), true);
    return dimListToBitset(dims, self.dim());
}

Shape reducedShape(const Tensor& self, const std::vector<bool>& mask, bool keepdim) {
    Shape shape;
    for (std::size_t d = 0; d < mask.size(); ++d) {
        if (!mask[d])
            shape.push_back(self.sizes()[d]);
        else if (keepdim)
            shape.push_back(1);
    }
    return shape;
}

// The values of `self` grouped by the output element they reduce into (row-major order in each group).
std::vector<std::vector<Scalar>> groups(const Tensor& self, const std::vector<bool>& mask, std::int64_t outputs) {
    std::vector<std::vector<Scalar>> result(static_cast<std::size_t>(outputs));
    if (!self.hasValues() || outputs == 0)
        return result;
    // The output index of an input element: the kept dims in row-major order.
    Shape keptStride(mask.size(), 0);
    std::int64_t running = 1;
    for (std::size_t d = mask.size(); d-- > 0;) {
        if (!mask[d]) {
            keptStride[d] = running;
            running *= self.sizes()[d];
        }
    }
    Storage& storage = *self.storage();
    self.forEachElement([&](const Shape& index, std::int64_t at) {
        std::int64_t out = 0;
        for (std::size_t d = 0; d < index.size(); ++d)
            out += index[d] * keptStride[d];
        result[static_cast<std::size_t>(out)].push_back(self.applyLazyBit(storage.load(self.dtype(), at)));
    });
    return result;
}

Tensor allocateResult(DType dtype, const Shape& shape, bool keepValues) {
    return Tensor::allocateStrided(dtype, shape, contiguousStrides(shape), keepValues).withLayoutReason(kReductionReason);
}

const char* reductionName(ReductionKind kind) {
    switch (kind) {
    case ReductionKind::Sum:
        return "sum";
    case ReductionKind::Mean:
        return "mean";
    case ReductionKind::Prod:
        return "prod";
    case ReductionKind::Amax:
        return "amax";
    case ReductionKind::Amin:
        return "amin";
    case ReductionKind::All:
        return "all";
    case ReductionKind::Any:
        return "any";
    }
    return "reduce";
}

// The check of zero-size reductions that have no identity (amax, amin, max, argmax):
// zero_numel_check_dims in ReduceOpsUtils.h.
void checkNonEmptyReduction(const Tensor& self, const std::vector<bool>& mask, const std::string& name) {
    if (self.numel() != 0)
        return;
    if (self.dim() == 0)
        return;
    for (std::size_t d = 0; d < mask.size(); ++d)
        SS_CHECK(!mask[d] || self.sizes()[d] != 0, IndexError, name, "(): Expected reduction dim ", d,
                 " to have non-zero size.");
}

Scalar maxOf(const std::vector<Scalar>& values, bool wantMax, bool floating, std::size_t* where = nullptr) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < values.size(); ++i) {
        if (floating) {
            const double b = values[best].floatValue, v = values[i].floatValue;
            if (std::isnan(b))
                break;
            if (std::isnan(v) || (wantMax ? v > b : v < b))
                best = i;
        } else if (wantMax ? values[i].intValue > values[best].intValue : values[i].intValue < values[best].intValue) {
            best = i;
        }
    }
    if (where)
        *where = best;
    return values[best];
}

// PyTorch's refusals of complex inputs to the ordering reductions.
void checkNotComplex(const Tensor& self, const char* pytorchKernel) {
    if (isComplex(self.dtype()))
        fail(ErrorKind::RuntimeError, dispatchRefusal(pytorchKernel, self.dtype()));
}

} // namespace

Tensor reduce(ReductionKind kind, const Tensor& self, const Shape& dims, bool keepdim, std::optional<DType> dtype) {
    const std::string name = reductionName(kind);
    if (kind == ReductionKind::Amax || kind == ReductionKind::Amin)
        checkNotComplex(self, kind == ReductionKind::Amax ? "max_values_cpu" : "min_values_cpu");
    DType outType = self.dtype();
    switch (kind) {
    case ReductionKind::Sum:
    case ReductionKind::Prod:
        outType = dtype ? *dtype : (isIntegral(self.dtype(), true) ? DType::Int64 : self.dtype());
        break;
    case ReductionKind::Mean:
        if (dtype)
            SS_CHECK(isFloating(*dtype) || isComplex(*dtype), RuntimeError,
                     "mean(): could not infer output dtype. Optional dtype must be either a floating point "
                     "or complex "
                     "dtype. Got: ",
                     scalarTypeName(*dtype));
        else
            SS_CHECK(isFloating(self.dtype()) || isComplex(self.dtype()), RuntimeError,
                     "mean(): could not infer output dtype. Input dtype must be either a floating point or "
                     "complex "
                     "dtype. Got: ",
                     scalarTypeName(self.dtype()));
        outType = dtype.value_or(self.dtype());
        break;
    case ReductionKind::All:
    case ReductionKind::Any:
        outType = self.dtype() == DType::UInt8 ? DType::UInt8 : DType::Bool;
        break;
    default:
        break;
    }
    if (kind == ReductionKind::Prod && (outType == DType::Float16 || outType == DType::BFloat16))
        fail(ErrorKind::RuntimeError, dispatchRefusal("prod_cpu", outType));
    const std::vector<bool> mask = dimMask(self, dims);
    if (kind == ReductionKind::Amax || kind == ReductionKind::Amin)
        checkNonEmptyReduction(self, mask, name);
    const Shape shape = reducedShape(self, mask, keepdim);
    Tensor result = allocateResult(outType, shape, self.hasValues());
    if (!result.hasValues())
        return result;
    const auto grouped = groups(self, mask, result.numel());
    // Sums and products accumulate in the output dtype's family: int64 (wrapping) or double.
    const DType readAs = (kind == ReductionKind::Sum || kind == ReductionKind::Prod || kind == ReductionKind::Mean)
                             ? outType
                             : self.dtype();
    const bool floating = isFloating(readAs);
    std::size_t i = 0;
    detail::writeValues(result, [&](std::int64_t) {
        const std::vector<Scalar>& values = grouped[i++];
        switch (kind) {
        case ReductionKind::Sum:
        case ReductionKind::Mean:
        case ReductionKind::Prod: {
            const bool product = kind == ReductionKind::Prod;
            if (isComplex(readAs)) {
                // Accumulated in complex<double>, like the real ones in double.
                std::complex<double> acc = product ? 1.0 : 0.0;
                for (const Scalar& v : values) {
                    const Scalar x = castScalar(v, readAs);
                    const std::complex<double> z(x.floatValue, x.imagValue);
                    acc = product ? acc * z : acc + z;
                }
                if (kind == ReductionKind::Mean)
                    acc /= static_cast<double>(values.size());
                return Scalar::fromComplex(acc.real(), acc.imag());
            }
            if (floating) {
                double acc = product ? 1.0 : 0.0;
                for (const Scalar& v : values) {
                    const double x = castScalar(v, readAs).floatValue;
                    acc = product ? acc * x : acc + x;
                }
                if (kind == ReductionKind::Mean)
                    acc /= static_cast<double>(values.size());
                return Scalar::fromFloat(acc);
            }
            std::int64_t acc = product ? 1 : 0;
            for (const Scalar& v : values) {
                const std::int64_t x = castScalar(v, readAs).intValue;
                acc = product ? wrappingMul(acc, x) : wrappingAdd(acc, x);
            }
            return Scalar::fromInt(acc);
        }
        case ReductionKind::Amax:
        case ReductionKind::Amin:
            return maxOf(values, kind == ReductionKind::Amax, floating);
        case ReductionKind::All:
        case ReductionKind::Any: {
            const bool all = kind == ReductionKind::All;
            bool acc = all;
            for (const Scalar& v : values) {
                const bool truth = v.isFloat() ? v.floatValue != 0.0 : v.intValue != 0;
                acc = all ? (acc && truth) : (acc || truth);
            }
            return Scalar::fromBool(acc);
        }
        }
        return Scalar::fromInt(0);
    });
    return result;
}

Tensor maxAll(const Tensor& self, bool wantMax) {
    const char* name = wantMax ? "max" : "min";
    checkNotComplex(self, wantMax ? "max_all" : "min_all");
    SS_CHECK(self.numel() > 0, RuntimeError, name,
             "(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the "
             "'dim' argument.");
    return reduce(wantMax ? ReductionKind::Amax : ReductionKind::Amin, self, {}, false, std::nullopt);
}

std::pair<Tensor, Tensor> maxDim(const Tensor& self, std::int64_t dim, bool keepdim, bool wantMax) {
    SS_CHECK(!isComplex(self.dtype()), RuntimeError, wantMax ? "max" : "min",
             "(): does not support complex input");
    const std::vector<bool> mask = dimMask(self, {dim});
    checkNonEmptyReduction(self, mask, wantMax ? "max" : "min");
    const Shape shape = reducedShape(self, mask, keepdim);
    Tensor values = allocateResult(self.dtype(), shape, self.hasValues());
    Tensor indices = allocateResult(DType::Int64, shape, self.hasValues());
    if (!values.hasValues())
        return {values, indices};
    const auto grouped = groups(self, mask, values.numel());
    std::vector<std::int64_t> where(grouped.size(), 0);
    std::size_t i = 0;
    detail::writeValues(values, [&](std::int64_t) {
        std::size_t best = 0;
        const Scalar v = maxOf(grouped[i], wantMax, isFloating(self.dtype()), &best);
        where[i++] = static_cast<std::int64_t>(best);
        return v;
    });
    detail::writeValues(indices, [&](std::int64_t k) { return Scalar::fromInt(where[static_cast<std::size_t>(k)]); });
    return {values, indices};
}

Tensor argMax(const Tensor& self, std::optional<std::int64_t> dim, bool keepdim, bool wantMax) {
    const char* name = wantMax ? "argmax" : "argmin";
    const char* kernel = wantMax ? "argmax_cpu" : "argmin_cpu";
    checkNotComplex(self, kernel);
    if (self.dtype() == DType::Bool)
        fail(ErrorKind::RuntimeError, dispatchRefusal(kernel, DType::Bool));
    if (!dim) {
        SS_CHECK(self.numel() > 0, IndexError, name,
                 "(): Expected reduction dim to be specified for input.numel() == 0.");
        // Over the flattened input; keepdim keeps every dim as 1.
        const Tensor flat = reshape(self, {-1});
        Tensor index = maxDim(flat, 0, false, wantMax).second;
        if (keepdim)
            index = reshape(index, Shape(static_cast<std::size_t>(self.dim()), 1));
        return Tensor(index.storage(), index.dtype(), index.layout()).withLayoutReason(kReductionReason);
    }
    std::vector<bool> mask = dimMask(self, {*dim});
    checkNonEmptyReduction(self, mask, name);
    return maxDim(self, *dim, keepdim, wantMax).second;
}

Tensor variance(const Tensor& self, const std::optional<Shape>& dims, double correction, bool keepdim, bool takeRoot) {
    SS_CHECK(isFloating(self.dtype()) || isComplex(self.dtype()), RuntimeError,
             "std and var only support floating point and complex dtypes");
    const std::vector<bool> mask = dimMask(self, dims.value_or(Shape{}));
    const Shape shape = reducedShape(self, mask, keepdim);
    // Of a complex tensor: a real result, the spread of |z - mean|.
    Tensor result = allocateResult(toRealValueType(self.dtype()), shape, self.hasValues());
    if (!result.hasValues())
        return result;
    const auto grouped = groups(self, mask, result.numel());
    std::size_t i = 0;
    detail::writeValues(result, [&](std::int64_t) {
        const std::vector<Scalar>& values = grouped[i++];
        const double n = static_cast<double>(values.size());
        double mean = 0, meanImag = 0;
        for (const Scalar& v : values) {
            mean += v.floatValue;
            meanImag += v.imagValue; // 0 for a real tensor
        }
        mean /= n;
        meanImag /= n;
        double squares = 0;
        for (const Scalar& v : values)
            squares += (v.floatValue - mean) * (v.floatValue - mean) +
                       (v.imagValue - meanImag) * (v.imagValue - meanImag);
        const double divisor = std::max(0.0, n - correction);
        const double var = squares / divisor;
        return Scalar::fromFloat(takeRoot ? std::sqrt(var) : var);
    });
    return result;
}

Tensor norm(const Tensor& self, double p, const std::optional<Shape>& dims, bool keepdim, std::optional<DType> dtype) {
    SS_CHECK(isFloating(self.dtype()) || isComplex(self.dtype()), RuntimeError,
             "norm(): input dtype should be either floating point or complex. Got ",
             scalarTypeName(self.dtype()), " instead.");
    // The norm of a complex tensor is real: it sums powers of |z|.
    const DType outType = dtype.value_or(toRealValueType(self.dtype()));
    const std::vector<bool> mask = dimMask(self, dims.value_or(Shape{}));
    const Shape shape = reducedShape(self, mask, keepdim);
    Tensor result = allocateResult(outType, shape, self.hasValues());
    if (!result.hasValues())
        return result;
    const auto grouped = groups(self, mask, result.numel());
    std::size_t i = 0;
    detail::writeValues(result, [&](std::int64_t) {
        const std::vector<Scalar>& values = grouped[i++];
        double acc = 0;
        if (std::isinf(p)) {
            acc = p > 0 ? 0.0 : std::numeric_limits<double>::infinity();
            for (const Scalar& v : values)
                acc = p > 0 ? std::max(acc, std::hypot(v.floatValue, v.imagValue))
                            : std::min(acc, std::hypot(v.floatValue, v.imagValue));
            return Scalar::fromFloat(acc);
        }
        for (const Scalar& v : values) {
            const double a = std::hypot(v.floatValue, v.imagValue); // |v|, for a real value too
            acc += p == 0 ? (a != 0) : p == 1 ? a : p == 2 ? a * a : std::pow(a, p);
        }
        return Scalar::fromFloat(p == 0 || p == 1 ? acc : p == 2 ? std::sqrt(acc) : std::pow(acc, 1.0 / p));
    });
    return result;
}

Tensor trace(const Tensor& self) {
    SS_CHECK(self.dim() == 2, RuntimeError, "trace: expected a matrix, but got tensor with dim ", self.dim());
    // trace_cpu dispatches over all types and complex: float16, bfloat16 and bool have no kernel.
    SS_CHECK(self.dtype() != DType::Float16 && self.dtype() != DType::BFloat16 && self.dtype() != DType::Bool,
             RuntimeError, dispatchRefusal("trace", self.dtype()));
    return reduce(ReductionKind::Sum, diagonal(self, 0, 0, 1), {}, false, std::nullopt)
        .withLayoutReason("trace sums the diagonal into a new 0-dim tensor");
}

Tensor countNonzero(const Tensor& self, const Shape& dims) {
    return reduce(ReductionKind::Sum,
                  binary(BinaryKind::Ne, Operand::of(self), Operand::of(Scalar::fromInt(0))), dims, false,
                  DType::Int64);
}

Tensor softmax(const Tensor& self, std::int64_t dim, std::optional<DType> dtype, bool logarithm) {
    const Tensor input = dtype ? to(self, *dtype) : self;
    const std::int64_t d = wrapDim(dim, input.dim());
    const char* reason =
        logarithm ? "log_softmax writes a new contiguous tensor (its kernel reads self.contiguous())"
                  : "softmax writes a new contiguous tensor (its kernel reads self.contiguous())";
    if (input.numel() == 0)
        return empty(input.sizes(), input.dtype()).withLayoutReason(reason);
    const bool lastDim = input.dim() == 0 || d == input.dim() - 1;
    const char* kernel = !lastDim    ? "softmax_kernel_impl"
                         : logarithm ? "log_softmax_lastdim_kernel_impl"
                                     : "softmax_lastdim_kernel_impl";
    SS_CHECK(isFloating(input.dtype()) && input.dtype() != DType::Float16, RuntimeError,
             dispatchRefusal(kernel, input.dtype()));
    // bfloat16 is computed in float, as the kernel's vectorized loops do, and rounded once.
    const Tensor x = input.dtype() == DType::BFloat16 ? to(input, DType::Float32) : input;
    const Shape dims = x.dim() == 0 ? Shape{} : Shape{d};
    const Tensor shifted = binary(BinaryKind::Sub, Operand::of(x),
                                  Operand::of(reduce(ReductionKind::Amax, x, dims, true, std::nullopt)));
    const Tensor exponentials = unary(UnaryKind::Exp, shifted);
    const Tensor sums = reduce(ReductionKind::Sum, exponentials, dims, true, std::nullopt);
    const Tensor result =
        logarithm ? binary(BinaryKind::Sub, Operand::of(shifted), Operand::of(unary(UnaryKind::Log, sums)))
                  : binary(BinaryKind::Div, Operand::of(exponentials), Operand::of(sums));
    return contiguous(to(result, input.dtype())).withLayoutReason(reason);
}

Tensor logsumexp(const Tensor& self, const Shape& dims, bool keepdim) {
    if (isIntegral(self.dtype(), /*includeBool=*/true))
        return logsumexp(to(self, DType::Float32), dims, keepdim);
    SS_CHECK(isFloating(self.dtype()), RuntimeError,
             "logsumexp(): Expected floating point type for result tensor, but got: ",
             scalarTypeName(self.dtype()));
    if (self.numel() == 0)
        return unary(UnaryKind::Log,
                     reduce(ReductionKind::Sum, unary(UnaryKind::Exp, self), dims, keepdim, std::nullopt));
    // maxes with an infinite max taken as 0, so that inf - inf does not make a NaN.
    const Tensor maxes = reduce(ReductionKind::Amax, self, dims, true, std::nullopt);
    maskedFill_(maxes,
                binary(BinaryKind::Eq, Operand::of(unary(UnaryKind::Abs, maxes)),
                       Operand::of(Scalar::fromFloat(std::numeric_limits<double>::infinity()))),
                Operand::of(Scalar::fromInt(0)));
    const Tensor sums =
        reduce(ReductionKind::Sum,
               unary(UnaryKind::Exp, binary(BinaryKind::Sub, Operand::of(self), Operand::of(maxes))), dims,
               keepdim, std::nullopt);
    return binary(BinaryKind::Add, Operand::of(unary(UnaryKind::Log, sums)),
                  Operand::of(view(maxes, sums.sizes())))
        .withLayoutReason(kReductionReason);
}

} // namespace stridescope::ops
