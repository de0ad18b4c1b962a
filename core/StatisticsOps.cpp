// Statistics and searching as PyTorch 1.13 runs them on the CPU (aten/src/ATen/native/
// ReduceOps.cpp nansum / nanmean / var_mean, TensorCompare.cpp aminmax and mode, Sorting.cpp
// median and quantile, Bucketization.cpp, Histogram.cpp histc, SummaryOps.cpp bincount).
//
// On a high level:
//  1. the reductions (nansum, nanmean, aminmax, median, mode, var_mean) allocate contiguous
//     results over the reduced shape, and reuse the reductions of Arithmetic.h where PyTorch's
//     are composites of them;
//  2. the ops that pick an element (median, mode, quantile) read each line along the dim as
//     the row-major values of the input with that dim moved last;
//  3. where a kernel computes in the element type (quantile's lerp, histc's bin position,
//     bincount's float weights), the same arithmetic runs here in that C++ type, so the last
//     bit agrees.
#include "StatisticsOps.h"

#include "Arithmetic.h"
#include "ElementKeys.h"
#include "Elementwise.h"
#include "Error.h"
#include "ShapeOps.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <type_traits>

namespace stridescope::ops {

namespace {

const char* kReductionReason =
    "a reduction's result is contiguous: PyTorch allocates it so, whatever the input's layout";

[[noreturn]] void refuseDtype(const char* kernel, DType dtype) {
    fail(ErrorKind::RuntimeError, dispatchRefusal(kernel, dtype));
}

void requireValues(const Tensor& t, const char* op) {
    SS_CHECK(t.hasValues(), RuntimeError, op,
             " needs the values of its input, which are not kept (layout only)");
}

Tensor allocateContiguous(DType dtype, const Shape& sizes, bool keepValues,
                          const char* reason = kReductionReason) {
    return Tensor::allocateStrided(dtype, sizes, contiguousStrides(sizes), keepValues)
        .withLayoutReason(reason);
}

// The result shape of a reduction along one (wrapped) dim; a 0-dim input gives a 0-dim result.
Shape reducedSizes(const Tensor& self, std::int64_t d, bool keepdim) {
    Shape sizes = self.sizes();
    if (sizes.empty())
        return sizes;
    if (keepdim)
        sizes[static_cast<std::size_t>(d)] = 1;
    else
        sizes.erase(sizes.begin() + d);
    return sizes;
}

// zero_numel_check_dims: a reduction without identity refuses an empty reduced dim.
void requireNonEmptyDim(const Tensor& self, std::int64_t d, const char* name) {
    if (self.dim() > 0)
        SS_CHECK(self.sizes()[static_cast<std::size_t>(d)] != 0, IndexError, name,
                 ": Expected reduction dim ", d, " to have non-zero size.");
}

// The lines of self along dim `d` (wrapped), in the row-major order of the other dims, which is
// the order of a reduction's result. A 0-dim tensor is one line of one element.
std::vector<std::vector<Scalar>> linesAlong(const Tensor& self, std::int64_t d) {
    const std::vector<Scalar> flat =
        self.dim() == 0 ? self.values() : movedim(self, {d}, {self.dim() - 1}).values();
    const std::size_t length =
        self.dim() == 0 ? 1 : static_cast<std::size_t>(self.sizes()[static_cast<std::size_t>(d)]);
    std::vector<std::vector<Scalar>> lines;
    if (length == 0)
        return lines;
    for (std::size_t at = 0; at < flat.size(); at += length)
        lines.emplace_back(flat.begin() + static_cast<std::ptrdiff_t>(at),
                           flat.begin() + static_cast<std::ptrdiff_t>(at + length));
    return lines;
}

using detail::writeIndices;
using detail::writeRowMajor;
using keys::isNan;
using keys::keyOf;
using keys::withKeyType;

void checkDims(const Tensor& self, const Shape& dims) {
    for (const std::int64_t d : dims)
        wrapDim(d, self.dim());
}

using detail::requireOutDtype;
using detail::writeOut;

ValuesAndIndices writeOut(const ValuesAndIndices& out, const ValuesAndIndices& result) {
    return {writeOut(out.values, result.values), writeOut(out.indices, result.indices)};
}

} // namespace

// ---- nansum, nanmean ----------------------------------------------------------------------------

Tensor nansum(const Tensor& self, const Shape& dims, bool keepdim, std::optional<DType> dtype,
              const std::optional<Tensor>& out) {
    SS_CHECK(!isComplex(self.dtype()), RuntimeError, "nansum does not support complex inputs");
    if (isIntegral(self.dtype(), true)) { // no NaN to skip: at::sum(_out), in out's dtype unless dtype says
        if (!out)
            return reduce(ReductionKind::Sum, self, dims, keepdim, dtype);
        checkDims(self, dims);
        requireOutDtype(*out, dtype.value_or(out->dtype()));
        return writeOut(*out, reduce(ReductionKind::Sum, self, dims, keepdim, out->dtype()));
    }
    // get_dtype_from_result, then make_reduction's check that it is out's.
    if (out)
        SS_CHECK(!dtype || *dtype == out->dtype(), RuntimeError,
                 "nansum: provided dtype must match dtype of result. Got ", scalarTypeName(out->dtype()),
                 " and ", scalarTypeName(*dtype), ".");
    const DType outType = out ? out->dtype() : dtype.value_or(self.dtype());
    checkDims(self, dims);
    if (self.numel() > 0 && !isFloating(outType)) // the kernel dispatches on the result dtype
        refuseDtype("nansum_cpu", outType);
    const Tensor cleaned =
        where(testValues(ValueTest::IsNan, self), Operand::of(Scalar::fromInt(0)), Operand::of(self));
    const Tensor result = reduce(ReductionKind::Sum, cleaned, dims, keepdim, outType);
    return out ? writeOut(*out, result) : result;
}

Tensor nanmean(const Tensor& self, const Shape& dims, bool keepdim, std::optional<DType> dtype,
               const std::optional<Tensor>& out) {
    SS_CHECK(isFloating(self.dtype()), RuntimeError,
             "nanmean(): expected input to have floating point dtype but got ", scalarTypeName(self.dtype()));
    // isnan(self).logical_not_().sum(dim, keepdim), then nansum(...).div(that count).
    const Tensor counts =
        reduce(ReductionKind::Sum, unary(UnaryKind::LogicalNot, testValues(ValueTest::IsNan, self)), dims,
               keepdim, std::nullopt);
    if (out) { // nansum_out(...).div_(counts)
        const Tensor sums = nansum(self, dims, keepdim, dtype, out);
        return binary(BinaryKind::Div, Operand::of(sums), Operand::of(counts), sums);
    }
    return binary(BinaryKind::Div, Operand::of(nansum(self, dims, keepdim, dtype)), Operand::of(counts))
        .withLayoutReason(kReductionReason);
}

// ---- aminmax -------------------------------------------------------------------------------------

static MinAndMax minAndMaxOf(const Tensor& self, std::optional<std::int64_t> dim, bool keepdim);

MinAndMax aminmax(const Tensor& self, std::optional<std::int64_t> dim, bool keepdim,
                  const std::optional<MinAndMax>& out) {
    if (!out)
        return minAndMaxOf(self, dim, keepdim);
    // The meta function's checks, then set_output's check of out's dtype, then the kernel.
    if (dim)
        requireNonEmptyDim(self, wrapDim(*dim, self.dim()), "aminmax");
    else
        SS_CHECK(
            self.numel() > 0, RuntimeError,
            "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.");
    requireOutDtype(out->min, self.dtype());
    requireOutDtype(out->max, self.dtype());
    const MinAndMax result = minAndMaxOf(self, dim, keepdim);
    return {writeOut(out->min, result.min), writeOut(out->max, result.max)};
}

static MinAndMax minAndMaxOf(const Tensor& self, std::optional<std::int64_t> dim, bool keepdim) {
    const auto refuse = [&] {
        if (self.dtype() == DType::Float16 || isComplex(self.dtype()))
            refuseDtype("aminmax_cpu", self.dtype());
    };
    if (!dim) {
        SS_CHECK(
            self.numel() > 0, RuntimeError,
            "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.");
        refuse();
        return {reduce(ReductionKind::Amin, self, {}, keepdim, std::nullopt),
                reduce(ReductionKind::Amax, self, {}, keepdim, std::nullopt)};
    }
    const std::int64_t d = wrapDim(*dim, self.dim());
    requireNonEmptyDim(self, d, "aminmax");
    refuse();
    MinAndMax result{reduce(ReductionKind::Amin, self, {d}, keepdim, std::nullopt),
                     reduce(ReductionKind::Amax, self, {d}, keepdim, std::nullopt)};
    if (self.dim() == 0 && keepdim) {
        // The meta function sizes the outputs () and the kernel resizes them to (1,).
        result.min = view(result.min, {1}).withLayoutReason(kReductionReason);
        result.max = view(result.max, {1}).withLayoutReason(kReductionReason);
    }
    return result;
}

// ---- median, nanmedian -----------------------------------------------------------------------------

Tensor medianAll(const Tensor& self, bool ignoreNan) {
    Tensor result = allocateContiguous(self.dtype(), {}, self.hasValues());
    if (self.numel() == 0) {
        // at::full({}, NaN).to(self's dtype): NaN converted as the CPU converts it.
        if (result.hasValues())
            writeRowMajor(result, {castScalar(Scalar::fromFloat(std::numeric_limits<double>::quiet_NaN()),
                                              self.dtype())});
        return result;
    }
    if (self.dtype() == DType::Bool || self.dtype() == DType::Float16 || isComplex(self.dtype()))
        refuseDtype("median_cpu", self.dtype());
    if (!result.hasValues())
        return result;
    const std::vector<Scalar> values = self.values();
    std::vector<Scalar> numbers;
    for (const Scalar& v : values)
        if (!(v.isFloat() && std::isnan(v.floatValue)))
            numbers.push_back(v);
    if (numbers.empty() || (!ignoreNan && numbers.size() != values.size())) {
        writeRowMajor(
            result, {castScalar(Scalar::fromFloat(std::numeric_limits<double>::quiet_NaN()), self.dtype())});
        return result;
    }
    // The ((non-NaN count) - 1) / 2-th smallest: its value does not depend on how ties are ordered.
    withKeyType(self.dtype(), [&](auto zero) {
        using Key = decltype(zero);
        std::sort(numbers.begin(), numbers.end(),
                  [](const Scalar& a, const Scalar& b) { return keyOf<Key>(a) < keyOf<Key>(b); });
    });
    writeRowMajor(result, {numbers[(numbers.size() - 1) / 2]});
    return result;
}

ValuesAndIndices medianDim(const Tensor& self, std::int64_t dim, bool keepdim, bool ignoreNan,
                           const std::optional<ValuesAndIndices>& out) {
    const std::int64_t d = wrapDim(dim, self.dim());
    requireNonEmptyDim(self, d, "median()");
    if (out) { // checkScalarType, then checkSameType (nanmedian shares the words)
        SS_CHECK(out->indices.dtype() == DType::Int64, RuntimeError,
                 "Expected tensor for argument #1 'indices' to have scalar type Long; but got ",
                 legacyTensorTypeName(out->indices.dtype()),
                 " instead (while checking arguments for median)");
        SS_CHECK(
            out->values.dtype() == self.dtype(), RuntimeError,
            "Expected tensor for 'values' to have the same type as tensor for argument #2 'self'; but type ",
            legacyTensorTypeName(out->values.dtype()), " does not equal ", legacyTensorTypeName(self.dtype()),
            " (while checking arguments for median)");
        return writeOut(*out, medianDim(self, dim, keepdim, ignoreNan));
    }
    const Shape sizes = reducedSizes(self, d, keepdim);
    ValuesAndIndices result{allocateContiguous(self.dtype(), sizes, self.hasValues()),
                            allocateContiguous(DType::Int64, sizes, self.hasValues())};
    if (self.dtype() == DType::Bool || self.dtype() == DType::Float16 || isComplex(self.dtype()))
        refuseDtype("median_out", self.dtype());
    if (!result.values.hasValues())
        return result;
    std::vector<Scalar> values;
    std::vector<std::int64_t> indices;
    withKeyType(self.dtype(), [&](auto zero) {
        using Key = decltype(zero);
        for (const std::vector<Scalar>& line : linesAlong(self, d)) {
            const auto size = static_cast<std::int64_t>(line.size());
            std::vector<Key> ip;
            for (const Scalar& v : line)
                ip.push_back(keyOf<Key>(v));
            if (!ignoreNan) { // median returns the line's first NaN
                const auto nan = std::find_if(ip.begin(), ip.end(), [](Key v) { return isNan(v); });
                if (nan != ip.end()) {
                    values.push_back(line[static_cast<std::size_t>(nan - ip.begin())]);
                    indices.push_back(nan - ip.begin());
                    continue;
                }
            }
            // median_with_indices_impl: nth_element over the indices, ties broken by index, NaN last.
            std::vector<std::int64_t> idx(static_cast<std::size_t>(size));
            std::iota(idx.begin(), idx.end(), 0);
            const auto numNan = std::count_if(ip.begin(), ip.end(), [](Key v) { return isNan(v); });
            const auto nth = idx.begin() + (size - numNan - 1) / 2;
            std::nth_element(idx.begin(), nth, idx.end(), [&ip](std::int64_t i, std::int64_t j) {
                const Key a = ip[static_cast<std::size_t>(i)], b = ip[static_cast<std::size_t>(j)];
                return a < b || (a == b && i < j) || (isNan(b) && !isNan(a));
            });
            values.push_back(line[static_cast<std::size_t>(*nth)]);
            indices.push_back(*nth);
        }
    });
    writeRowMajor(result.values, values);
    writeIndices(result.indices, indices);
    return result;
}

// ---- mode --------------------------------------------------------------------------------------------

ValuesAndIndices mode(const Tensor& self, std::int64_t dim, bool keepdim,
                      const std::optional<ValuesAndIndices>& out) {
    if (out) { // mode_out checks its outputs first
        SS_CHECK(out->values.dtype() == self.dtype(), RuntimeError, "expected scalar type '",
                 scalarTypeName(self.dtype()), "' but got '", scalarTypeName(out->values.dtype()),
                 "' for values output");
        SS_CHECK(out->indices.dtype() == DType::Int64, RuntimeError, "expected scalar type 'Long' but got '",
                 scalarTypeName(out->indices.dtype()), "' for indices output");
        return writeOut(*out, mode(self, dim, keepdim));
    }
    const std::int64_t d = wrapDim(dim, self.dim());
    if (self.numel() == 0)
        requireNonEmptyDim(self, d, "mode()");
    const Shape sizes = reducedSizes(self, d, keepdim);
    ValuesAndIndices result{allocateContiguous(self.dtype(), sizes, self.hasValues()),
                            allocateContiguous(DType::Int64, sizes, self.hasValues())};
    if (self.numel() == 0)
        return result;
    if (self.dim() == 0) { // _dimreduce_return_trivial_no_ident: the value itself, no kernel
        if (result.values.hasValues()) {
            writeRowMajor(result.values, self.values());
            writeIndices(result.indices, {0});
        }
        return result;
    }
    if (isComplex(self.dtype()))
        refuseDtype("mode_cpu", self.dtype());
    if (!result.values.hasValues())
        return result;
    std::vector<Scalar> values;
    std::vector<std::int64_t> indices;
    withKeyType(self.dtype(), [&](auto zero) {
        using Key = decltype(zero);
        for (const std::vector<Scalar>& line : linesAlong(self, d)) {
            // mode_kernel_impl: std::sort of (value, index) by value alone, then the first longest
            // run wins, reported by the index that ends it.
            std::vector<std::pair<Key, std::int64_t>> elements;
            for (std::size_t i = 0; i < line.size(); ++i)
                elements.emplace_back(keyOf<Key>(line[i]), static_cast<std::int64_t>(i));
            std::sort(elements.begin(), elements.end(),
                      [](const auto& a, const auto& b) { return a.first < b.first; });
            std::int64_t modeIndex = 0, frequency = 0, best = 0;
            for (std::size_t i = 0; i < elements.size(); ++i) {
                ++frequency;
                if (i + 1 == elements.size() || elements[i].first != elements[i + 1].first) {
                    if (frequency > best) {
                        modeIndex = elements[i].second;
                        best = frequency;
                    }
                    frequency = 0;
                }
            }
            values.push_back(line[static_cast<std::size_t>(modeIndex)]);
            indices.push_back(modeIndex);
        }
    });
    writeRowMajor(result.values, values);
    writeIndices(result.indices, indices);
    return result;
}

// ---- quantile, nanquantile ------------------------------------------------------------------------

Interpolation interpolationNamed(const std::string& name) {
    if (name == "linear")
        return Interpolation::Linear;
    if (name == "lower")
        return Interpolation::Lower;
    if (name == "higher")
        return Interpolation::Higher;
    if (name == "midpoint")
        return Interpolation::Midpoint;
    if (name == "nearest")
        return Interpolation::Nearest;
    fail(ErrorKind::RuntimeError,
         "quantile() interpolation must be one of linear, lower, higher, midpoint or nearest, but got ",
         name);
}

namespace {

// One quantile of one line, as quantile_compute computes it with tensors of scalar_t (T): the
// rank q * (n - 1) (NaN in the line: the last rank; nanquantile: q * (non-NaN count - 1), at
// least 0), adjusted by the interpolation, then at::lerp between the neighbours of the sorted line.
template <typename T> T quantileOfLine(std::vector<T> sorted, T q, Interpolation mode, bool ignoreNan) {
    std::sort(sorted.begin(), sorted.end(),
              [](T a, T b) { return (!std::isnan(a) && std::isnan(b)) || a < b; });
    const auto n = static_cast<std::int64_t>(sorted.size());
    const auto nans = std::count_if(sorted.begin(), sorted.end(), [](T v) { return std::isnan(v); });
    T rank;
    if (ignoreNan) {
        rank = q * static_cast<T>(n - nans - 1);
        if (rank < 0)
            rank = 0;
    } else {
        rank = nans > 0 ? static_cast<T>(n - 1) : q * static_cast<T>(n - 1);
    }
    if (mode == Interpolation::Lower)
        rank = std::floor(rank);
    else if (mode == Interpolation::Higher)
        rank = std::ceil(rank);
    else if (mode == Interpolation::Nearest)
        rank = std::nearbyint(rank); // round_: half to even
    const auto below = static_cast<std::int64_t>(rank);
    const T low = sorted[static_cast<std::size_t>(below)];
    if (mode != Interpolation::Linear && mode != Interpolation::Midpoint)
        return low;
    const T weight = mode == Interpolation::Midpoint ? static_cast<T>(0.5) : rank - static_cast<T>(below);
    const T high = sorted[static_cast<std::size_t>(static_cast<std::int64_t>(std::ceil(rank)))];
    // at::lerp, in scalar_t's opmath type (float for float, double for double). PyTorch's CPU
    // kernels are built with FMA and the compiler contracts both branches into one fused
    // multiply-add; std::fma rounds once, as they do.
    return std::abs(weight) < static_cast<T>(0.5) ? std::fma(weight, high - low, low)
                                                  : std::fma(-(high - low), static_cast<T>(1) - weight, high);
}

} // namespace

Tensor quantile(const Tensor& self, const Tensor& q, std::optional<std::int64_t> dim, bool keepdim,
                const std::string& interpolation, bool ignoreNan, const std::optional<Tensor>& out) {
    const Interpolation mode = interpolationNamed(interpolation);
    // quantile_checks
    SS_CHECK(self.numel() > 0, RuntimeError, "quantile() input tensor must be non-empty");
    SS_CHECK(q.dim() <= 1, RuntimeError, "quantile() q must be a scalar or 1D tensor");
    SS_CHECK(self.dtype() == DType::Float32 || self.dtype() == DType::Float64, RuntimeError,
             "quantile() input tensor must be either float or double dtype");
    SS_CHECK(self.dtype() == q.dtype(), RuntimeError,
             "quantile() q tensor must be same dtype as the input tensor");
    SS_CHECK(!out || out->dtype() == self.dtype(), RuntimeError,
             "quantile() out tensor must be same dtype as the input tensor");
    // quantile_output_shape: the reduced shape (q's size is put in front below).
    const std::int64_t d = wrapDim(dim.value_or(0), self.dim());
    Shape reduced;
    if (dim && self.dim() > 0)
        reduced = reducedSizes(self, d, keepdim);
    else if (keepdim)
        reduced = Shape(static_cast<std::size_t>(self.dim()), 1);
    requireValues(q, "quantile");
    const std::vector<Scalar> qs = q.values();
    for (const Scalar& v : qs)
        SS_CHECK(v.floatValue >= 0 && v.floatValue <= 1, RuntimeError,
                 "quantile() q values must be in the range [0, 1]");
    // The values come out of gather contiguous, quantiles last; with a 1-D q PyTorch moves that
    // dim to the front with a transpose, which keeps the buffer's strides.
    Shape sizes = reduced;
    Shape strides = contiguousStrides(reduced);
    const char* reason = "quantile's result is contiguous, as a reduction's";
    if (q.dim() == 1) {
        Shape buffer = reduced;
        buffer.push_back(q.numel());
        const Shape bufferStrides = contiguousStrides(buffer);
        sizes.insert(sizes.begin(), q.numel());
        strides.assign(bufferStrides.begin(), bufferStrides.end() - 1);
        strides.insert(strides.begin(), bufferStrides.back());
        reason = "quantile with a 1-D q: a transpose of a contiguous buffer with the quantiles last";
    }
    Tensor result =
        Tensor::allocateStrided(self.dtype(), sizes, strides, self.hasValues()).withLayoutReason(reason);
    if (!result.hasValues())
        return out ? writeOut(*out, result) : result;
    const std::vector<std::vector<Scalar>> lines =
        dim ? linesAlong(self, d) : std::vector<std::vector<Scalar>>{self.values()};
    std::vector<Scalar> values; // row-major in the result: quantile-major, then the lines
    for (const Scalar& qv : qs)
        for (const std::vector<Scalar>& line : lines) {
            if (self.dtype() == DType::Float32) {
                std::vector<float> keys;
                for (const Scalar& v : line)
                    keys.push_back(static_cast<float>(v.floatValue));
                values.push_back(Scalar::fromFloat(quantileOfLine<float>(
                    std::move(keys), static_cast<float>(qv.floatValue), mode, ignoreNan)));
            } else {
                std::vector<double> keys;
                for (const Scalar& v : line)
                    keys.push_back(v.floatValue);
                values.push_back(Scalar::fromFloat(
                    quantileOfLine<double>(std::move(keys), qv.floatValue, mode, ignoreNan)));
            }
        }
    writeRowMajor(result, values);
    return out ? writeOut(*out, result) : result;
}

Tensor quantile(const Tensor& self, double q, std::optional<std::int64_t> dim, bool keepdim,
                const std::string& interpolation, bool ignoreNan, const std::optional<Tensor>& out) {
    SS_CHECK(q >= 0 && q <= 1, RuntimeError, "quantile() q must be in the range [0, 1] but got ", q);
    // at::scalar_tensor(q, self.options())
    const Tensor qTensor = allocateContiguous(self.dtype(), {}, true);
    writeRowMajor(qTensor, {castScalar(Scalar::fromFloat(q), self.dtype())});
    return quantile(self, qTensor, dim, keepdim, interpolation, ignoreNan, out);
}

// ---- searchsorted, bucketize ----------------------------------------------------------------------

Tensor searchsorted(const Tensor& sortedSequence, const Operand& values, bool outInt32, bool right,
                    const std::optional<std::string>& side, const std::optional<Tensor>& sorter,
                    const std::optional<Tensor>& out) {
    // A Python number is a wrapped 0-dim tensor (searchsorted_scalar_tensor).
    const Tensor input = values.tensor ? *values.tensor : scalarToTensor(values.scalar);
    // searchsorted_pre_check
    if (side) {
        SS_CHECK(*side == "left" || *side == "right", RuntimeError,
                 "torch.searchsorted(): side can only be 'left' or 'right' but got ", *side);
        SS_CHECK(!right || *side == "right", RuntimeError,
                 "torch.searchsorted(): side and right can't be set to opposites, got side of ", *side,
                 " while right was True");
    }
    if (sorter) {
        SS_CHECK(
            sorter->sizes() == sortedSequence.sizes(), RuntimeError,
            "torch.searchsorted(): boundary and sorter must have the same size, but got boundary tensor ",
            sortedSequence.sizes(), "and got sorter tensor ", sorter->sizes());
        SS_CHECK(sorter->dtype() == DType::Int64, RuntimeError,
                 "torch.searchsorted(): sorter must be a tensor of long dtype but got dtype ",
                 scalarTypeName(sorter->dtype()));
    }
    SS_CHECK(input.dim() > 0 || (input.numel() == 1 && sortedSequence.dim() == 1), RuntimeError,
             "torch.searchsorted(): input value can be a scalar only when boundaries tensor dimension is 1, "
             "but we "
             "got boundaries tensor dim(",
             sortedSequence.dim(), ") and input value's dim(", input.dim(), ") numel(", input.numel(), ")");
    SS_CHECK(sortedSequence.dim() != 0, RuntimeError,
             "torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 dimension");
    bool leadingDimsMatch = sortedSequence.dim() == input.dim();
    for (std::int64_t k = 0; leadingDimsMatch && k + 1 < sortedSequence.dim(); ++k)
        leadingDimsMatch =
            sortedSequence.sizes()[static_cast<std::size_t>(k)] == input.sizes()[static_cast<std::size_t>(k)];
    SS_CHECK(sortedSequence.dim() == 1 || leadingDimsMatch, RuntimeError,
             "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of "
             "boundaries "
             "tensor and input value tensor must match, but we got boundaries tensor ",
             sortedSequence.sizes(), " and input value tensor ", input.sizes());
    const DType outType = out ? out->dtype() : outInt32 ? DType::Int32 : DType::Int64;
    SS_CHECK((outType == DType::Int64 && !outInt32) || (outType == DType::Int32 && outInt32), RuntimeError,
             "torch.searchsorted(): output tensor's dtype is wrong, it can only be Int(int32) or Long(int64) "
             "depending "
             "on whether out_int32 flag is True, but we got output tensor's dtype ",
             scalarTypeName(outType), " and out_int32 flag is ", outInt32 ? "True" : "False");
    if (out)
        return writeOut(*out, searchsorted(sortedSequence, values, outInt32, right, side, sorter));
    const bool isRight = side ? *side == "right" : right;
    Tensor result =
        allocateContiguous(outType, input.sizes(), input.hasValues() && sortedSequence.hasValues(),
                           "searchsorted allocates its result contiguous, in the shape of the values");
    if (input.numel() == 0)
        return result;
    // The kernel runs in the promoted dtype of boundaries and values (a number does not widen it).
    const DType common = resultType(Operand::of(sortedSequence), values.tensor ? Operand::of(input) : values);
    if (common == DType::Bool || isComplex(common))
        refuseDtype("searchsorted_out_cpu", common);
    const std::int64_t rowLength = sortedSequence.sizes().back();
    std::vector<std::int64_t> order;
    if (sorter) {
        requireValues(*sorter, "searchsorted");
        for (const Scalar& v : sorter->values()) {
            // PyTorch 1.13 does not check this and reads outside the boundaries; refused here.
            SS_CHECK(v.intValue >= 0 && v.intValue < rowLength, RuntimeError,
                     "torch.searchsorted(): sorter index out of range");
            order.push_back(v.intValue);
        }
    }
    if (!result.hasValues())
        return result;
    const std::vector<Scalar> boundaries = sortedSequence.values();
    const std::vector<Scalar> inputs = input.values();
    const std::int64_t inputRowLength = input.dim() == 0 ? 1 : input.sizes().back();
    std::vector<std::int64_t> positions;
    withKeyType(common, [&](auto zero) {
        using Key = decltype(zero);
        const auto key = [&](const Scalar& v) { return keyOf<Key>(castScalar(v, common)); };
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            const Key value = key(inputs[i]);
            // cus_lower_bound / cus_upper_bound over the row, through the sorter when given.
            const std::int64_t rowStart =
                sortedSequence.dim() == 1 ? 0 : static_cast<std::int64_t>(i) / inputRowLength * rowLength;
            std::int64_t start = rowStart, end = rowStart + rowLength;
            while (start < end) {
                const std::int64_t mid = start + ((end - start) >> 1);
                const std::int64_t at = sorter ? order[static_cast<std::size_t>(mid)] + rowStart : mid;
                const Key midValue = key(boundaries[static_cast<std::size_t>(at)]);
                if (isRight ? !(midValue > value) : !(midValue >= value))
                    start = mid + 1;
                else
                    end = mid;
            }
            positions.push_back(start - rowStart);
        }
    });
    writeIndices(result, positions);
    return result;
}

Tensor bucketize(const Operand& input, const Tensor& boundaries, bool outInt32, bool right,
                 const std::optional<Tensor>& out) {
    SS_CHECK(boundaries.dim() == 1, RuntimeError, "boundaries tensor must be 1 dimension, but got dim(",
             boundaries.dim(), ")");
    return searchsorted(boundaries, input, outInt32, right, std::nullopt, std::nullopt, out);
}

// ---- histc, bincount --------------------------------------------------------------------------------

namespace {

// histogramdd_cpu_contiguous with LINEAR_INTERPOLATION as 1.13 computes it, in the element type T
// (bfloat16: float rounded after each operation): bin = (x - left) / (right - left) * bins.
// Elements outside [left, right] are skipped; NaN is counted in the first bin, as 1.13 counts it
// (the check that skips NaN came later). left and right are the first and last of
// linspace(min, max, bins + 1) in T: the last one is max except where linspace's vectorized
// loop writes it (bins + 1 a multiple of 16 floats or 8 doubles, AVX2's two vectors per
// iteration): there it is (max - 7 step) + 7 step (floats), (max - 3 step) + 3 step (doubles).
template <typename T>
std::vector<double> histogramCounts(const std::vector<Scalar>& values, std::int64_t bins, double min,
                                    double max, bool bfloat16) {
    const auto round = [bfloat16](T v) {
        if constexpr (std::is_same_v<T, float>)
            return bfloat16 ? roundToBFloat16(v) : v;
        else
            return v;
    };
    const T left = round(static_cast<T>(min));
    T right = round(static_cast<T>(max));
    const std::int64_t steps = bins + 1;
    if (!bfloat16) {
        const int lanes = std::is_same_v<T, float> ? 8 : 4;
        if (steps % (2 * lanes) == 0) {
            const T step = (right - left) / static_cast<T>(bins);
            const auto last = static_cast<T>(lanes - 1);
            right = (right - step * last) + last * step;
        }
    }
    std::vector<T> hist(static_cast<std::size_t>(bins), 0);
    for (const Scalar& v : values) {
        const T element = static_cast<T>(v.floatValue);
        if (element < left || element > right)
            continue;
        std::int64_t pos = 0; // PyTorch 1.13 does not skip NaN: it lands in the first bin
        if (!std::isnan(element)) {
            const T fraction = round(round(element - left) / round(right - left));
            pos = static_cast<std::int64_t>(round(fraction * round(static_cast<T>(bins))));
        }
        if (pos == bins) // the last bin includes its right edge
            pos -= 1;
        hist[static_cast<std::size_t>(pos)] = round(hist[static_cast<std::size_t>(pos)] + static_cast<T>(1));
    }
    return std::vector<double>(hist.begin(), hist.end());
}

} // namespace

Tensor histc(const Tensor& self, std::int64_t bins, double min, double max,
             const std::optional<Tensor>& out) {
    SS_CHECK(!out || out->dtype() == self.dtype(), RuntimeError,
             "torch.histogram: input tensor and hist tensor should have the same dtype, but got input ",
             cppTypeName(self.dtype()), " and hist ", cppTypeName(out->dtype()));
    SS_CHECK(bins > 0, RuntimeError, "torch.histogram(): bins must be > 0, but got ", bins,
             " for dimension 0");
    // histc_select_outer_bin_edges
    double left = min, right = max;
    if (left == right && self.numel() > 0) {
        const MinAndMax extremes = aminmax(self, std::nullopt, false);
        requireValues(self, "histc");
        left = extremes.min.values()[0].toDouble();
        right = extremes.max.values()[0].toDouble();
        // aminmax's kernel returns the x86 default NaN, whose sign bit is set: "-nan" in the message.
        if (std::isnan(left))
            left = -std::numeric_limits<double>::quiet_NaN();
        if (std::isnan(right))
            right = -std::numeric_limits<double>::quiet_NaN();
    }
    if (left == right) {
        left -= 1;
        right += 1;
    }
    SS_CHECK(std::isfinite(left) && std::isfinite(right), RuntimeError, "torch.histc: range of [", left, ", ",
             right, "] is not finite");
    SS_CHECK(left < right, RuntimeError, "torch.histc: max must be larger than min");
    if (self.dtype() == DType::Bool)
        refuseDtype("linspace_cpu", self.dtype());
    if (self.dtype() != DType::Float32 && self.dtype() != DType::Float64 && self.dtype() != DType::BFloat16)
        refuseDtype("histogram_cpu", self.dtype());
    Tensor result = allocateContiguous(self.dtype(), {bins}, self.hasValues(),
                                       "histc allocates a new contiguous tensor of one count per bin");
    if (!result.hasValues())
        return out ? writeOut(*out, result) : result;
    const std::vector<Scalar> values = self.values();
    const std::vector<double> counts =
        self.dtype() == DType::Float64
            ? histogramCounts<double>(values, bins, left, right, false)
            : histogramCounts<float>(values, bins, left, right, self.dtype() == DType::BFloat16);
    detail::writeValues(
        result, [&](std::int64_t i) { return Scalar::fromFloat(counts[static_cast<std::size_t>(i)]); });
    return out ? writeOut(*out, result) : result;
}

Tensor bincount(const Tensor& self, const std::optional<Tensor>& weights, std::int64_t minlength) {
    if (!isIntegral(self.dtype(), false))
        refuseDtype("bincount_cpu", self.dtype());
    SS_CHECK(minlength >= 0, RuntimeError, "minlength should be >= 0");
    const char* reason = "bincount allocates a new contiguous tensor of one count per value";
    if (self.dim() == 1 && self.numel() == 0)
        return zeros({minlength}, DType::Int64).withLayoutReason(reason);
    requireValues(self, "bincount");
    const std::vector<Scalar> values = self.values();
    std::int64_t smallest = 0, largest = 0;
    if (!values.empty()) {
        const auto [lo, hi] =
            std::minmax_element(values.begin(), values.end(),
                                [](const Scalar& a, const Scalar& b) { return a.intValue < b.intValue; });
        smallest = lo->intValue;
        largest = hi->intValue;
    }
    SS_CHECK(self.dim() == 1 && smallest >= 0, RuntimeError,
             "bincount only supports 1-d non-negative integral inputs.");
    SS_CHECK(!weights || (weights->dim() == 1 && weights->sizes()[0] == self.sizes()[0]), RuntimeError,
             "weights should be 1-d and have the same length as input");
    const std::int64_t nbins = std::max(largest + 1, minlength);
    if (!weights) {
        std::vector<std::int64_t> counts(static_cast<std::size_t>(nbins), 0);
        for (const Scalar& v : values)
            ++counts[static_cast<std::size_t>(v.intValue)];
        Tensor result = allocateContiguous(DType::Int64, {nbins}, true, reason);
        writeIndices(result, counts);
        return result;
    }
    requireValues(*weights, "bincount");
    const std::vector<Scalar> w = weights->values();
    // float weights accumulate in float; any other dtype is converted to double first.
    const bool inFloat = weights->dtype() == DType::Float32;
    std::vector<float> floatSums(inFloat ? static_cast<std::size_t>(nbins) : 0, 0.0f);
    std::vector<double> doubleSums(inFloat ? 0 : static_cast<std::size_t>(nbins), 0.0);
    for (std::size_t i = 0; i < values.size(); ++i) {
        const auto bin = static_cast<std::size_t>(values[i].intValue);
        if (inFloat)
            floatSums[bin] += static_cast<float>(w[i].floatValue);
        else
            doubleSums[bin] += w[i].toDouble();
    }
    Tensor result = allocateContiguous(inFloat ? DType::Float32 : DType::Float64, {nbins}, true, reason);
    detail::writeValues(result, [&](std::int64_t i) {
        return Scalar::fromFloat(inFloat ? floatSums[static_cast<std::size_t>(i)]
                                         : doubleSums[static_cast<std::size_t>(i)]);
    });
    return result;
}

// ---- var_mean, std_mean ----------------------------------------------------------------------------

// std_var_mean_out: one Welford pass per output (WelfordOps<scalar_t, double, ...>), over the
// reduced elements in the order TensorIterator visits them (the reduced dims by stride, the
// smallest innermost), m2 updated with a fused multiply-add as the FMA-built kernel does.
std::pair<Tensor, Tensor> varianceAndMean(const Tensor& self, const std::optional<Shape>& dims,
                                          double correction, bool keepdim, bool takeRoot) {
    SS_CHECK(isFloating(self.dtype()) || isComplex(self.dtype()), RuntimeError,
             takeRoot ? "std_mean" : "var_mean", " only support floating point and complex dtypes");
    if (isComplex(self.dtype())) // the spread of the real and imaginary parts, added (two-pass here)
        return {variance(self, dims, correction, keepdim, takeRoot),
                reduce(ReductionKind::Mean, self, dims.value_or(Shape{}), keepdim, std::nullopt)};
    const auto rank = static_cast<std::size_t>(self.dim());
    const std::vector<bool> reduced =
        !dims || dims->empty() ? std::vector<bool>(rank, true) : dimListToBitset(*dims, self.dim());
    Shape sizes, order, reducedOrder;
    std::int64_t length = 1;
    for (std::size_t d = 0; d < rank; ++d) {
        if (reduced[d]) {
            reducedOrder.push_back(static_cast<std::int64_t>(d));
            length *= self.sizes()[d];
            if (keepdim)
                sizes.push_back(1);
        } else {
            order.push_back(static_cast<std::int64_t>(d));
            sizes.push_back(self.sizes()[d]);
        }
    }
    std::stable_sort(reducedOrder.begin(), reducedOrder.end(), [&](std::int64_t a, std::int64_t b) {
        return self.strides()[static_cast<std::size_t>(a)] > self.strides()[static_cast<std::size_t>(b)];
    });
    order.insert(order.end(), reducedOrder.begin(), reducedOrder.end());
    std::pair<Tensor, Tensor> result{allocateContiguous(self.dtype(), sizes, self.hasValues()),
                                     allocateContiguous(self.dtype(), sizes, self.hasValues())};
    if (!result.first.hasValues())
        return result;
    const std::vector<Scalar> values = rank == 0 ? self.values() : permute(self, order).values();
    std::vector<Scalar> spreads, means;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (std::int64_t o = 0; o < result.first.numel(); ++o) {
        if (length == 0) { // an empty reduction fills both with NaN
            spreads.push_back(Scalar::fromFloat(nan));
            means.push_back(Scalar::fromFloat(nan));
            continue;
        }
        double mean = 0, m2 = 0;
        for (std::int64_t k = 0; k < length; ++k) {
            const double x = values[static_cast<std::size_t>(o * length + k)].floatValue;
            const double delta = x - mean;
            mean += delta / static_cast<double>(k + 1);
            m2 = std::fma(delta, x - mean, m2);
        }
        const double n = static_cast<double>(length);
        const double variance = m2 / (n > correction ? n - correction : 0.0);
        spreads.push_back(Scalar::fromFloat(takeRoot ? std::sqrt(variance) : variance));
        means.push_back(Scalar::fromFloat(mean));
    }
    writeRowMajor(result.first, spreads);
    writeRowMajor(result.second, means);
    return result;
}

} // namespace stridescope::ops
