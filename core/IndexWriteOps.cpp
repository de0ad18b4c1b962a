// Index-driven writes and gathers, as PyTorch 1.13's CPU kernels run them
// (aten/src/ATen/native/TensorAdvancedIndexing.cpp, ScatterGatherChecks.h, cpu/ScatterGatherKernel.cpp,
// cpu/IndexKernel.cpp). Every op checks in ATen's order, so that a call with several faults reports
// the one PyTorch reports; the in-place forms then refuse the overlaps ATen refuses, and only then
// is anything written.
//
// Arithmetic is done element by element in the written-to tensor's dtype, each step rounded or
// wrapped as the C++ kernels do it (float16 accumulates in float16, int8 wraps), so repeated
// indices give PyTorch's values bit for bit.
#include "IndexWriteOps.h"

#include "Analysis.h"
#include "Arithmetic.h"
#include "Broadcast.h"
#include "DeviceOps.h"
#include "Elementwise.h"
#include "Error.h"
#include "Layout.h"
#include "MemoryOverlap.h"
#include "ShapeOps.h"
#include "ValueWorkLimit.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

namespace stridescope::ops {

namespace {

// ---- checks shared by the ops ------------------------------------------------------------

// at::assert_no_overlap: unlike assertNoPartialOverlap (MemoryOverlap.h), an input that covers
// exactly the written-to memory is refused too. Layouts that are not dense are "too hard" to
// decide and pass, as in PyTorch.
void assertNoOverlap(const Tensor& written, const Tensor& input) {
    const bool sameObject = written.objectId() != 0 && written.objectId() == input.objectId();
    bool overlaps = sameObject;
    if (!sameObject && written.numel() != 0 && input.numel() != 0 && written.sharesStorageWith(input) &&
        isNonOverlappingAndDense(written.layout()) && isNonOverlappingAndDense(input.layout())) {
        const std::int64_t writtenBegin = written.storageOffset() * written.elementSize();
        const std::int64_t writtenEnd = writtenBegin + written.numel() * written.elementSize();
        const std::int64_t inputBegin = input.storageOffset() * input.elementSize();
        const std::int64_t inputEnd = inputBegin + input.numel() * input.elementSize();
        overlaps = writtenBegin < inputEnd && inputBegin < writtenEnd;
    }
    SS_CHECK(!overlaps, RuntimeError,
             "unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
             "single "
             "memory location. Please clone() the tensor before performing the operation.");
}

// The meta functions' checks on the tensor an in-place op writes: no element twice, and no
// memory shared with an input.
void assertWritable(const Tensor& self, std::initializer_list<const Tensor*> inputs) {
    assertNoInternalOverlap(self);
    for (const Tensor* input : inputs)
        assertNoOverlap(self, *input);
}

// The tensor a structured kernel writes: self in place, else a new contiguous tensor holding a
// copy of self (set_output_raw_strided with no strides, then result.copy_(self)).
Tensor structuredResult(const Tensor& self, WriteTarget target, const char* op) {
    if (target == WriteTarget::InPlace)
        return self;
    Tensor result =
        Tensor::allocateStrided(self.dtype(), self.sizes(), contiguousStrides(self.sizes()), self.hasValues())
            .withLayoutReason(std::string(op) +
                              " is a structured kernel: its result is allocated contiguous, "
                              "whatever self's strides, and self is copied into it");
    detail::copyValues(result, self);
    return result;
}

// The tensor index_fill and put write: self in place, else clone(self) (which keeps the strides
// of a dense input), as their out-of-place forms are written in ATen.
Tensor clonedResult(const Tensor& self, WriteTarget target, const char* op) {
    if (target == WriteTarget::InPlace)
        return self;
    return clone(self).withLayoutReason(
        std::string(op) + " is clone() then the in-place op: the clone keeps the strides of a dense "
                          "input and is contiguous otherwise");
}

// index.as_strided(...) and self.as_strided(...) of the index_fill / index_copy kernels: self
// restrided to walk `count` times over dim `dim` with stride 0. A self with no room for that
// (an empty dim of a 0-byte storage) fails as PyTorch's setStorage check does.
void checkRestrideAlongDim(const Tensor& self, std::int64_t dim, std::int64_t count) {
    Shape sizes = self.sizes();
    Shape strides = self.strides();
    sizes[static_cast<std::size_t>(dim)] = count;
    strides[static_cast<std::size_t>(dim)] = 0;
    (void)asStrided(self, sizes, strides, std::nullopt);
}

// ---- element arithmetic in the written-to dtype -------------------------------------------

enum class Reduction { Sum, Prod, Mean, Amax, Amin };

// One step `acc (op) value` of a kernel, in `dtype`: floats round each step (computing in double
// and rounding once gives the correctly rounded float32/float16 result), integers wrap, bool is
// the C++ bool arithmetic. Amax/amin propagate NaN from either side, as ReduceMaximum does.
Scalar combine(Reduction op, const Scalar& acc, const Scalar& value, DType dtype) {
    if (isComplex(dtype)) {
        const double re = op == Reduction::Prod
                              ? acc.floatValue * value.floatValue - acc.imagValue * value.imagValue
                              : acc.floatValue + value.floatValue;
        const double im = op == Reduction::Prod
                              ? acc.floatValue * value.imagValue + acc.imagValue * value.floatValue
                              : acc.imagValue + value.imagValue;
        return castScalar(Scalar::fromComplex(re, im), dtype);
    }
    if (isFloating(dtype)) {
        const double a = acc.floatValue, b = value.floatValue;
        double r = 0.0;
        switch (op) {
        case Reduction::Sum:
        case Reduction::Mean:
            r = a + b;
            break;
        case Reduction::Prod:
            r = a * b;
            break;
        case Reduction::Amax:
            r = std::isnan(b) ? b : std::max(a, b);
            break;
        case Reduction::Amin:
            r = std::isnan(b) ? b : std::min(a, b);
            break;
        }
        return castScalar(Scalar::fromFloat(r), dtype);
    }
    const std::int64_t a = acc.intValue, b = value.intValue;
    std::int64_t r = 0;
    switch (op) {
    case Reduction::Sum:
    case Reduction::Mean:
        r = wrappingAdd(a, b);
        break;
    case Reduction::Prod:
        r = wrappingMul(a, b);
        break;
    case Reduction::Amax:
        r = std::max(a, b);
        break;
    case Reduction::Amin:
        r = std::min(a, b);
        break;
    }
    return castScalar(Scalar::fromInt(r), dtype);
}

// `value * alpha` rounded (or wrapped) to dtype, as `source * alpha_value` in scalar_t.
Scalar scaled(const Scalar& value, const Scalar& alpha, DType dtype) {
    return combine(Reduction::Prod, value, alpha, dtype);
}

// out.div_(count) of scatter_reduce's mean: true division for floating and complex results,
// floor division for integers.
Scalar divideByCount(const Scalar& sum, const Scalar& count, DType dtype) {
    if (isComplex(dtype)) {
        return castScalar(
            Scalar::fromComplex(sum.floatValue / count.floatValue, sum.imagValue / count.floatValue), dtype);
    }
    if (isFloating(dtype))
        return castScalar(Scalar::fromFloat(sum.floatValue / count.floatValue), dtype);
    const std::int64_t a = sum.intValue, b = count.intValue;
    std::int64_t quotient = a / b;
    if (a % b != 0 && ((a < 0) != (b < 0)))
        --quotient;
    return castScalar(Scalar::fromInt(quotient), dtype);
}

// Element access by storage index through a tensor's lazy conjugation/negation bit.
Scalar loadAt(const Tensor& t, std::int64_t storageIndex) {
    return t.applyLazyBit(t.storage()->load(t.dtype(), storageIndex));
}
void storeAt(const Tensor& t, std::int64_t storageIndex, const Scalar& value) {
    t.storage()->store(t.dtype(), storageIndex, t.applyLazyBit(castScalar(value, t.dtype())));
}

// ---- index_add / index_copy / index_fill: whole slices along dim --------------------------

// The slices self.select(dim, k) a loop over `index` writes, each written by `write(slice, i)`
// for the i-th index: the kernels' order, so that a repeated index is written last by its last
// occurrence. `checkIndex(value)` refuses an index (and may wrap a negative one).
template <typename CheckIndex, typename Write>
void forEachIndexedSlice(const Tensor& self, std::int64_t dim, const std::vector<Scalar>& indexValues,
                         CheckIndex checkIndex, Write write) {
    for (std::size_t i = 0; i < indexValues.size(); ++i) {
        const std::int64_t k = checkIndex(indexValues[i].intValue);
        write(select(self, dim, k), static_cast<std::int64_t>(i));
    }
}

} // namespace

Tensor indexAdd(const Tensor& self, std::int64_t dim, const Tensor& index, const Tensor& source,
                const Scalar& alpha, WriteTarget target) {
    const std::int64_t d = wrapDim(dim, self.dim());
    const std::int64_t numIndices = index.numel();
    // index_func_meta_impl
    SS_CHECK(index.dim() <= 1, IndexError,
             "index_add_(): Index is supposed to be a vector, but got dim: ", index.dim(),
             " with type: ", scalarTypeName(index.dtype()), " and size: ", index.sizes());
    SS_CHECK(index.dtype() == DType::Int64 || index.dtype() == DType::Int32, RuntimeError,
             "index_add_(): Expected dtype int32/int64 for index but got: ", scalarTypeName(index.dtype()));
    SS_CHECK(self.dtype() == source.dtype(), RuntimeError, "index_add_(): self (",
             scalarTypeName(self.dtype()), ") and source (", scalarTypeName(source.dtype()),
             ") must have the same scalar type");
    SS_CHECK(d == 0 || d < source.dim(), RuntimeError, "index_add_(): Indexing dim ", d,
             " is out of bounds of the source tensor with dim ", source.dim());
    SS_CHECK(numIndices == (source.dim() == 0 ? 1 : source.size(d)), RuntimeError,
             "index_add_(): Number of indices (", numIndices, ") should be equal to source.size(dim): (",
             source.dim() == 0 ? 1 : source.size(d), "), for dim: ", d);
    checkSameDevice({&self, &index, &source}, /*allowCpuScalar=*/false);
    if (target == WriteTarget::InPlace)
        assertWritable(self, {&index, &source});
    requireIndexValues(index);
    const Tensor result = structuredResult(self, target, "index_add");
    const std::vector<Scalar> indexValues = index.values();
    const DType dtype = self.dtype();
    if (result.dim() <= 1) {
        // The kernel's loop over single elements: result[index[i]] += source[i] * alpha.
        SS_CHECK(source.dim() <= 1, RuntimeError, "source.dim() (", source.dim(),
                 ") must one or zero for given self.dim() (", self.dim(), ")");
        const Scalar factor = checkedCastScalar(alpha, dtype);
        for (const Scalar& v : indexValues)
            SS_CHECK(v.intValue >= 0 && v.intValue < result.numel(), IndexError,
                     "index out of range in self");
        if (!result.hasValues())
            return result;
        if (!source.hasValues()) {
            detail::forgetValues(result);
            return result;
        }
        const std::vector<Scalar> sourceValues = source.values();
        const std::vector<std::int64_t> cells = logicalToStorage(atleast1d(result).layout());
        for (std::size_t i = 0; i < indexValues.size(); ++i) {
            const std::int64_t at = cells[static_cast<std::size_t>(indexValues[i].intValue)];
            storeAt(
                result, at,
                combine(Reduction::Sum, loadAt(result, at), scaled(sourceValues[i], factor, dtype), dtype));
        }
        return result;
    }
    // The slice loop: result.select(dim, index[i]).add_(source.select(dim, i), alpha), through one
    // TensorIterator built for the first slices (so broadcasting is checked once, before any index).
    if (numIndices == 0)
        return result;
    const Tensor firstSlice = select(result, d, 0);
    const Shape sliceShape = firstSlice.sizes();
    const Shape broadcast = inferBroadcastShape(sliceShape, select(source, d, 0).sizes());
    SS_CHECK(broadcast == sliceShape, RuntimeError, "output with shape ", sliceShape,
             " doesn't match the broadcast shape ", broadcast);
    // One slice per index; saturated, as a huge expanded result could overflow the product.
    const std::int64_t sliceElements = std::max<std::int64_t>(firstSlice.numel(), 1);
    ValueWorkLimit::charge(numIndices > std::numeric_limits<std::int64_t>::max() / sliceElements
                               ? std::numeric_limits<std::int64_t>::max()
                               : numIndices * sliceElements);
    std::optional<Scalar> factor; // converted by the first add_, after the first index is checked
    const std::int64_t size = result.size(d);
    forEachIndexedSlice(
        result, d, indexValues,
        [&](std::int64_t k) {
            SS_CHECK(k >= 0 && k < size, IndexError, "index out of range in self");
            if (!factor)
                factor = checkedCastScalar(alpha, dtype);
            return k;
        },
        [&](const Tensor& slice, std::int64_t i) {
            if (!slice.hasValues())
                return;
            const Tensor added = expand(select(source, d, i), sliceShape);
            if (!added.hasValues()) {
                detail::forgetValues(slice);
                return;
            }
            const std::vector<Scalar> old = slice.values();
            const std::vector<Scalar> values = added.values();
            detail::writeValues(slice, [&](std::int64_t e) {
                const auto k = static_cast<std::size_t>(e);
                return combine(Reduction::Sum, old[k], scaled(values[k], *factor, dtype), dtype);
            });
        });
    return result;
}

Tensor indexCopy(const Tensor& self, std::int64_t dim, const Tensor& index, const Tensor& source,
                 WriteTarget target) {
    const std::int64_t d = wrapDim(dim, self.dim());
    // index_copy's meta function checks the written-to tensor first.
    if (target == WriteTarget::InPlace)
        assertWritable(self, {&index, &source});
    SS_CHECK(index.dim() < 2, IndexError, "index_copy_(): Index should have dimension 1 or 0 (got ",
             index.dim(), ")");
    const std::int64_t numIndices = index.numel();
    if (source.dim() == 0 && numIndices != 1)
        fail(ErrorKind::IndexError,
             "index_copy_(): When source is scalar, index should have one element (got ", numIndices, ")");
    if (source.dim() != self.dim() && source.dim() != 0 && self.dim() != 0)
        fail(ErrorKind::IndexError,
             "index_copy_(): When source and destination are not scalars, their dimensionality must match. "
             "Source "
             "dimensionality (",
             source.dim(), "), destination dimensionality (", self.dim(), ")");
    SS_CHECK(index.dtype() == DType::Int64, RuntimeError,
             "index_copy_(): Expected a long tensor for index, but got ", scalarTypeName(index.dtype()));
    SS_CHECK(self.dtype() == source.dtype(), RuntimeError,
             "index_copy_(): self and source expected to have the same dtype, but got (self) ",
             scalarTypeName(self.dtype()), " and (source) ", scalarTypeName(source.dtype()));
    SS_CHECK(deviceOf(self) == deviceOf(source) && deviceOf(self) == deviceOf(index), RuntimeError,
             "index_copy_(): self, index and source expected to be in the same device, but got (self) ",
             deviceOf(self).str(), ", (index) ", deviceOf(index).str(), ", and (source) ",
             deviceOf(source).str());
    // The slice shapes, printed as c10 prints a std::vector (sizes separated by spaces).
    const auto sliced = [d](const Tensor& t) {
        Shape sizes = t.sizes();
        if (!sizes.empty())
            sizes.erase(sizes.begin() + d);
        return sizes;
    };
    const auto spaced = [](const Shape& sizes) {
        std::string text;
        for (std::size_t i = 0; i < sizes.size(); ++i)
            text += (i ? " " : "") + std::to_string(sizes[i]);
        return text;
    };
    const Shape selfSlice = sliced(self), sourceSlice = sliced(source);
    SS_CHECK(
        selfSlice == sourceSlice, RuntimeError,
        "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: ",
        spaced(selfSlice), " at dimension ", d, " and source slice shape: ", spaced(sourceSlice),
        " at dimension 0.");
    SS_CHECK(source.dim() == 0 || numIndices == source.size(d), IndexError,
             "index_copy_(): Number of indices (", numIndices, ") should be equal to source.size(dim) (",
             source.dim() == 0 ? 1 : source.size(d), ")");
    requireIndexValues(index);
    const Tensor result = structuredResult(self, target, "index_copy");
    const Tensor resultNonzero = atleast1d(result);
    const Tensor sourceNonzero = atleast1d(source);
    checkRestrideAlongDim(resultNonzero, d, numIndices);
    const std::int64_t size = resultNonzero.size(d);
    forEachIndexedSlice(
        resultNonzero, d, index.values(),
        [&](std::int64_t k) {
            SS_CHECK(k >= 0 && k < size, IndexError, "index_copy_(): index ", k,
                     " is out of bounds for dimension ", d, " with size ", size);
            return k;
        },
        [&](const Tensor& slice, std::int64_t i) { detail::copyValues(slice, select(sourceNonzero, d, i)); });
    return result;
}

Tensor indexFill(const Tensor& self, std::int64_t dim, const Tensor& index, const Operand& value,
                 WriteTarget target) {
    // The Tensor overload reads its value with item() before anything else.
    Scalar fill = value.scalar;
    if (value.tensor) {
        SS_CHECK(value.tensor->dim() == 0, RuntimeError,
                 "index_fill_ only supports a 0-dimensional value tensor, but got tensor with ",
                 value.tensor->dim(), " dimension(s).");
        SS_CHECK(value.tensor->hasValues(), RuntimeError,
                 "the value of this tensor is not kept (layout only)");
        fill = value.tensor->valueAt({});
    }
    SS_CHECK(index.dtype() == DType::Int64, IndexError, "index_fill_(): Expected dtype int64 for index.");
    // index_fill_ only warns about an expanded self ("Use of index_fill_ on expanded tensors is
    // deprecated") and writes through it; an index sharing self's memory is refused.
    if (target == WriteTarget::InPlace)
        assertNoOverlap(self, index);
    SS_CHECK(isComplex(self.dtype()) || !fill.isComplex(), RuntimeError,
             "index_fill_(): Converting complex Scalar to non-complex type is not supported");
    const Tensor result = clonedResult(self, target, "index_fill");
    const Tensor resultNonzero = atleast1d(result);
    const std::int64_t d = wrapDim(dim, resultNonzero.dim());
    SS_CHECK(index.dim() <= 1, RuntimeError, "Index has to be a vector/scalar");
    checkSameDevice({&result, &index}, /*allowCpuScalar=*/false);
    requireIndexValues(index);
    checkRestrideAlongDim(resultNonzero, d, index.numel());
    const Scalar converted = checkedCastScalar(fill, self.dtype());
    const std::int64_t size = resultNonzero.size(d);
    forEachIndexedSlice(
        resultNonzero, d, index.values(),
        [&](std::int64_t k) {
            SS_CHECK(k >= -size && k < size, IndexError, "index ", k, " is out of bounds for dimension ", d,
                     " with size ", size);
            return k < 0 ? k + size : k;
        },
        [&](const Tensor& slice, std::int64_t) {
            detail::writeValues(slice, [&](std::int64_t) { return converted; });
        });
    return result;
}

// ---- scatter_add / scatter_reduce: element by element along dim ---------------------------

namespace {

// scatter_gather_dtype_check and scatter_shape_check (ScatterGatherChecks.h), sizes of 0-dim
// tensors counted as [1] (ensure_nonempty_*). An empty index skips the index checks.
void checkScatterArguments(const Tensor& self, std::int64_t dim, const Tensor& index, const Tensor* src) {
    if (index.numel() != 0)
        SS_CHECK(index.dtype() == DType::Int64, RuntimeError, "scatter(): Expected dtype int64 for index");
    if (src)
        SS_CHECK(self.dtype() == src->dtype(), RuntimeError,
                 "scatter(): Expected self.dtype to be equal to src.dtype");
    if (index.numel() == 0)
        return;
    const auto rank = [](const Tensor& t) { return std::max<std::int64_t>(t.dim(), 1); };
    // A src of lower rank fails in size(d) itself ("Dimension out of range").
    const auto sizeAt = [](const Tensor& t, std::int64_t d) { return t.dim() == 0 ? 1 : t.size(d); };
    SS_CHECK(rank(self) == rank(index), RuntimeError,
             "Index tensor must have the same number of dimensions as self tensor");
    bool wrongShape = false;
    for (std::int64_t d = 0; d < rank(self); ++d)
        wrongShape |= d != dim && sizeAt(index, d) > sizeAt(self, d);
    if (!src) { // scatter(dim, index, value)
        SS_CHECK(!wrongShape, RuntimeError, "Expected index ", index.sizes(), " to be smaller than self ",
                 self.sizes(), " apart from dimension ", dim);
        return;
    }
    if (!wrongShape)
        for (std::int64_t d = 0; d < rank(self); ++d)
            wrongShape |= sizeAt(index, d) > sizeAt(*src, d);
    SS_CHECK(rank(*src) == rank(index), RuntimeError,
             "Index tensor must have the same number of dimensions as src tensor");
    SS_CHECK(!wrongShape, RuntimeError, "Expected index ", index.sizes(), " to be smaller than self ",
             self.sizes(), " apart from dimension ", dim, " and to be smaller size than src ", src->sizes());
}

std::optional<Reduction> reductionNamed(const std::string& name) {
    if (name == "sum")
        return Reduction::Sum;
    if (name == "prod")
        return Reduction::Prod;
    if (name == "mean")
        return Reduction::Mean;
    if (name == "amax")
        return Reduction::Amax;
    if (name == "amin")
        return Reduction::Amin;
    return std::nullopt;
}

// The kernel's dtype dispatch: mean has no bool kernel, amax/amin no complex one.
void checkReductionDtype(Reduction op, DType dtype) {
    const char* kernel = op == Reduction::Mean   ? "scatter_gather_tensor_cpu_reduce_mean"
                         : op == Reduction::Amax ? "scatter_gather_tensor_cpu_reduce_amax"
                         : op == Reduction::Amin ? "scatter_gather_tensor_cpu_reduce_amin"
                                                 : nullptr;
    const bool refused = (op == Reduction::Mean && dtype == DType::Bool) ||
                         ((op == Reduction::Amax || op == Reduction::Amin) && isComplex(dtype));
    SS_CHECK(!refused, RuntimeError, dispatchRefusal(kernel, dtype));
}

// What include_self=False writes at every scattered position first (scatter_reduce_exclude_self_helper):
// the identity of the reduction, -inf/+inf (or the dtype's lowest/highest) for amax/amin.
Scalar reductionIdentity(Reduction op, DType dtype) {
    const bool wantLowest = op == Reduction::Amax;
    switch (op) {
    case Reduction::Sum:
    case Reduction::Mean:
        return castScalar(Scalar::fromInt(0), dtype);
    case Reduction::Prod:
        return castScalar(Scalar::fromInt(1), dtype);
    case Reduction::Amax:
    case Reduction::Amin:
        break;
    }
    if (isFloating(dtype))
        return Scalar::fromFloat(wantLowest ? -std::numeric_limits<double>::infinity()
                                            : std::numeric_limits<double>::infinity());
    if (dtype == DType::Bool)
        return Scalar::fromBool(!wantLowest);
    // numeric_limits<scalar_t>::lowest() / max() of the integer dtypes.
    const int bits = itemSize(dtype) * 8;
    const bool isUnsigned = dtype == DType::UInt8;
    const std::int64_t highest = isUnsigned   ? (std::int64_t(1) << bits) - 1
                                 : bits == 64 ? std::numeric_limits<std::int64_t>::max()
                                              : (std::int64_t(1) << (bits - 1)) - 1;
    const std::int64_t lowest = isUnsigned   ? 0
                                : bits == 64 ? std::numeric_limits<std::int64_t>::min()
                                             : -highest - 1;
    return Scalar::fromInt(wantLowest ? lowest : highest);
}

// The cells a scatter along `dim` touches: for each element p of the index (row-major), the
// storage index of self at p with p[dim] replaced by index[p] (checked against self's size
// there), and the logical position of p in src.
struct ScatterCell {
    std::int64_t target;
    std::int64_t sourcePosition;
};

std::vector<ScatterCell> scatterCells(const Tensor& self, std::int64_t dim, const Tensor& index,
                                      const Tensor& src) {
    const Tensor self1d = atleast1d(self), index1d = atleast1d(index), src1d = atleast1d(src);
    const std::int64_t size = self1d.size(dim);
    const std::vector<Scalar> indexValues = index1d.values();
    std::vector<ScatterCell> cells;
    cells.reserve(indexValues.size());
    std::size_t k = 0;
    index1d.forEachElement([&](const Shape& at, std::int64_t) {
        const std::int64_t v = indexValues[k++].intValue;
        SS_CHECK(v >= 0 && v < size, RuntimeError, "index ", v, " is out of bounds for dimension ", dim,
                 " with size ", size);
        Shape targetIndex = at;
        targetIndex[static_cast<std::size_t>(dim)] = v;
        std::int64_t position = 0;
        for (std::size_t j = 0; j < at.size(); ++j)
            position = position * src1d.sizes()[j] + at[j];
        cells.push_back({storageIndexOf(self1d.layout(), targetIndex), position});
    });
    return cells;
}

// The common body of scatter_add and scatter_reduce, after the meta checks: the kernel's passes
// over the index into `result`.
void scatterReduceInto(const Tensor& result, std::int64_t dim, const Tensor& index, const Tensor& src,
                       Reduction op, bool includeSelf) {
    const DType dtype = result.dtype();
    if (index.numel() == 0) {
        // Only mean's division still runs, and bool has no floor division.
        SS_CHECK(!(op == Reduction::Mean && dtype == DType::Bool), RuntimeError,
                 dispatchRefusal("div_floor_cpu", DType::Bool));
        return;
    }
    requireIndexValues(index);
    // With include_self=False a scatter_(dim, index, identity) runs first: it checks the indices
    // before the reduction kernel's dtype dispatch can refuse.
    if (includeSelf)
        checkReductionDtype(op, dtype);
    const std::vector<ScatterCell> cells = scatterCells(result, dim, index, src);
    if (!includeSelf) {
        checkReductionDtype(op, dtype);
        if (result.hasValues())
            for (const ScatterCell& cell : cells)
                storeAt(result, cell.target, reductionIdentity(op, dtype));
    }
    if (!result.hasValues())
        return;
    if (!src.hasValues()) {
        detail::forgetValues(result);
        return;
    }
    const std::vector<Scalar> srcValues = src.values();
    for (const ScatterCell& cell : cells)
        storeAt(result, cell.target,
                combine(op, loadAt(result, cell.target),
                        srcValues[static_cast<std::size_t>(cell.sourcePosition)], dtype));
    if (op != Reduction::Mean)
        return;
    // count = (include_self ? ones : zeros).scatter_add_(dim, index, ones), zeros made ones; then
    // result.div_(count). Counting in the dtype, as ATen's count tensor does.
    std::map<std::int64_t, Scalar> counts; // by the storage index of each touched cell
    const Scalar one = castScalar(Scalar::fromInt(1), dtype);
    for (const ScatterCell& cell : cells) {
        const auto found =
            counts.try_emplace(cell.target, includeSelf ? one : castScalar(Scalar::fromInt(0), dtype)).first;
        found->second = combine(Reduction::Sum, found->second, one, dtype);
    }
    for (const auto& [target, count] : counts) {
        const bool zero =
            isFloating(dtype) || isComplex(dtype) ? count.floatValue == 0.0 : count.intValue == 0;
        storeAt(result, target, divideByCount(loadAt(result, target), zero ? one : count, dtype));
    }
}

Tensor scatterWithReduction(const Tensor& self, std::int64_t dim, const Tensor& index, const Tensor& src,
                            const std::optional<std::string>& reduce, bool includeSelf, WriteTarget target) {
    const std::int64_t d = wrapDim(dim, self.dim());
    checkScatterArguments(self, d, index, &src);
    checkSameDevice({&self, &index, &src}, /*allowCpuScalar=*/false);
    if (target == WriteTarget::InPlace)
        assertWritable(self, {&index, &src});
    Reduction op = Reduction::Sum;
    if (reduce) {
        const std::optional<Reduction> named = reductionNamed(*reduce);
        SS_CHECK(named.has_value(), RuntimeError,
                 "reduce argument must be either sum, prod, mean, amax or amin.");
        op = *named;
    }
    const Tensor result = structuredResult(self, target, reduce ? "scatter_reduce" : "scatter_add");
    scatterReduceInto(result, d, index, src, op, includeSelf);
    return result;
}

} // namespace

Tensor scatter(const Tensor& self, std::int64_t dim, const Tensor& index, const Operand& src,
               WriteTarget target) {
    const std::int64_t d = wrapDim(dim, self.dim());
    const Tensor* srcTensor = src.tensor ? &*src.tensor : nullptr;
    checkScatterArguments(self, d, index, srcTensor);
    checkSameDevice({&self, &index}, /*allowCpuScalar=*/false);
    if (srcTensor)
        checkSameDevice({&self, srcTensor}, /*allowCpuScalar=*/false);
    if (target == WriteTarget::InPlace) {
        assertNoInternalOverlap(self);
        assertNoOverlap(self, index);
        if (srcTensor)
            assertNoOverlap(self, *srcTensor);
    }
    const Tensor result = structuredResult(self, target, "scatter");
    if (index.numel() == 0)
        return result;
    requireIndexValues(index);
    const std::vector<ScatterCell> cells = scatterCells(result, d, index, srcTensor ? *srcTensor : index);
    if (!result.hasValues())
        return result;
    if (srcTensor && !srcTensor->hasValues()) {
        detail::forgetValues(result);
        return result;
    }
    const std::vector<Scalar> srcValues = srcTensor ? srcTensor->values() : std::vector<Scalar>{};
    for (const ScatterCell& cell : cells)
        storeAt(result, cell.target,
                srcTensor ? srcValues[static_cast<std::size_t>(cell.sourcePosition)] : src.scalar);
    return result;
}

Tensor scatterAdd(const Tensor& self, std::int64_t dim, const Tensor& index, const Tensor& src,
                  WriteTarget target) {
    return scatterWithReduction(self, dim, index, src, std::nullopt, true, target);
}

Tensor scatterReduce(const Tensor& self, std::int64_t dim, const Tensor& index, const Tensor& src,
                     const std::string& reduce, bool includeSelf, WriteTarget target) {
    return scatterWithReduction(self, dim, index, src, reduce, includeSelf, target);
}

// ---- put / take_along_dim -----------------------------------------------------------------

Tensor put(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate,
           WriteTarget target) {
    SS_CHECK(index.dtype() == DType::Int64, RuntimeError,
             "put_(): Expected a long tensor for index, but got ", scalarTypeName(index.dtype()));
    SS_CHECK(self.dtype() == source.dtype(), RuntimeError,
             "put_(): self and source expected to have the same dtype, but got self.dtype = ",
             scalarTypeName(self.dtype()), " and source.dtype = ", scalarTypeName(source.dtype()));
    SS_CHECK(deviceOf(self) == deviceOf(source) && deviceOf(self) == deviceOf(index), RuntimeError,
             "put_(): self, index and source expected to be in the same device, but got self.device = ",
             deviceOf(self).str(), ", index.device = ", deviceOf(index).str(),
             ", and source.device = ", deviceOf(source).str());
    SS_CHECK(
        source.numel() == index.numel(), IndexError,
        "put_(): Expected source and index to have the same number of elements, but got source.numel() = ",
        source.numel(), ", index.numel() = ", index.numel());
    SS_CHECK(!(self.numel() == 0 && index.numel() != 0), IndexError,
             "put_(): Tried to put elements into an empty tensor");
    if (target == WriteTarget::InPlace)
        assertWritable(self, {&index, &source});
    const Tensor result = clonedResult(self, target, "put");
    if (index.numel() == 0)
        return result;
    requireIndexValues(index);
    const std::int64_t n = result.numel();
    std::vector<std::int64_t> positions; // in self's row-major order, negatives wrapped
    for (const Scalar& v : index.values()) {
        SS_CHECK(v.intValue >= -n && v.intValue < n, IndexError, "out of range: tried to access index ",
                 v.intValue, " on a tensor of ", n, " elements.");
        positions.push_back(v.intValue < 0 ? v.intValue + n : v.intValue);
    }
    if (!result.hasValues())
        return result;
    if (!source.hasValues()) {
        detail::forgetValues(result);
        return result;
    }
    const std::vector<std::int64_t> cells = logicalToStorage(result.layout());
    const std::vector<Scalar> values = source.values();
    for (std::size_t k = 0; k < positions.size(); ++k) {
        const std::int64_t at = cells[static_cast<std::size_t>(positions[k])];
        storeAt(result, at,
                accumulate ? combine(Reduction::Sum, loadAt(result, at), values[k], result.dtype())
                           : values[k]);
    }
    return result;
}

Tensor takeAlongDim(const Tensor& self, const Tensor& indices, std::optional<std::int64_t> dim) {
    // checkDevice("torch.take_along_dim():", {self, indices}, self.device())
    SS_CHECK(deviceOf(indices) == deviceOf(self), RuntimeError, "Expected tensor to have ",
             deviceOf(self).str(), " Device, but got tensor with ", deviceOf(indices).str(),
             " Device (while checking arguments for torch.take_along_dim():)");
    if (!dim)
        return gather(view(self, {-1}), 0, view(indices, {-1}))
            .withLayoutReason(
                "take_along_dim without dim gathers from self.view(-1): a new contiguous 1-D tensor");
    // _take_along_dim_helper: both are broadcast over every dim but `dim`, where each keeps its size.
    SS_CHECK(self.dim() == indices.dim(), RuntimeError,
             "torch.take_along_dim(): input and indices should have the same number of dimensions, but got ",
             self.dim(), " dimensions for input, and ", indices.dim(), " dimensions for indices");
    SS_CHECK(indices.dtype() == DType::Int64, RuntimeError,
             "torch.take_along_dim(): dtype of indices should be Long but got ",
             scalarTypeName(indices.dtype()));
    const std::int64_t d = wrapDim(*dim, self.dim());
    Shape selfSizes = self.sizes();
    selfSizes[static_cast<std::size_t>(d)] = indices.size(d);
    const Tensor indicesBroadcast = expand(indices, inferBroadcastShape(selfSizes, indices.sizes()));
    Shape indicesSizes = indices.sizes();
    indicesSizes[static_cast<std::size_t>(d)] = self.size(d);
    const Tensor selfBroadcast = expand(self, inferBroadcastShape(indicesSizes, self.sizes()));
    return gather(selfBroadcast, d, indicesBroadcast)
        .withLayoutReason(
            "take_along_dim gathers into a new contiguous tensor of the broadcast indices' shape");
}

} // namespace stridescope::ops
