// Indexing that copies (PyTorch 1.13's advanced indexing: torch/csrc/autograd/python_variable_indexing.cpp
// applySlicing, then aten/src/ATen/native/TensorAdvancedIndexing.cpp make_info / AdvancedIndex),
// the index_* / masked_* / gather / scatter / take / nonzero ops, and hstack / vstack / dstack.
//
// How x[items] with tensor indices works, on a high level:
//  1. the basic items are applied as views (integers select, slices slice, None unsqueezes) and
//     each tensor index is recorded at the dim it stands for (a mask counts as one position here);
//  2. masks become the long index tensors of their nonzero() columns, one per dim they cover;
//  3. the index tensors broadcast together: their shape replaces the dims they index;
//  4. if the indexed dims are not adjacent, they move to the front first (transposeToFront);
//  5. the result is laid out by TensorIterator's rule over the source restrided (0 strides for
//     the replaced dims) and the index tensors reshaped to the result's rank: a new storage.
#include "Arithmetic.h"

#include "Analysis.h"
#include "Broadcast.h"
#include "DeviceOps.h"
#include "Elementwise.h"
#include "Error.h"
#include "GatheredCells.h"
#include "LayoutWalk.h"
#include "MemoryOverlap.h"
#include "ShapeOps.h"
#include "TensorIterator.h"
#include "ValueWorkLimit.h"

#include <limits>
#include <numeric>

namespace stridescope::ops {

namespace {

bool isMask(const Tensor& t) { return t.dtype() == DType::Bool || t.dtype() == DType::UInt8; }

std::int64_t integerAt(const std::vector<Scalar>& values, std::size_t i) { return values[i].intValue; }

// Steps 2 to 4: the source (possibly permuted) and one index tensor per source dim (undefined
// where the dim is not indexed), broadcast together.
struct IndexPlan {
    Tensor src;
    std::vector<std::optional<Tensor>> indices; // broadcast to `replacement`
    Shape replacement;
    std::int64_t dimsBefore = 0;
    std::int64_t dimsIndexed = 0;
};

std::string shapesText(const std::vector<std::optional<Tensor>>& indices) {
    std::string out;
    for (const auto& index : indices) {
        if (!index)
            continue;
        std::ostringstream s;
        s << concatMessage(index->sizes());
        out += (out.empty() ? "" : ", ") + s.str();
    }
    return out;
}

IndexPlan makePlan(const Tensor& self, const std::vector<std::optional<Tensor>>& given) {
    for (const auto& index : given) {
        if (!index)
            continue;
        SS_CHECK(index->dtype() == DType::Int64 || isMask(*index), IndexError,
                 "tensors used as indices must be long, byte or bool tensors");
        requireIndexValues(*index);
    }
    // expandTensors
    std::vector<std::optional<Tensor>> indices;
    for (std::size_t i = 0; i < given.size(); ++i) {
        if (!given[i] || !isMask(*given[i])) {
            indices.push_back(given[i]);
            continue;
        }
        const Tensor& mask = *given[i];
        for (std::int64_t j = 0; j < mask.dim(); ++j) {
            const std::int64_t srcDim = static_cast<std::int64_t>(indices.size()) + j;
            SS_CHECK(srcDim < self.dim(), IndexError, "too many indices for tensor of dimension ", self.dim());
            SS_CHECK(mask.sizes()[static_cast<std::size_t>(j)] == self.sizes()[static_cast<std::size_t>(srcDim)],
                     IndexError, "The shape of the mask ", mask.sizes(), " at index ", j,
                     " does not match the shape of the indexed tensor ", self.sizes(), " at index ", srcDim);
        }
        const Tensor nz = nonzero(mask);
        // nonzero's result keeps values up to Storage::kMaxValueElements, like any tensor.
        SS_CHECK(nz.hasValues(), RuntimeError, "this mask selects ", nz.sizes()[0],
                 " elements: their indices are more values than StrideScope keeps (",
                 Storage::kMaxValueElements, " elements per storage)");
        for (std::int64_t j = 0; j < mask.dim(); ++j)
            indices.push_back(select(nz, 1, j));
    }
    SS_CHECK(static_cast<std::int64_t>(indices.size()) <= self.dim(), IndexError,
             "too many indices for tensor of dimension ", self.dim());
    // expand_outplace
    std::vector<Shape> shapes;
    for (const auto& index : indices)
        if (index)
            shapes.push_back(index->sizes());
    IndexPlan plan;
    try {
        plan.replacement = inferBroadcastShape(shapes);
    } catch (const TensorError&) {
        fail(ErrorKind::IndexError, "shape mismatch: indexing tensors could not be broadcast together with shapes ",
             shapesText(indices));
    }
    for (auto& index : indices)
        if (index)
            index = expand(*index, plan.replacement);
    indices.resize(static_cast<std::size_t>(self.dim()));
    // hasContiguousSubspace, else transposeToFront
    std::vector<std::size_t> defined;
    for (std::size_t i = 0; i < indices.size(); ++i)
        if (indices[i])
            defined.push_back(i);
    const bool adjacent = defined.back() - defined.front() + 1 == defined.size();
    plan.src = self;
    if (!adjacent) {
        Shape order;
        std::vector<std::optional<Tensor>> moved;
        for (std::size_t i : defined) {
            order.push_back(static_cast<std::int64_t>(i));
            moved.push_back(indices[i]);
        }
        for (std::size_t i = 0; i < indices.size(); ++i)
            if (!indices[i]) {
                order.push_back(static_cast<std::int64_t>(i));
                moved.emplace_back();
            }
        plan.src = permute(self, order);
        indices = moved;
    }
    plan.indices = indices;
    bool seen = false;
    for (const auto& index : indices) {
        if (index) {
            seen = true;
            ++plan.dimsIndexed;
        } else if (!seen) {
            ++plan.dimsBefore;
        }
    }
    bool indexedEmpty = false;
    for (std::size_t i = 0; i < indices.size(); ++i)
        indexedEmpty |= indices[i] && plan.src.sizes()[i] == 0;
    const bool replacementEmpty =
        std::find(plan.replacement.begin(), plan.replacement.end(), 0) != plan.replacement.end();
    SS_CHECK(!indexedEmpty || replacementEmpty, IndexError, "index is out of bounds for dimension with size 0");
    return plan;
}

Shape resultShape(const IndexPlan& plan) {
    const Shape& sizes = plan.src.sizes();
    Shape shape(sizes.begin(), sizes.begin() + plan.dimsBefore);
    shape.insert(shape.end(), plan.replacement.begin(), plan.replacement.end());
    shape.insert(shape.end(), sizes.begin() + plan.dimsBefore + plan.dimsIndexed, sizes.end());
    return shape;
}

// For each element of the result, in row-major order, the storage index of the source element
// it reads. Checks the index values (cpu_index_kernel's message names the index's position).
std::vector<std::int64_t> sourceElements(const IndexPlan& plan) {
    std::vector<std::vector<Scalar>> indexValues;
    std::vector<std::int64_t> indexedSizes;
    for (std::size_t i = 0; i < plan.indices.size(); ++i) {
        if (!plan.indices[i])
            continue;
        indexValues.push_back(plan.indices[i]->values());
        indexedSizes.push_back(plan.src.sizes()[i]);
    }
    const Shape shape = resultShape(plan);
    const std::int64_t n = checkedNumel(shape);
    ValueWorkLimit::charge(n); // an expanded source can make a huge result
    std::vector<std::int64_t> result;
    result.reserve(static_cast<std::size_t>(n));
    const std::size_t before = static_cast<std::size_t>(plan.dimsBefore);
    const std::size_t replaced = plan.replacement.size();
    const Layout& src = plan.src.layout();
    // The result's shape over the source's strides, the replaced dims at stride 0: the walk
    // gives the part of the storage index that the plain (not indexed) dims contribute.
    Layout plain{shape, Shape(src.strides.begin(), src.strides.begin() + plan.dimsBefore), src.storageOffset};
    plain.strides.insert(plain.strides.end(), replaced, 0);
    plain.strides.insert(plain.strides.end(), src.strides.begin() + plan.dimsBefore + indexValues.size(),
                         src.strides.end());
    forEachIndexAndStorage(plain, n, [&](const Shape& index, std::int64_t at, std::int64_t) {
        // The position inside the broadcast index shape.
        std::int64_t r = 0;
        for (std::size_t k = 0; k < replaced; ++k)
            r = r * plan.replacement[k] + index[before + k];
        for (std::size_t k = 0; k < indexValues.size(); ++k) {
            std::int64_t v = integerAt(indexValues[k], static_cast<std::size_t>(r));
            const std::int64_t size = indexedSizes[k];
            SS_CHECK(v >= -size && v < size, IndexError, "index ", v, " is out of bounds for dimension ", k,
                     " with size ", size);
            if (v < 0)
                v += size;
            at += v * src.strides[before + k];
        }
        result.push_back(at);
    });
    return result;
}

// cpu_index_kernel's bounds check (its message names the index's position, not the dim).
void checkIndexBounds(const IndexPlan& plan) {
    std::size_t k = 0;
    for (std::size_t i = 0; i < plan.indices.size(); ++i) {
        if (!plan.indices[i])
            continue;
        const std::int64_t size = plan.src.sizes()[i];
        for (const Scalar& v : plan.indices[i]->values())
            SS_CHECK(v.intValue >= -size && v.intValue < size, IndexError, "index ", v.intValue,
                     " is out of bounds for dimension ", k, " with size ", size);
        ++k;
    }
}

// Step 5: the result's layout, by the TensorIterator rule over the restrided source and the
// reshaped indices (make_index_iterator).
OutputLayout indexLayout(const IndexPlan& plan) {
    const Shape shape = resultShape(plan);
    const std::size_t before = static_cast<std::size_t>(plan.dimsBefore);
    Layout src;
    src.sizes = shape;
    const Shape& strides = plan.src.strides();
    src.strides.assign(strides.begin(), strides.begin() + plan.dimsBefore);
    src.strides.insert(src.strides.end(), plan.replacement.size(), 0);
    src.strides.insert(src.strides.end(), strides.begin() + plan.dimsBefore + plan.dimsIndexed, strides.end());
    std::vector<LayoutOperand> operands{{src, "the source", false}};
    const std::size_t after = plan.src.sizes().size() - before - static_cast<std::size_t>(plan.dimsIndexed);
    for (const auto& index : plan.indices) {
        if (!index)
            continue;
        Shape reshaped(before, 1);
        reshaped.insert(reshaped.end(), index->sizes().begin(), index->sizes().end());
        reshaped.insert(reshaped.end(), after, 1);
        operands.push_back({reshape(*index, reshaped).layout(), "the index", false});
    }
    OutputLayout layout = computeOutputLayout(operands);
    layout.reason = "advanced indexing copies into a new storage; " + layout.reason;
    return layout;
}

// applySlicing: the view of the basic items, with each tensor item recorded at its dim.
Tensor applySlicing(const Tensor& self, const std::vector<AdvancedItem>& items,
                    std::vector<std::optional<Tensor>>& indices) {
    std::int64_t specified = 0;
    for (const AdvancedItem& item : items) {
        if (item.isTensor)
            specified += (isMask(item.tensor) ? item.tensor.dim() : 1);
        else if (item.basic.kind == IndexItem::Kind::Integer || item.basic.kind == IndexItem::Kind::Slice)
            ++specified;
    }
    SS_CHECK(specified <= self.dim(), IndexError, "too many indices for tensor of dimension ", self.dim());
    Tensor result = self;
    std::int64_t dim = 0;
    const auto record = [&](const Tensor& t) {
        indices.resize(static_cast<std::size_t>(dim + 1));
        indices[static_cast<std::size_t>(dim)] = t;
        ++dim;
    };
    for (const AdvancedItem& item : items) {
        if (item.isTensor) {
            const Tensor& t = item.tensor;
            if (t.dim() == 0 && isIntegral(t.dtype(), true) && !isMask(t)) {
                SS_CHECK(t.hasValues(), RuntimeError, "the values of this tensor are not kept (layout only)");
                result = select(result, dim, t.valueAt({}).intValue);
            } else if (t.dim() == 0 && isMask(t)) {
                // x[True] unsqueezes and indexes the new dim with [0] (or with an empty index for False).
                result = unsqueeze(result, dim);
                const bool truth = t.hasValues() && t.valueAt({}).intValue != 0;
                Tensor index = Tensor::allocate(DType::Int64, {truth ? 1 : 0});
                record(index);
            } else {
                record(t);
            }
            continue;
        }
        const IndexItem& basic = item.basic;
        switch (basic.kind) {
        case IndexItem::Kind::Integer:
            result = select(result, dim, basic.integer);
            break;
        case IndexItem::Kind::Slice:
            result = slice(result, dim, basic.start, basic.stop, basic.step.value_or(1));
            ++dim;
            break;
        case IndexItem::Kind::None:
            result = unsqueeze(result, dim);
            ++dim;
            break;
        case IndexItem::Kind::Ellipsis:
            dim += self.dim() - specified;
            break;
        }
    }
    return result;
}

} // namespace

void requireIndexValues(const Tensor& index) {
    SS_CHECK(index.hasValues(), RuntimeError, "the values of this index tensor are not kept (layout only)");
}

Tensor advancedIndex(const Tensor& self, const std::vector<AdvancedItem>& items) {
    // The copy lives on self's device (x[idx] is not a torch.* call, so no scope is set yet).
    AllocationScope onSelfDevice(Placement{deviceOf(self), false});
    std::vector<std::optional<Tensor>> indices;
    const Tensor sliced = applySlicing(self, items, indices);
    bool anyTensor = false;
    for (const auto& index : indices) {
        anyTensor |= index.has_value();
        if (index)
            requireIndexValues(*index);
    }
    if (!anyTensor)
        return sliced; // only basic items (or 0-dim integer tensors): a view
    const IndexPlan plan = makePlan(sliced, indices);
    const OutputLayout layout = indexLayout(plan);
    Tensor result = Tensor::allocateStrided(self.dtype(), layout.sizes, layout.strides, self.hasValues())
                        .withLayoutReason(layout.reason);
    checkIndexBounds(plan);
    if (!result.hasValues())
        return result;
    std::vector<std::int64_t> sources = sourceElements(plan);
    const Storage& storage = *plan.src.storage();
    detail::writeValues(result, [&](std::int64_t i) {
        return plan.src.applyLazyBit(storage.load(self.dtype(), sources[static_cast<std::size_t>(i)]));
    });
    recordGatheredCells(result, plan.src.storage(), self.elementSize(), std::move(sources));
    return result;
}

void advancedSetIndex(const Tensor& self, const std::vector<AdvancedItem>& items, const Operand& value,
                      bool accumulate) {
    std::vector<std::optional<Tensor>> indices;
    const Tensor sliced = applySlicing(self, items, indices);
    Tensor source;
    if (value.tensor) {
        source = *value.tensor;
    } else {
        source = Tensor::allocate(self.dtype(), {});
        source.storage()->store(self.dtype(), 0, checkedCastScalar(value.scalar, self.dtype()));
    }
    bool anyTensor = false;
    for (const auto& index : indices)
        anyTensor |= index.has_value();
    if (!anyTensor) {
        setIndex(self, {}, Operand::of(source)); // unreachable from the interpreter: it routes basic items there
        return;
    }
    for (const auto& index : indices)
        if (index)
            requireIndexValues(*index);
    // _index_put_impl_'s checks: an expanded destination is only warned about; an overlapping value is refused.
    assertNoPartialOverlap(sliced, source);
    SS_CHECK(source.dtype() == self.dtype(), RuntimeError,
             "Index put requires the source and destination dtypes match, got ", scalarTypeName(self.dtype()),
             " for the destination and ", scalarTypeName(source.dtype()), " for the source.");
    const IndexPlan plan = makePlan(sliced, indices);
    const Shape shape = resultShape(plan);
    Shape broadcast;
    try {
        broadcast = inferBroadcastShape(shape, source.sizes());
    } catch (const TensorError&) {
        broadcast.clear();
    }
    SS_CHECK(broadcast == shape, RuntimeError, "shape mismatch: value tensor of shape ", source.sizes(),
             " cannot be broadcast to indexing result of shape ", shape);
    checkIndexBounds(plan);
    if (!self.hasValues())
        return;
    // One write per element of the indexing result: bounded like the values of one storage.
    SS_CHECK(checkedNumel(shape) <= Storage::kMaxValueElements, RuntimeError, "this index writes ", checkedNumel(shape),
             " elements; StrideScope writes at most ", Storage::kMaxValueElements, " through one index");
    const std::vector<std::int64_t> targets = sourceElements(plan);
    if (!source.hasValues()) {
        detail::forgetValues(self);
        return;
    }
    const std::vector<Scalar> values = expand(source, shape).values();
    Storage& storage = *self.storage();
    for (std::size_t i = 0; i < targets.size(); ++i) {
        Scalar v = values[i];
        if (accumulate) {
            const Scalar old = self.applyLazyBit(storage.load(self.dtype(), targets[i]));
            v = castScalar(v, self.dtype());
            v = isComplex(self.dtype())
                    ? Scalar::fromComplex(old.floatValue + v.floatValue, old.imagValue + v.imagValue)
                : isFloating(self.dtype()) ? Scalar::fromFloat(old.floatValue + v.floatValue)
                                           : Scalar::fromInt(wrappingAdd(old.intValue, v.intValue));
        }
        storage.store(self.dtype(), targets[i], self.applyLazyBit(castScalar(v, self.dtype())));
    }
}

Tensor nonzero(const Tensor& self) {
    SS_CHECK(self.hasValues(), RuntimeError,
             "nonzero needs the values of its input, which are not kept (layout only)");
    std::vector<Shape> found;
    const Storage& storage = *self.storage();
    self.forEachElement([&](const Shape& index, std::int64_t at) {
        const Scalar v = self.applyLazyBit(storage.load(self.dtype(), at));
        // A complex element is nonzero when either part is (torch.nonzero(tensor([1j])) finds it,
        // although .bool() and any() of complex read only the real part in 1.13).
        const bool nonzero =
            v.isFloat() ? v.floatValue != 0.0 || (v.isComplex() && v.imagValue != 0.0) : v.intValue != 0;
        if (nonzero)
            found.push_back(index);
    });
    // Strides (1, n): PyTorch's CPU kernel fills the transpose of an (ndim, n) tensor.
    const auto n = static_cast<std::int64_t>(found.size());
    const Shape shape{n, self.dim()};
    Tensor result = Tensor::allocateStrided(DType::Int64, shape, {1, n})
                        .withLayoutReason("nonzero fills the transpose of a contiguous (ndim, n) tensor: strides (1, n)");
    detail::writeValues(result, [&](std::int64_t i) {
        const auto row = static_cast<std::size_t>(i / std::max<std::int64_t>(self.dim(), 1));
        const auto col = static_cast<std::size_t>(i % std::max<std::int64_t>(self.dim(), 1));
        return Scalar::fromInt(found[row][col]);
    }); // row-major logical order, whatever the strides
    return result;
}

std::vector<Tensor> nonzeroNumpy(const Tensor& self) {
    return unbind(nonzero(self.dim() == 0 ? unsqueeze(self, 0) : self), 1);
}

Tensor indexSelect(const Tensor& self, std::int64_t dim, const Tensor& index) {
    SS_CHECK(index.dim() <= 1, IndexError, "index_select(): Index is supposed to be a vector");
    SS_CHECK(index.dtype() == DType::Int64 || index.dtype() == DType::Int32, RuntimeError,
             "index_select(): Expected dtype int32 or int64 for index");
    const std::int64_t d = wrapDim(dim, self.dim());
    requireIndexValues(index);
    std::vector<AdvancedItem> items(static_cast<std::size_t>(self.dim() == 0 ? 0 : d));
    for (AdvancedItem& item : items)
        item.basic.kind = IndexItem::Kind::Slice;
    const Tensor flat = index.dim() == 0 ? reshape(index, {1}) : index;
    const std::int64_t size = self.dim() == 0 ? 1 : self.sizes()[static_cast<std::size_t>(d)];
    for (const Scalar& v : flat.values())
        SS_CHECK(v.intValue >= 0 && v.intValue < size, IndexError, "index out of range in self");
    if (self.dim() == 0)
        return clone(self, MemoryFormat::Contiguous).withLayoutReason("index_select copies into a new tensor");
    AdvancedItem tensorItem;
    tensorItem.isTensor = true;
    tensorItem.tensor = flat;
    items.push_back(tensorItem);
    // index_select_out resizes its result: contiguous, whatever the input's layout.
    const Tensor gathered = advancedIndex(self, items);
    Tensor result = Tensor::allocateStrided(self.dtype(), gathered.sizes(), contiguousStrides(gathered.sizes()),
                                            gathered.hasValues());
    detail::copyValues(result, gathered);
    // The same cells in the same logical order as the gathered copy's.
    if (const auto read = gatheredCellsOf(gathered))
        recordGatheredCells(result, read->source, read->elementSize, read->indices);
    return result.withLayoutReason("index_select copies into a new contiguous tensor");
}

Tensor repeatInterleaveIndices(const Tensor& repeats, std::optional<std::int64_t> outputSize) {
    SS_CHECK(repeats.dtype() == DType::Int64 || repeats.dtype() == DType::Int32, RuntimeError,
             dispatchRefusal("repeat_interleave_cpu", repeats.dtype()));
    SS_CHECK(repeats.dim() == 1, RuntimeError, "repeat_interleave only accept 1D vector as repeat");
    if (repeats.numel() == 0)
        return Tensor::allocate(repeats.dtype(), {0});
    requireIndexValues(repeats);
    const std::vector<Scalar> counts = repeats.values();
    // Negative repeats are refused with output_size too (PyTorch checks them only without it, and
    // then writes outside its result), and a sum beyond int64 before anything is allocated.
    std::int64_t total = 0;
    for (const Scalar& count : counts) {
        SS_CHECK(count.intValue >= 0, RuntimeError, "repeats can not be negative");
        SS_CHECK(count.intValue <= std::numeric_limits<std::int64_t>::max() - total, RuntimeError,
                 "repeat_interleave: the repeats add up to more than 2**63 - 1 elements");
        total += count.intValue;
    }
    if (outputSize)
        SS_CHECK(*outputSize == total, RuntimeError, "repeat_interleave: output_size=", *outputSize,
                 " is not the sum of the repeats (", total, ")");
    ValueWorkLimit::charge(total);
    Tensor result = Tensor::allocate(repeats.dtype(), {total});
    std::int64_t at = 0;
    for (std::size_t i = 0; i < counts.size(); ++i)
        for (std::int64_t k = 0; k < counts[i].intValue; ++k)
            result.storage()->store(repeats.dtype(), at++, Scalar::fromInt(static_cast<std::int64_t>(i)));
    return result;
}

Tensor repeatInterleave(const Tensor& self, const Tensor& repeats, std::optional<std::int64_t> dim,
                        std::optional<std::int64_t> outputSize) {
    const Tensor input = dim ? self : reshape(self, {-1});
    const std::int64_t d = dim.value_or(0);
    const auto sizeAlong = [&] {
        return input.sizes()[static_cast<std::size_t>(wrapDim(d, input.dim(), /*wrapScalar=*/false))];
    };
    Tensor perIndex;
    if (repeats.dim() == 0 || (repeats.dim() == 1 && repeats.sizes()[0] == 1)) {
        perIndex = expand(reshape(repeats, {1}), {sizeAlong()});
    } else {
        SS_CHECK(repeats.dim() == 1, RuntimeError, "repeats must be 0-dim or 1-dim tensor");
        SS_CHECK(repeats.sizes()[0] == sizeAlong(), RuntimeError,
                 "repeats must have the same size as input along dim");
        perIndex = repeats;
    }
    return indexSelect(input, d, repeatInterleaveIndices(perIndex, outputSize))
        .withLayoutReason("repeat_interleave is index_select of repeated indices: a new contiguous tensor");
}

Tensor maskedSelect(const Tensor& self, const Tensor& mask) {
    SS_CHECK(mask.dtype() == DType::Bool, RuntimeError, "masked_select: expected BoolTensor for mask");
    const Shape shape = inferBroadcastShape(self.sizes(), mask.sizes());
    AdvancedItem item;
    item.isTensor = true;
    item.tensor = expand(mask, shape);
    requireIndexValues(mask);
    Tensor result = advancedIndex(expand(self, shape), {item});
    return result.withLayoutReason("masked_select copies the selected elements into a new 1-D tensor");
}

Tensor maskedFill_(const Tensor& self, const Tensor& mask, const Operand& value) {
    // PyTorch 1.13 still fills where a mask of another dtype is nonzero (bool masks are the documented form).
    Scalar fill = value.scalar;
    if (value.tensor) {
        SS_CHECK(value.tensor->dim() == 0, RuntimeError,
                 "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with ", value.tensor->dim(),
                 " dimension(s).");
        requireIndexValues(*value.tensor);
        fill = value.tensor->valueAt({});
    }
    // An expanded self is written through (PyTorch only warns that this is deprecated); a mask
    // sharing part of self's memory is refused.
    assertNoPartialOverlap(self, mask);
    const Shape broadcast = inferBroadcastShape(self.sizes(), mask.sizes());
    SS_CHECK(broadcast == self.sizes(), RuntimeError, "output with shape ", self.sizes(),
             " doesn't match the broadcast shape ", broadcast);
    const Tensor expandedMask = expand(mask, self.sizes());
    requireIndexValues(mask);
    const Scalar converted = checkedCastScalar(fill, self.dtype());
    if (!self.hasValues())
        return self;
    const std::vector<Scalar> maskValues = expandedMask.values();
    const std::vector<Scalar> old = self.values();
    detail::writeValues(self, [&](std::int64_t i) {
        const auto k = static_cast<std::size_t>(i);
        const Scalar& m = maskValues[k];
        return (m.isFloat() ? m.floatValue != 0.0 : m.intValue != 0) ? converted : old[k];
    });
    return self;
}

Tensor maskedFill(const Tensor& self, const Tensor& mask, const Operand& value) {
    // expand_outplace(mask, self), then a contiguous clone of self filled in place.
    const Shape shape = inferBroadcastShape(mask.sizes(), self.sizes());
    const Tensor result =
        clone(expand(self, shape), MemoryFormat::Contiguous)
            .withLayoutReason("masked_fill fills a contiguous clone of self (broadcast with the mask)");
    return maskedFill_(result, mask, value);
}

namespace {

// gather_shape_check (scatter's checks are IndexWriteOps.cpp's).
void checkGatherShapes(const Tensor& self, std::int64_t dim, const Tensor& index) {
    SS_CHECK(index.dtype() == DType::Int64, RuntimeError, "gather(): Expected dtype int64 for index");
    SS_CHECK(index.dim() == self.dim() || (index.dim() <= 1 && self.dim() <= 1), RuntimeError,
             "Index tensor must have the same number of dimensions as input tensor");
    for (std::int64_t d = 0; d < self.dim(); ++d)
        if (d != dim)
            SS_CHECK(index.sizes()[static_cast<std::size_t>(d)] <= self.sizes()[static_cast<std::size_t>(d)],
                     RuntimeError, "Size does not match at dimension ", d, " expected index ", index.sizes(),
                     " to be smaller than self ", self.sizes(), " apart from dimension ", dim);
    requireIndexValues(index);
}

} // namespace

Tensor gather(const Tensor& self, std::int64_t dim, const Tensor& index) {
    const std::int64_t d = wrapDim(dim, self.dim());
    checkGatherShapes(self, d, index);
    const Tensor result =
        Tensor::allocateStrided(self.dtype(), index.sizes(), contiguousStrides(index.sizes()),
                                self.hasValues())
            .withLayoutReason("gather copies into a new contiguous tensor of the index's shape");
    if (!result.hasValues())
        return result;
    const std::vector<Scalar> indexValues = index.values();
    const std::int64_t size = self.dim() == 0 ? 1 : self.sizes()[static_cast<std::size_t>(d)];
    std::vector<Scalar> out;
    std::vector<std::int64_t> read;
    std::size_t k = 0;
    index.forEachElement([&](const Shape& at, std::int64_t) {
        const std::int64_t v = indexValues[k++].intValue;
        SS_CHECK(v >= 0 && v < size, RuntimeError, "index ", v, " is out of bounds for dimension ", d, " with size ", size);
        Shape source = at;
        if (!source.empty())
            source[static_cast<std::size_t>(d)] = v;
        read.push_back(storageIndexOf(self.layout(), source));
        out.push_back(self.valueAt(source));
    });
    detail::writeValues(result, [&](std::int64_t i) { return out[static_cast<std::size_t>(i)]; });
    recordGatheredCells(result, self.storage(), self.elementSize(), std::move(read));
    return result;
}

Tensor take(const Tensor& self, const Tensor& index) {
    SS_CHECK(index.dtype() == DType::Int64, RuntimeError, "take(): Expected a long tensor for index, but got ",
             scalarTypeName(index.dtype()));
    requireIndexValues(index);
    Tensor result =
        Tensor::allocateStrided(self.dtype(), index.sizes(), contiguousStrides(index.sizes()), self.hasValues())
            .withLayoutReason("take copies into a new contiguous tensor of the index's shape");
    const std::vector<Scalar> indexValues = index.values();
    const std::int64_t n = self.numel();
    for (const Scalar& v : indexValues)
        SS_CHECK(v.intValue >= -n && v.intValue < n, IndexError, "out of range: tried to access index ", v.intValue,
                 " on a tensor of ", n, " elements.");
    if (!result.hasValues())
        return result;
    const std::vector<Scalar> flat = self.values();
    const std::vector<std::int64_t> cells = logicalToStorage(self.layout());
    std::vector<std::int64_t> read;
    read.reserve(indexValues.size());
    for (const Scalar& v : indexValues)
        read.push_back(cells[static_cast<std::size_t>(v.intValue < 0 ? v.intValue + n : v.intValue)]);
    detail::writeValues(result, [&](std::int64_t i) {
        std::int64_t v = indexValues[static_cast<std::size_t>(i)].intValue;
        if (v < 0)
            v += n;
        return flat[static_cast<std::size_t>(v)];
    });
    recordGatheredCells(result, self.storage(), self.elementSize(), std::move(read));
    return result;
}

namespace {

Tensor atLeast(const Tensor& t, int rank) {
    if (t.dim() >= rank)
        return t;
    if (rank == 1)
        return reshape(t, {1});
    if (rank == 2)
        return t.dim() == 0 ? reshape(t, {1, 1}) : unsqueeze(t, 0);
    if (t.dim() == 0)
        return reshape(t, {1, 1, 1});
    if (t.dim() == 1)
        return unsqueeze(unsqueeze(t, 0), 2);
    return unsqueeze(t, -1);
}

std::vector<Tensor> allAtLeast(const std::vector<Tensor>& tensors, int rank) {
    std::vector<Tensor> result;
    for (const Tensor& t : tensors)
        result.push_back(atLeast(t, rank));
    return result;
}

} // namespace

Tensor hstack(const std::vector<Tensor>& tensors) {
    SS_CHECK(!tensors.empty(), RuntimeError, "hstack expects a non-empty TensorList");
    const std::vector<Tensor> ready = allAtLeast(tensors, 1);
    return cat(ready, ready.front().dim() == 1 ? 0 : 1);
}

Tensor vstack(const std::vector<Tensor>& tensors) {
    SS_CHECK(!tensors.empty(), RuntimeError, "vstack expects a non-empty TensorList");
    return cat(allAtLeast(tensors, 2), 0);
}

// 0-dim and 1-D tensors become columns (numel x 1), then hstack.
Tensor columnStack(const std::vector<Tensor>& tensors) {
    SS_CHECK(!tensors.empty(), RuntimeError, "column_stack expects a non-empty TensorList");
    std::vector<Tensor> columns;
    for (const Tensor& t : tensors)
        columns.push_back(t.dim() <= 1 ? reshape(t, {t.numel(), 1}) : t);
    return hstack(columns);
}

Tensor dstack(const std::vector<Tensor>& tensors) {
    SS_CHECK(!tensors.empty(), RuntimeError, "dstack expects a non-empty TensorList");
    return cat(allAtLeast(tensors, 3), 2);
}

} // namespace stridescope::ops
