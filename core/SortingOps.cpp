// Sorting, selection, scans and unique, as PyTorch 1.13 runs them on the CPU
// (aten/src/ATen/native/Sorting.cpp, SortingUtils.h, TopKImpl.h, ReduceOps.cpp, Unique.cpp).
//
// The layouts, on a high level:
//  1. sort (and argsort, msort) allocates values and indices with the input's strides when the
//     input is dense and non-overlapping, else with dense strides in the input's dim order
//     (at::infer_dense_strides): sorting a permuted tensor gives a permuted result;
//  2. topk, kthvalue, cumsum, cumprod, cummax and cummin allocate contiguous results;
//  3. unique's results are 1-D (or of the input's shape for the inverse), and where PyTorch
//     shrinks a larger buffer with resize_ (unique_consecutive) or narrow (unique_dim's
//     counts), the storage keeps the larger size; unique_dim's values are a transpose of a
//     contiguous stack of the distinct slices.
// The values are computed line by line along the dim over the row-major values of the input,
// with the keys compared as PyTorch compares them (NaN above every number).
#include "SortingOps.h"

#include "ElementKeys.h"
#include "Elementwise.h"
#include "Error.h"
#include "MemoryOverlap.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <functional>
#include <numeric>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>

namespace stridescope::ops {

namespace {

// ---- dtype support: PyTorch's AT_DISPATCH refusals -----------------------------------------

[[noreturn]] void refuseDtype(const char* kernel, DType dtype) {
    fail(ErrorKind::RuntimeError, dispatchRefusal(kernel, dtype));
}

// sort dispatches over every real dtype, float16 and bool included.
void requireSortable(DType dtype) {
    if (isComplex(dtype))
        refuseDtype("sorting_kernel_method_name", dtype);
}

// topk and kthvalue: the real dtypes without bool and float16.
void requireSelectable(DType dtype, const char* kernel) {
    if (isComplex(dtype) || dtype == DType::Bool || dtype == DType::Float16)
        refuseDtype(kernel, dtype);
}

// cumsum and cumprod: complex too, but neither bool nor float16 (checked on the result dtype).
void requireScannable(DType dtype, const char* kernel) {
    if (dtype == DType::Bool || dtype == DType::Float16)
        refuseDtype(kernel, dtype);
}

// cummax, cummin and unique: the real dtypes without float16.
void requireOrderedHashable(DType dtype, const char* kernel) {
    if (isComplex(dtype) || dtype == DType::Float16)
        refuseDtype(kernel, dtype);
}

// ---- keys: how PyTorch's kernels compare elements ------------------------------------------

using detail::writeIndices;
using detail::writeRowMajor;
using keys::isNan;
using keys::keyOf;
using keys::withKeyType;

// KeyValueCompAsc: NaN sorts above every number.
template <typename Key> bool ascendingBefore(Key a, Key b) { return (!isNan(a) && isNan(b)) || a < b; }
// KeyValueCompDesc, and the gt_or_nan of kthvalue's quick select.
template <typename Key> bool descendingBefore(Key a, Key b) { return (isNan(a) && !isNan(b)) || a > b; }

// ---- lines along a dim ---------------------------------------------------------------------

// The row-major positions of the elements of a shape, grouped into lines along one dim: line l
// is the l-th combination of the other dims, in row-major order.
struct Lines {
    std::int64_t count = 1;  // number of lines
    std::int64_t length = 1; // elements per line (the dim's size)
    std::int64_t inner = 1;  // product of the sizes after the dim

    static Lines along(const Shape& sizes, std::int64_t dim) {
        Lines lines;
        if (sizes.empty())
            return lines;
        std::int64_t outer = 1;
        for (std::int64_t d = 0; d < dim; ++d)
            outer *= sizes[static_cast<std::size_t>(d)];
        for (std::size_t d = static_cast<std::size_t>(dim) + 1; d < sizes.size(); ++d)
            lines.inner *= sizes[d];
        lines.length = sizes[static_cast<std::size_t>(dim)];
        lines.count = outer * lines.inner;
        return lines;
    }
    // The same lines with another length (topk's k).
    Lines withLength(std::int64_t n) const { return {count, n, inner}; }
    std::size_t at(std::int64_t line, std::int64_t j) const {
        return static_cast<std::size_t>((line / inner * length + j) * inner + line % inner);
    }
};

Tensor allocateResult(DType dtype, const Shape& sizes, const Shape& strides, bool keepValues,
                      std::string reason) {
    return Tensor::allocateStrided(dtype, sizes, strides, keepValues).withLayoutReason(std::move(reason));
}

Tensor allocateContiguous(DType dtype, const Shape& sizes, bool keepValues, std::string reason) {
    return allocateResult(dtype, sizes, contiguousStrides(sizes), keepValues, std::move(reason));
}

// A 1-D result of `size` elements on a storage of `capacity`: PyTorch allocates the larger
// buffer first and shrinks it with resize_ or narrow, which keep the storage.
Tensor shrunkResult(DType dtype, std::int64_t capacity, std::int64_t size, bool keepValues,
                    std::string reason) {
    const Tensor buffer = Tensor::allocateStrided(dtype, {capacity}, {1}, keepValues);
    return buffer.withLayout(Layout{{size}, {1}, 0}).withLayoutReason(std::move(reason));
}

// The result of sort, topk, kthvalue, cummax and cummin for a 0-dim input: the value itself and
// index 0 (PyTorch copies it without running the kernel, whatever the dtype).
ValuesAndIndices scalarSelection(const Tensor& self, ValuesAndIndices result) {
    if (result.values.hasValues())
        writeRowMajor(result.values, self.values());
    writeIndices(result.indices, {0});
    return result;
}

// Fills `result` (values and indices in self's shape) line by line along dim `d`: fill(zero, input,
// lines, values, indices) gets self's row-major values and writes both outputs row-major, with
// `zero` of the key type the dtype compares in (see withKeyType).
template <typename Fill>
ValuesAndIndices fillAlongLines(const Tensor& self, std::int64_t d, ValuesAndIndices result, Fill&& fill) {
    if (!result.values.hasValues())
        return result;
    const std::vector<Scalar> input = self.values();
    const Lines lines = Lines::along(self.sizes(), d);
    std::vector<Scalar> values(input.size());
    std::vector<std::int64_t> indices(input.size());
    withKeyType(self.dtype(), [&](auto zero) { fill(zero, input, lines, values, indices); });
    writeRowMajor(result.values, values);
    writeIndices(result.indices, indices);
    return result;
}

// ---- sort ----------------------------------------------------------------------------------

const char* kSortKeepsReason = "sort keeps the input's strides: it is dense and non-overlapping";
const char* kSortDenseReason =
    "sort lays its result out densely in the input's dim order (the input is not dense and non-overlapping)";

ValuesAndIndices allocateSortResult(const Tensor& self) {
    const bool dense = isNonOverlappingAndDense(self.layout());
    const Shape strides = dense ? self.strides() : inferDenseStrides(self.sizes(), self.strides());
    const char* reason = dense ? kSortKeepsReason : kSortDenseReason;
    return {allocateResult(self.dtype(), self.sizes(), strides, self.hasValues(), reason),
            allocateResult(DType::Int64, self.sizes(), strides, self.hasValues(), reason)};
}

// One line sorted as sort_kernel sorts it: std::sort (introsort, so equal keys may move) unless
// stable, with NaN above every number.
template <typename Key>
std::vector<std::int64_t> sortedOrder(std::vector<std::pair<Key, std::int64_t>>& line, bool stable,
                                      bool descending) {
    const auto before = [descending](const auto& a, const auto& b) {
        return descending ? descendingBefore(a.first, b.first) : ascendingBefore(a.first, b.first);
    };
    if (stable)
        std::stable_sort(line.begin(), line.end(), before);
    else
        std::sort(line.begin(), line.end(), before);
    std::vector<std::int64_t> order;
    order.reserve(line.size());
    for (const auto& entry : line)
        order.push_back(entry.second);
    return order;
}

// ---- kthvalue's quick select (SortingUtils.h quick_select_template) ------------------------

// Moves the k-th smallest (0-based; NaN largest) of `keys` to position k, permuting `where`
// along. A port, swap for swap, so that among equal keys the same index is chosen.
template <typename Key>
void quickSelect(std::vector<Key>& keys, std::vector<std::int64_t>& where, std::int64_t k) {
    const auto greater = [](Key a, Key b) { return descendingBefore(a, b); };
    const auto swapAt = [&](std::int64_t i, std::int64_t j) {
        std::swap(keys[static_cast<std::size_t>(i)], keys[static_cast<std::size_t>(j)]);
        std::swap(where[static_cast<std::size_t>(i)], where[static_cast<std::size_t>(j)]);
    };
    const auto key = [&](std::int64_t i) { return keys[static_cast<std::size_t>(i)]; };
    std::int64_t left = 0;
    std::int64_t right = static_cast<std::int64_t>(keys.size()) - 1;
    while (true) {
        if (right <= left)
            return;
        if (right == left + 1) {
            if (greater(key(left), key(right)))
                swapAt(left, right);
            return;
        }
        // Median of three as the pivot, moved to `left`.
        const std::int64_t middle = left + (right - left) / 2;
        swapAt(middle, left + 1);
        if (greater(key(left + 1), key(right)))
            swapAt(left + 1, right);
        if (greater(key(left), key(right)))
            swapAt(left, right);
        if (greater(key(left + 1), key(left)))
            swapAt(left + 1, left);
        std::int64_t i = left + 1;
        std::int64_t j = right;
        const Key pivot = key(left);
        while (true) {
            do
                ++i;
            while (greater(pivot, key(i)));
            do
                --j;
            while (greater(key(j), pivot));
            if (j < i)
                break;
            swapAt(i, j);
        }
        swapAt(left, j);
        if (j <= k)
            left = i;
        if (j >= k)
            right = j - 1;
    }
}

// ---- scans ---------------------------------------------------------------------------------

const char* scanKernel(ScanKind kind) { return kind == ScanKind::Sum ? "cumsum_out_cpu" : "cumprod_out_cpu"; }

// The running sums or products of each line, in `outType`. As cpu_cum_base_kernel: the input is
// first converted to outType, the accumulator is its acc_type (int64, double; float for
// bfloat16; complex<double>), and each partial result is converted back to outType.
std::vector<Scalar> scanValues(ScanKind kind, const std::vector<Scalar>& input, const Lines& lines,
                               DType outType) {
    const bool product = kind == ScanKind::Prod;
    std::vector<Scalar> out(input.size());
    const auto scanLines = [&](auto identity, auto read, auto toScalar) {
        for (std::int64_t l = 0; l < lines.count; ++l) {
            auto acc = identity;
            for (std::int64_t j = 0; j < lines.length; ++j) {
                const std::size_t at = lines.at(l, j);
                const auto x = read(castScalar(input[at], outType));
                if constexpr (std::is_same_v<decltype(acc), std::int64_t>)
                    acc = product ? wrappingMul(acc, x) : wrappingAdd(acc, x);
                else
                    acc = product ? acc * x : acc + x;
                out[at] = castScalar(toScalar(acc), outType);
            }
        }
    };
    if (isComplex(outType))
        scanLines(
            std::complex<double>(product ? 1.0 : 0.0),
            [](const Scalar& v) { return std::complex<double>(v.floatValue, v.imagValue); },
            [](std::complex<double> z) { return Scalar::fromComplex(z.real(), z.imag()); });
    else if (outType == DType::BFloat16)
        scanLines(
            product ? 1.0f : 0.0f, [](const Scalar& v) { return static_cast<float>(v.floatValue); },
            [](float v) { return Scalar::fromFloat(v); });
    else if (isFloating(outType))
        scanLines(
            product ? 1.0 : 0.0, [](const Scalar& v) { return v.floatValue; },
            [](double v) { return Scalar::fromFloat(v); });
    else
        scanLines(
            std::int64_t(product ? 1 : 0), [](const Scalar& v) { return v.intValue; },
            [](std::int64_t v) { return Scalar::fromInt(v); });
    return out;
}

// ---- unique --------------------------------------------------------------------------------

// unique without a dim keeps its elements in std::unordered_set<scalar_t>: with sorted=False
// the result comes in the set's iteration order, and with sorted=True std::sort orders that
// sequence (NaN, never equal to itself, stays where the set put it). The same containers over
// the same C++ element types give the same orders. c10::BFloat16 hashes its raw bits and compares
// as float (so 0.0 and -0.0 can both be kept).
struct BFloat16Element {
    std::uint16_t bits = 0;
    float value() const { return bfloat16BitsToFloat(bits); }
    bool operator==(const BFloat16Element& other) const { return value() == other.value(); }
    bool operator<(const BFloat16Element& other) const { return value() < other.value(); }
};
struct BFloat16Hash {
    std::size_t operator()(const BFloat16Element& e) const { return std::hash<std::uint16_t>()(e.bits); }
};

template <typename T> struct ElementHash { using type = std::hash<T>; };
template <> struct ElementHash<BFloat16Element> { using type = BFloat16Hash; };

template <typename T> T elementOf(const Scalar& v) {
    if constexpr (std::is_same_v<T, BFloat16Element>)
        return {floatToBFloat16Bits(static_cast<float>(v.floatValue))};
    else if constexpr (std::is_floating_point_v<T>)
        return static_cast<T>(v.floatValue);
    else if constexpr (std::is_same_v<T, bool>)
        return v.intValue != 0;
    else
        return static_cast<T>(v.intValue);
}

template <typename T> Scalar scalarOf(const T& e) {
    if constexpr (std::is_same_v<T, BFloat16Element>)
        return Scalar::fromFloat(e.value());
    else if constexpr (std::is_floating_point_v<T>)
        return Scalar::fromFloat(static_cast<double>(e));
    else if constexpr (std::is_same_v<T, bool>)
        return Scalar::fromBool(e);
    else
        return Scalar::fromInt(static_cast<std::int64_t>(e));
}

// Calls fn with a value of the C++ element type of `dtype` (unique's dtypes only).
template <typename Fn> decltype(auto) withElementType(DType dtype, Fn&& fn) {
    switch (dtype) {
    case DType::Bool:
        return fn(bool{});
    case DType::UInt8:
        return fn(std::uint8_t{});
    case DType::Int8:
        return fn(std::int8_t{});
    case DType::Int16:
        return fn(std::int16_t{});
    case DType::Int32:
        return fn(std::int32_t{});
    case DType::Int64:
        return fn(std::int64_t{});
    case DType::BFloat16:
        return fn(BFloat16Element{});
    case DType::Float32:
        return fn(float{});
    default:
        return fn(double{});
    }
}

void requireUniqueValues(const Tensor& self) {
    SS_CHECK(self.hasValues(), RuntimeError,
             "unique needs the values of its input, which are not kept (layout only)");
}

const char* kUniqueReason = "unique allocates a new 1-D tensor of the distinct elements";
const char* kInverseReason = "unique's inverse indices are contiguous, in the input's shape";

// unique_cpu_template.
template <typename T>
UniqueResult uniqueOfElements(const Tensor& self, bool sorted, bool returnInverse, bool returnCounts) {
    using Hash = typename ElementHash<T>::type;
    std::vector<T> input;
    for (const Scalar& v : self.values())
        input.push_back(elementOf<T>(v));
    const std::unordered_set<T, Hash> set(input.begin(), input.end());
    std::vector<T> output(set.begin(), set.end());
    if (sorted)
        std::sort(output.begin(), output.end());
    std::vector<std::int64_t> inverse;
    std::vector<std::int64_t> counts;
    if (returnInverse || returnCounts) {
        // operator[] inserts a NaN it cannot find: its inverse index and count read 0, as in PyTorch.
        std::unordered_map<T, std::int64_t, Hash> inverseMap;
        inverseMap.reserve(output.size());
        for (std::size_t i = 0; i < output.size(); ++i)
            inverseMap[output[i]] = static_cast<std::int64_t>(i);
        for (const T& e : input)
            inverse.push_back(inverseMap[e]);
        if (returnCounts) {
            std::unordered_map<T, std::int64_t, Hash> countsMap;
            countsMap.reserve(output.size());
            for (const T& e : output)
                countsMap[e] = 0;
            for (const T& e : input)
                countsMap[e] += 1;
            for (const T& e : output)
                counts.push_back(countsMap[e]);
        }
    }
    const auto n = static_cast<std::int64_t>(output.size());
    UniqueResult result{allocateContiguous(self.dtype(), {n}, true, kUniqueReason),
                        allocateContiguous(DType::Int64,
                                           returnInverse || returnCounts ? self.sizes() : Shape{0}, true,
                                           kInverseReason),
                        allocateContiguous(DType::Int64, {returnCounts ? n : 0}, true,
                                           "unique's counts: one per distinct element")};
    std::vector<Scalar> values;
    for (const T& e : output)
        values.push_back(scalarOf(e));
    writeRowMajor(result.values, values);
    writeIndices(result.inverse, inverse);
    writeIndices(result.counts, counts);
    return result;
}

// unique_consecutive_cpu_template: the output and counts start as buffers of numel elements and
// are resized down to the number of runs.
UniqueResult uniqueConsecutiveElements(const Tensor& self, bool returnInverse, bool returnCounts) {
    const std::vector<Scalar> input = self.values();
    const std::int64_t numel = self.numel();
    std::vector<Scalar> output;
    std::vector<std::int64_t> inverse;
    std::vector<std::int64_t> counts;
    withKeyType(self.dtype(), [&](auto zero) {
        using Key = decltype(zero);
        std::int64_t last = 0;
        for (std::int64_t i = 0; i < numel; ++i) {
            const Scalar& v = input[static_cast<std::size_t>(i)];
            if (output.empty()) {
                output.push_back(v);
            } else if (keyOf<Key>(v) != keyOf<Key>(output.back())) { // NaN starts a new run
                output.push_back(v);
                counts.push_back(i - last);
                last = i;
            }
            inverse.push_back(static_cast<std::int64_t>(output.size()) - 1);
        }
        if (numel > 0)
            counts.push_back(numel - last);
    });
    const auto runs = static_cast<std::int64_t>(output.size());
    UniqueResult result{
        shrunkResult(
            self.dtype(), numel, runs, true,
            "unique_consecutive fills a buffer of the input's numel and resizes it to the runs found"),
        allocateContiguous(DType::Int64, returnInverse ? self.sizes() : Shape{0}, true, kInverseReason),
        shrunkResult(DType::Int64, returnCounts ? numel : 0, returnCounts ? runs : 0, true,
                     "unique_consecutive's counts: a buffer of the input's numel resized to the runs found")};
    writeRowMajor(result.values, output);
    if (returnInverse)
        writeIndices(result.inverse, inverse);
    if (returnCounts)
        writeIndices(result.counts, counts);
    return result;
}

} // namespace

// ---- sort, argsort, msort --------------------------------------------------------------------

ValuesAndIndices sort(const Tensor& self, std::optional<bool> stable, std::int64_t dim, bool descending) {
    const std::int64_t d = wrapDim(dim, self.dim());
    ValuesAndIndices result = allocateSortResult(self);
    if (self.dim() == 0)
        return scalarSelection(self, result);
    requireSortable(self.dtype());
    return fillAlongLines(
        self, d, result,
        [&](auto zero, const std::vector<Scalar>& input, const Lines& lines, std::vector<Scalar>& values,
            std::vector<std::int64_t>& indices) {
            using Key = decltype(zero);
            std::vector<std::pair<Key, std::int64_t>> line(static_cast<std::size_t>(lines.length));
            for (std::int64_t l = 0; l < lines.count; ++l) {
                for (std::int64_t j = 0; j < lines.length; ++j)
                    line[static_cast<std::size_t>(j)] = {keyOf<Key>(input[lines.at(l, j)]), j};
                const std::vector<std::int64_t> order = sortedOrder(line, stable.value_or(false), descending);
                for (std::int64_t j = 0; j < lines.length; ++j) {
                    const std::int64_t from = order[static_cast<std::size_t>(j)];
                    values[lines.at(l, j)] = input[lines.at(l, from)];
                    indices[lines.at(l, j)] = from;
                }
            }
        });
}

Tensor argsort(const Tensor& self, std::optional<bool> stable, std::int64_t dim, bool descending) {
    return sort(self, stable, dim, descending).indices;
}

Tensor msort(const Tensor& self) { return sort(self, std::nullopt, 0, false).values; }

// ---- topk, kthvalue --------------------------------------------------------------------------

ValuesAndIndices topk(const Tensor& self, std::int64_t k, std::int64_t dim, bool largest, bool sorted) {
    const std::int64_t d = wrapDim(dim, self.dim());
    const std::int64_t sliceSize = self.dim() == 0 ? 1 : self.sizes()[static_cast<std::size_t>(d)];
    SS_CHECK(k >= 0 && k <= sliceSize, RuntimeError, "selected index k out of range");
    Shape sizes = self.sizes();
    if (!sizes.empty())
        sizes[static_cast<std::size_t>(d)] = k;
    const char* reason = "topk allocates its results contiguous, whatever the input's layout";
    ValuesAndIndices result{allocateContiguous(self.dtype(), sizes, self.hasValues(), reason),
                            allocateContiguous(DType::Int64, sizes, self.hasValues(), reason)};
    if (self.dim() == 0)
        return scalarSelection(self, result);
    requireSelectable(self.dtype(), "topk_cpu");
    if (!result.values.hasValues() || k == 0)
        return result;
    const std::vector<Scalar> input = self.values();
    const Lines lines = Lines::along(self.sizes(), d);
    const Lines selected = lines.withLength(k);
    std::vector<Scalar> values(static_cast<std::size_t>(result.values.numel()));
    std::vector<std::int64_t> indices(values.size());
    withKeyType(self.dtype(), [&](auto zero) {
        using Key = decltype(zero);
        using Entry = std::pair<Key, std::int64_t>;
        const auto before = [largest](const Entry& a, const Entry& b) {
            return largest ? descendingBefore(a.first, b.first) : ascendingBefore(a.first, b.first);
        };
        std::vector<Entry> queue(static_cast<std::size_t>(lines.length));
        for (std::int64_t l = 0; l < lines.count; ++l) {
            for (std::int64_t j = 0; j < lines.length; ++j)
                queue[static_cast<std::size_t>(j)] = {keyOf<Key>(input[lines.at(l, j)]), j};
            // topk_impl_loop: a partial sort when k is small against the line, else nth_element
            // and (when sorted) a sort of the k - 1 entries before the k-th.
            if (k * 64 <= lines.length) {
                std::partial_sort(queue.begin(), queue.begin() + k, queue.end(), before);
            } else {
                std::nth_element(queue.begin(), queue.begin() + k - 1, queue.end(), before);
                if (sorted)
                    std::sort(queue.begin(), queue.begin() + k - 1, before);
            }
            for (std::int64_t j = 0; j < k; ++j) {
                const std::int64_t from = queue[static_cast<std::size_t>(j)].second;
                values[selected.at(l, j)] = input[lines.at(l, from)];
                indices[selected.at(l, j)] = from;
            }
        }
    });
    writeRowMajor(result.values, values);
    writeIndices(result.indices, indices);
    return result;
}

ValuesAndIndices kthvalue(const Tensor& self, std::int64_t k, std::int64_t dim, bool keepdim) {
    const std::int64_t d = wrapDim(dim, self.dim());
    const std::int64_t sliceSize = self.dim() == 0 ? 1 : self.sizes()[static_cast<std::size_t>(d)];
    // zero_numel_check_dims
    SS_CHECK(self.dim() == 0 || sliceSize != 0, IndexError, "kthvalue(): Expected reduction dim ", d,
             " to have non-zero size.");
    SS_CHECK(k >= 1 && k <= sliceSize, RuntimeError,
             "kthvalue(): selected number k out of range for dimension ", d);
    Shape sizes = self.sizes();
    if (!sizes.empty()) {
        if (keepdim)
            sizes[static_cast<std::size_t>(d)] = 1;
        else
            sizes.erase(sizes.begin() + d);
    }
    const char* reason = "kthvalue allocates its results contiguous, like a reduction's";
    ValuesAndIndices result{allocateContiguous(self.dtype(), sizes, self.hasValues(), reason),
                            allocateContiguous(DType::Int64, sizes, self.hasValues(), reason)};
    if (self.dim() == 0)
        return scalarSelection(self, result);
    requireSelectable(self.dtype(), "kthvalue_cpu");
    if (!result.values.hasValues())
        return result;
    const std::vector<Scalar> input = self.values();
    const Lines lines = Lines::along(self.sizes(), d);
    std::vector<Scalar> values;
    std::vector<std::int64_t> indices;
    withKeyType(self.dtype(), [&](auto zero) {
        using Key = decltype(zero);
        for (std::int64_t l = 0; l < lines.count; ++l) {
            std::vector<Key> keys;
            std::vector<std::int64_t> where(static_cast<std::size_t>(lines.length));
            std::iota(where.begin(), where.end(), 0);
            for (std::int64_t j = 0; j < lines.length; ++j)
                keys.push_back(keyOf<Key>(input[lines.at(l, j)]));
            quickSelect(keys, where, k - 1);
            const std::int64_t from = where[static_cast<std::size_t>(k - 1)];
            values.push_back(input[lines.at(l, from)]);
            indices.push_back(from);
        }
    });
    // Lines come in the row-major order of the other dims: the result's order.
    writeRowMajor(result.values, values);
    writeIndices(result.indices, indices);
    return result;
}

// ---- cumsum, cumprod, cummax, cummin -----------------------------------------------------------

Tensor cumulative(ScanKind kind, const Tensor& self, std::int64_t dim, std::optional<DType> dtype) {
    const std::int64_t d = wrapDim(dim, self.dim());
    const DType outType = dtype.value_or(isIntegral(self.dtype(), true) ? DType::Int64 : self.dtype());
    Tensor result = allocateContiguous(outType, self.sizes(), self.hasValues(),
                                       std::string(kind == ScanKind::Sum ? "cumsum" : "cumprod") +
                                           " allocates its result contiguous, whatever the input's layout");
    if (self.dim() == 0) {
        detail::copyValues(result, self); // fill_(self): no kernel, so any dtype
        return result;
    }
    if (self.numel() == 0)
        return result;
    requireScannable(outType, scanKernel(kind));
    if (result.hasValues())
        writeRowMajor(result, scanValues(kind, self.values(), Lines::along(self.sizes(), d), outType));
    return result;
}

Tensor cumulative_(ScanKind kind, const Tensor& self, std::int64_t dim, std::optional<DType> dtype) {
    const std::int64_t d = wrapDim(dim, self.dim());
    const DType outType = dtype.value_or(self.dtype());
    SS_CHECK(outType == self.dtype(), RuntimeError, "Bad in-place call: input tensor dtype ",
             cppTypeName(self.dtype()), " and output tensor dtype ", cppTypeName(outType), " should match");
    if (self.dim() == 0 || self.numel() == 0)
        return self;
    requireScannable(outType, scanKernel(kind));
    assertNoInternalOverlap(self);
    if (self.hasValues())
        writeRowMajor(self, scanValues(kind, self.values(), Lines::along(self.sizes(), d), outType));
    return self;
}

ValuesAndIndices cumulativeExtreme(const Tensor& self, std::int64_t dim, bool wantMax) {
    const std::string reason = std::string(wantMax ? "cummax" : "cummin") +
                               " allocates its results contiguous, whatever the input's layout";
    ValuesAndIndices result{allocateContiguous(self.dtype(), self.sizes(), self.hasValues(), reason),
                            allocateContiguous(DType::Int64, self.sizes(), self.hasValues(), reason)};
    if (self.dim() == 0)
        return scalarSelection(self, result);
    if (self.numel() == 0)
        return result; // PyTorch checks neither the dim nor the dtype then
    const std::int64_t d = wrapDim(dim, self.dim());
    requireOrderedHashable(self.dtype(), wantMax ? "cummax_cpu" : "cummin_cpu");
    return fillAlongLines(self, d, result,
                          [&](auto zero, const std::vector<Scalar>& input, const Lines& lines,
                              std::vector<Scalar>& values, std::vector<std::int64_t>& indices) {
                              using Key = decltype(zero);
                              for (std::int64_t l = 0; l < lines.count; ++l) {
                                  // cummax_cummin_helper: ties move the index forward (>= and <=); a NaN
                                  // takes over and only a later NaN replaces it.
                                  std::size_t best = lines.at(l, 0);
                                  std::int64_t bestIndex = 0;
                                  for (std::int64_t j = 0; j < lines.length; ++j) {
                                      const std::size_t at = lines.at(l, j);
                                      const Key x = keyOf<Key>(input[at]);
                                      const Key current = keyOf<Key>(input[best]);
                                      if (isNan(x) ||
                                          (!isNan(current) && (wantMax ? x >= current : x <= current))) {
                                          best = at;
                                          bestIndex = j;
                                      }
                                      values[at] = input[best];
                                      indices[at] = bestIndex;
                                  }
                              }
                          });
}

// ---- unique ---------------------------------------------------------------------------------

UniqueResult unique(const Tensor& self, bool sorted, bool returnInverse, bool returnCounts) {
    requireOrderedHashable(self.dtype(), "unique");
    requireUniqueValues(self);
    return withElementType(self.dtype(), [&](auto zero) {
        return uniqueOfElements<decltype(zero)>(self, sorted, returnInverse, returnCounts);
    });
}

UniqueResult uniqueDim(const Tensor& self, std::int64_t dim, bool consecutive) {
    requireOrderedHashable(self.dtype(), "unique_dim");
    const std::int64_t d = wrapDim(dim, self.dim(), false);
    const Shape& sizes = self.sizes();
    const auto zeroDims = std::count(sizes.begin(), sizes.end(), 0);
    if (sizes[static_cast<std::size_t>(d)] == 0) {
        SS_CHECK(zeroDims == 1, RuntimeError,
                 "Number of zero sized dimensions is more than one, so unique cannot be applied ");
        return {allocateContiguous(self.dtype(), sizes, self.hasValues(),
                                   "unique of an empty dim: an empty tensor"),
                allocateContiguous(DType::Int64, {0}, self.hasValues(), kInverseReason),
                allocateContiguous(DType::Int64, {0}, self.hasValues(),
                                   "unique's counts: one per distinct slice")};
    }
    SS_CHECK(zeroDims == 0, RuntimeError,
             "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied");
    requireUniqueValues(self);
    // _unique_dim_cpu_template: the slices are the rows of self.transpose(dim, 0) made contiguous.
    const Tensor moved = transpose(self, d, 0);
    const std::vector<Scalar> flat = moved.values();
    const std::int64_t rows = moved.sizes()[0];
    const std::int64_t width = rows == 0 ? 0 : self.numel() / rows;
    std::vector<std::int64_t> order(static_cast<std::size_t>(rows));
    std::iota(order.begin(), order.end(), 0);
    std::vector<std::int64_t> representatives; // the first slice of each group, in order
    std::vector<std::int64_t> inverse(static_cast<std::size_t>(rows));
    std::vector<std::int64_t> counts;
    withKeyType(self.dtype(), [&](auto zero) {
        using Key = decltype(zero);
        const auto element = [&](std::int64_t row, std::int64_t i) {
            return keyOf<Key>(flat[static_cast<std::size_t>(row * width + i)]);
        };
        if (!consecutive) // lexicographic std::sort of the slice indices (not stable)
            std::sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) {
                for (std::int64_t i = 0; i < width; ++i) {
                    if (element(a, i) < element(b, i))
                        return true;
                    if (element(a, i) > element(b, i))
                        return false;
                }
                return false;
            });
        const auto equalRows = [&](std::int64_t a, std::int64_t b) { // at::equal: NaN differs
            for (std::int64_t i = 0; i < width; ++i)
                if (element(a, i) != element(b, i))
                    return false;
            return true;
        };
        for (const std::int64_t row : order) {
            if (representatives.empty() || !equalRows(representatives.back(), row)) {
                representatives.push_back(row);
                counts.push_back(0);
            }
            inverse[static_cast<std::size_t>(row)] = static_cast<std::int64_t>(representatives.size()) - 1;
            ++counts.back();
        }
    });
    // The distinct slices stacked (contiguous), then transposed back: a view of that stack.
    const auto distinct = static_cast<std::int64_t>(representatives.size());
    Shape stackedSizes = moved.sizes();
    stackedSizes[0] = distinct;
    const Tensor stacked = allocateContiguous(self.dtype(), stackedSizes, true, "");
    std::vector<Scalar> values;
    for (const std::int64_t row : representatives)
        for (std::int64_t i = 0; i < width; ++i)
            values.push_back(flat[static_cast<std::size_t>(row * width + i)]);
    writeRowMajor(stacked, values);
    UniqueResult result{
        transpose(stacked, 0, d)
            .withLayoutReason("unique with a dim stacks the distinct slices contiguously with that dim "
                              "first, then transposes it back"),
        allocateContiguous(DType::Int64, {rows}, true, "unique's inverse indices: one per slice"),
        shrunkResult(DType::Int64, rows, distinct, true,
                     "unique's counts: a buffer of one count per slice, narrowed to the distinct slices")};
    writeIndices(result.inverse, inverse);
    writeIndices(result.counts, counts);
    return result;
}

UniqueResult uniqueConsecutive(const Tensor& self, bool returnInverse, bool returnCounts,
                               std::optional<std::int64_t> dim) {
    if (dim)
        return uniqueDim(self, *dim, true);
    requireOrderedHashable(self.dtype(), "unique");
    requireUniqueValues(self);
    return uniqueConsecutiveElements(self, returnInverse, returnCounts);
}

} // namespace stridescope::ops
