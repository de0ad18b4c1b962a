// View operations: each returns a Tensor on the same Storage with a new Layout, following
// PyTorch 1.13's aten/src/ATen/native/TensorShape.cpp (checks in the same order, same texts).
#include "Error.h"
#include "Ops.h"

#include <algorithm>
#include <numeric>

namespace stridescope::ops {

namespace {

Tensor alias(const Tensor& self, Shape sizes, Shape strides, std::int64_t offset) {
    checkNumelFits(sizes); // TensorImpl::refresh_numel: e.g. expand(2**40, 2**40) is refused
    return self.withLayout(Layout{std::move(sizes), std::move(strides), offset});
}

Tensor alias(const Tensor& self, Shape sizes, Shape strides) {
    return alias(self, std::move(sizes), std::move(strides), self.storageOffset());
}

// at::native::setStrided's checks for as_strided and unfold.
void checkInBoundsForStorage(const Tensor& self, const Shape& sizes, const Shape& strides, std::int64_t offset) {
    // computeStorageNbytes works in uint64: a negative size or stride shows up as an overflow.
    std::uint64_t size = 1;
    bool overflowed = false;
    bool empty = false;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        if (sizes[i] == 0) {
            empty = true;
            break;
        }
        std::uint64_t strided = 0;
        overflowed |= __builtin_mul_overflow(static_cast<std::uint64_t>(strides[i]),
                                             static_cast<std::uint64_t>(sizes[i]) - 1, &strided);
        overflowed |= __builtin_add_overflow(size, strided, &size);
    }
    const auto itemsize = static_cast<std::uint64_t>(self.elementSize());
    std::uint64_t bytes = 0;
    if (!empty) {
        // (size + offset) * itemsize, every step checked: an offset near 2**63 must not wrap
        // around into a small byte count and let the view read outside its storage.
        overflowed |= __builtin_add_overflow(size, static_cast<std::uint64_t>(offset), &size);
        overflowed |= __builtin_mul_overflow(size, itemsize, &bytes);
    }
    SS_CHECK(!overflowed, RuntimeError, "Storage size calculation overflowed with sizes=", sizes,
             " and strides=", strides);
    if (empty)
        return;
    const auto storageBytes = static_cast<std::uint64_t>(self.storage()->nbytes());
    SS_CHECK(bytes <= storageBytes, RuntimeError, "setStorage: sizes ", sizes, ", strides ", strides,
             ", storage offset ", offset, ", and itemsize ", itemsize, " requiring a storage size of ", bytes,
             " are out of bounds for storage of size ", storageBytes);
}

} // namespace

Tensor view(const Tensor& self, const Shape& shape) {
    const Shape inferred = inferSize(shape, self.numel());
    const auto strides = computeViewStrides(self.sizes(), self.strides(), inferred);
    SS_CHECK(strides.has_value(), RuntimeError,
             "view size is not compatible with input tensor's size and stride (at least one dimension spans "
             "across two contiguous subspaces). Use .reshape(...) instead.");
    return alias(self, inferred, *strides);
}

Tensor reshape(const Tensor& self, const Shape& shape) {
    const Shape inferred = inferSize(shape, self.numel());
    if (const auto strides = computeViewStrides(self.sizes(), self.strides(), inferred))
        return alias(self, inferred, *strides);
    // No view exists: PyTorch copies into a contiguous tensor and views that.
    return view(clone(self, MemoryFormat::Contiguous), inferred);
}

Tensor transpose(const Tensor& self, std::int64_t dim0, std::int64_t dim1) {
    const auto rank = self.dim();
    dim0 = wrapDim(dim0, rank);
    dim1 = wrapDim(dim1, rank);
    Shape sizes = self.sizes(), strides = self.strides();
    if (dim0 != dim1) {
        std::swap(sizes[dim0], sizes[dim1]);
        std::swap(strides[dim0], strides[dim1]);
    }
    return alias(self, sizes, strides);
}

Tensor t(const Tensor& self) {
    SS_CHECK(self.dim() <= 2, RuntimeError, "t() expects a tensor with <= 2 dimensions, but self is ", self.dim(), "D");
    return transpose(self, 0, self.dim() < 2 ? 0 : 1);
}

Tensor permute(const Tensor& self, const Shape& dims) {
    const auto rank = self.dim();
    SS_CHECK(static_cast<std::int64_t>(dims.size()) == rank, RuntimeError,
             "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the "
             "desired ordering of dimensions i.e. input.dim() = ",
             rank, " is not equal to len(dims) = ", dims.size());
    std::vector<bool> seen(static_cast<std::size_t>(rank), false);
    Shape sizes(dims.size()), strides(dims.size());
    for (std::size_t i = 0; i < dims.size(); ++i) {
        const auto d = wrapDim(dims[i], rank);
        SS_CHECK(!seen[d], RuntimeError, "permute(): duplicate dims are not allowed.");
        seen[d] = true;
        sizes[i] = self.sizes()[d];
        strides[i] = self.strides()[d];
    }
    return alias(self, sizes, strides);
}

Tensor movedim(const Tensor& self, const Shape& source, const Shape& destination) {
    const auto rank = self.dim();
    SS_CHECK(source.size() == destination.size(), RuntimeError,
             "movedim: Invalid source or destination dims: source (", source,
             " dims) should contain the same number of dims as destination (", destination, " dims)");
    Shape src(source.size()), dst(destination.size());
    for (std::size_t i = 0; i < source.size(); ++i)
        src[i] = wrapDim(source[i], rank);
    for (std::size_t i = 0; i < destination.size(); ++i)
        dst[i] = wrapDim(destination[i], rank);
    auto allUnique = [](Shape dims) {
        std::sort(dims.begin(), dims.end());
        return std::adjacent_find(dims.begin(), dims.end()) == dims.end();
    };
    SS_CHECK(allUnique(src), RuntimeError, "movedim: repeated dim in `source` (", source, ")");
    SS_CHECK(allUnique(dst), RuntimeError, "movedim: repeated dim in `destination` (", destination, ")");
    if (rank == 0)
        return alias(self, self.sizes(), self.strides());
    // The named dims go to their destinations; the others keep their relative order in the
    // positions left over.
    Shape order(static_cast<std::size_t>(rank), -1);
    std::vector<bool> sourceUsed(static_cast<std::size_t>(rank), false);
    for (std::size_t i = 0; i < src.size(); ++i) {
        order[dst[i]] = src[i];
        sourceUsed[src[i]] = true;
    }
    std::int64_t nextSource = 0;
    for (auto& slot : order) {
        if (slot != -1)
            continue;
        while (sourceUsed[nextSource])
            ++nextSource;
        slot = nextSource++;
    }
    return permute(self, order);
}

Tensor narrow(const Tensor& self, std::int64_t dim, std::int64_t start, std::int64_t length) {
    SS_CHECK(self.dim() > 0, RuntimeError, "narrow() cannot be applied to a 0-dim tensor.");
    const auto currentSize = self.size(dim);
    if (start != currentSize) // start == size is a valid empty narrow, not a valid index
        start = wrapDim(start, currentSize);
    SS_CHECK(length >= 0 && start <= currentSize - length, RuntimeError, "start (", start, ") + length (", length,
             ") exceeds dimension size (", currentSize, ").");
    return slice(self, dim, start, start + length, 1);
}

Tensor select(const Tensor& self, std::int64_t dim, std::int64_t index) {
    SS_CHECK(self.dim() > 0, IndexError, "select() cannot be applied to a 0-dim tensor.");
    dim = wrapDim(dim, self.dim());
    const auto size = self.sizes()[dim];
    SS_CHECK(index >= -size && index < size, IndexError, "select(): index ", index,
             " out of range for tensor of size ", self.sizes(), " at dimension ", dim);
    if (index < 0)
        index += size;
    Shape sizes = self.sizes(), strides = self.strides();
    const auto offset = self.storageOffset() + index * strides[dim];
    sizes.erase(sizes.begin() + dim);
    strides.erase(strides.begin() + dim);
    return alias(self, sizes, strides, offset);
}

Tensor slice(const Tensor& self, std::int64_t dim, std::optional<std::int64_t> start, std::optional<std::int64_t> end,
             std::int64_t step) {
    SS_CHECK(self.dim() > 0, IndexError, "slice() cannot be applied to a 0-dim tensor.");
    dim = wrapDim(dim, self.dim());
    Shape sizes = self.sizes(), strides = self.strides();
    std::int64_t startValue = start.value_or(0);
    std::int64_t endValue = end.value_or(INT64_MAX);
    SS_CHECK(step > 0, RuntimeError, "slice step must be positive");
    // Python's clamping: negative bounds count from the end, then both are clamped to the dim.
    if (startValue < 0)
        startValue += sizes[dim];
    if (endValue < 0)
        endValue += sizes[dim];
    if (startValue < 0)
        startValue = 0;
    else if (startValue >= sizes[dim])
        startValue = sizes[dim];
    if (endValue < startValue)
        endValue = startValue;
    else if (endValue >= sizes[dim])
        endValue = sizes[dim];
    const auto offset = self.storageOffset() + startValue * strides[dim];
    const auto length = endValue - startValue;
    sizes[dim] = length == 0 ? 0 : (length - 1) / step + 1; // (length + step - 1) / step overflows for huge steps
    strides[dim] = wrappingMul(strides[dim], step);          // as ATen: x[::2**62] has stride 2**62
    return alias(self, sizes, strides, offset);
}

Tensor unsqueeze(const Tensor& self, std::int64_t dim) {
    dim = wrapDim(dim, self.dim() + 1);
    Shape sizes = self.sizes(), strides = self.strides();
    const std::int64_t newStride = dim >= self.dim() ? 1 : wrappingMul(sizes[dim], strides[dim]);
    sizes.insert(sizes.begin() + dim, 1);
    strides.insert(strides.begin() + dim, newStride);
    return alias(self, sizes, strides);
}

Tensor squeeze(const Tensor& self) {
    Shape sizes, strides;
    for (std::int64_t d = 0; d < self.dim(); ++d) {
        if (self.sizes()[d] != 1) {
            sizes.push_back(self.sizes()[d]);
            strides.push_back(self.strides()[d]);
        }
    }
    return alias(self, sizes, strides);
}

Tensor squeeze(const Tensor& self, std::int64_t dim) {
    const auto rank = self.dim();
    dim = wrapDim(dim, rank);
    if (rank == 0 || self.sizes()[dim] != 1)
        return alias(self, self.sizes(), self.strides());
    Shape sizes = self.sizes(), strides = self.strides();
    sizes.erase(sizes.begin() + dim);
    strides.erase(strides.begin() + dim);
    return alias(self, sizes, strides);
}

Tensor flatten(const Tensor& self, std::int64_t startDim, std::int64_t endDim) {
    startDim = wrapDim(startDim, self.dim());
    endDim = wrapDim(endDim, self.dim());
    SS_CHECK(startDim <= endDim, RuntimeError, "flatten() has invalid args: start_dim cannot come after end_dim");
    if (self.dim() == 0)
        return reshape(self, {1});
    if (startDim == endDim)
        return self;
    std::int64_t sliceNumel = 1;
    for (auto d = startDim; d <= endDim; ++d)
        sliceNumel *= self.sizes()[d];
    Shape shape(self.sizes().begin(), self.sizes().begin() + startDim);
    shape.push_back(sliceNumel);
    shape.insert(shape.end(), self.sizes().begin() + endDim + 1, self.sizes().end());
    return reshape(self, shape);
}

Tensor unflatten(const Tensor& self, std::int64_t dim, const Shape& sizes) {
    dim = wrapDim(dim, self.dim());
    // A 0-dim tensor wraps dim to 0, then self.size(0) refuses it (TensorImpl::size does not
    // wrap scalars): "Dimension specified as 0 but tensor has no dimensions".
    self.size(dim);
    SS_CHECK(!sizes.empty(), RuntimeError, "unflatten: sizes must be non-empty");
    Shape inferred;
    try {
        inferred = inferSize(sizes, self.sizes()[dim]);
    } catch (const TensorError& error) {
        // PyTorch rewrites the errors infer_size raises as std::runtime_error ("is invalid for
        // input of size", "only one dimension can be inferred"); its TORCH_CHECKs pass unchanged.
        if (error.message() == "only one dimension can be inferred")
            fail(ErrorKind::RuntimeError, "unflatten got an unexpected error:\n", error.message());
        if (error.message().find("is invalid for input of size") == std::string::npos)
            throw;
        fail(ErrorKind::RuntimeError, "unflatten: Provided sizes ", sizes, " don't multiply up to the size of dim ",
             dim, " (", self.sizes()[dim], ") in the input tensor");
    }
    Shape shape = self.sizes();
    shape.erase(shape.begin() + dim);
    shape.insert(shape.begin() + dim, inferred.begin(), inferred.end());
    return view(self, shape);
}

Tensor expand(const Tensor& self, const Shape& target) {
    const auto tensorDim = self.dim();
    SS_CHECK(static_cast<std::int64_t>(target.size()) >= tensorDim, RuntimeError, "expand(",
             legacyTensorTypeName(self.dtype()), "{", self.sizes(), "}, size=", target,
             "): the number of sizes provided (", target.size(),
             ") must be greater or equal to the number of dimensions in the tensor (", tensorDim, ")");
    // inferExpandGeometry gives a 0-dim tensor the target sizes as they are, all strides 0:
    // PyTorch 1.13 checks neither -1 nor negative sizes there, only that numel fits
    // (torch.tensor(1.).expand(0, -1) has shape (0, -1)).
    if (tensorDim == 0)
        return alias(self, target, Shape(target.size(), 0));
    // at::inferExpandGeometry: walk from the last dim; new leading dims get the stride that
    // would make them contiguous with the dim after them, unless they are expanded (stride 0).
    const auto ndim = static_cast<std::int64_t>(target.size());
    Shape sizes(static_cast<std::size_t>(ndim)), strides(static_cast<std::size_t>(ndim));
    for (std::int64_t i = ndim - 1; i >= 0; --i) {
        const std::int64_t offset = ndim - 1 - i;
        const std::int64_t d = tensorDim - 1 - offset;
        std::int64_t size = d >= 0 ? self.sizes()[d] : 1;
        std::int64_t stride = d >= 0 ? self.strides()[d] : (i + 1 < ndim ? sizes[i + 1] * strides[i + 1] : 0);
        std::int64_t targetSize = target[i];
        if (targetSize == -1) {
            SS_CHECK(d >= 0, RuntimeError, "The expanded size of the tensor (", targetSize,
                     ") isn't allowed in a leading, non-existing dimension ", i);
            targetSize = size;
        }
        if (size != targetSize) {
            SS_CHECK(size == 1, RuntimeError, "The expanded size of the tensor (", targetSize,
                     ") must match the existing size (", size, ") at non-singleton dimension ", i,
                     ".  Target sizes: ", target, ".  Tensor sizes: ", self.sizes());
            // PyTorch 1.13 only notices a negative size when it multiplies the sizes out (alias's
            // checkNumelFits), and not at all when another size is 0: expand(-3, 0) is (-3, 0).
            size = targetSize;
            stride = 0;
        }
        sizes[i] = size;
        strides[i] = stride;
    }
    return alias(self, sizes, strides);
}

Tensor expandAs(const Tensor& self, const Tensor& other) { return expand(self, other.sizes()); }
Tensor viewAs(const Tensor& self, const Tensor& other) { return view(self, other.sizes()); }

Tensor diagonal(const Tensor& self, std::int64_t offset, std::int64_t dim1In, std::int64_t dim2In) {
    const auto rank = self.dim();
    const auto dim1 = wrapDim(dim1In, rank);
    const auto dim2 = wrapDim(dim2In, rank);
    SS_CHECK(dim1 != dim2, RuntimeError, "diagonal dimensions cannot be identical ", dim1In, ", ", dim2In);
    std::int64_t diagSize = 0;
    std::int64_t storageOffset = self.storageOffset();
    // A positive offset drops the leftmost columns (along dim2), a negative one the top rows.
    if (offset >= 0)
        diagSize = std::max<std::int64_t>(std::min(self.sizes()[dim1], self.sizes()[dim2] - offset), 0);
    else
        diagSize = std::max<std::int64_t>(std::min(self.sizes()[dim1] + offset, self.sizes()[dim2]), 0);
    if (diagSize > 0) {
        if (offset >= 0)
            storageOffset += offset * self.strides()[dim2];
        else
            storageOffset -= offset * self.strides()[dim1];
    }
    Shape sizes = self.sizes(), strides = self.strides();
    const auto hi = std::max(dim1, dim2), lo = std::min(dim1, dim2);
    sizes.erase(sizes.begin() + hi);
    strides.erase(strides.begin() + hi);
    sizes.erase(sizes.begin() + lo);
    strides.erase(strides.begin() + lo);
    sizes.push_back(diagSize);
    strides.push_back(self.strides()[dim1] + self.strides()[dim2]);
    return alias(self, sizes, strides, storageOffset);
}

Tensor unfold(const Tensor& self, std::int64_t dim, std::int64_t size, std::int64_t step) {
    const auto rank = self.dim();
    dim = wrapDim(dim, rank);
    const std::int64_t maxSize = rank == 0 ? 1 : self.sizes()[dim];
    SS_CHECK(size <= maxSize, RuntimeError, "maximum size for tensor at dimension ", dim, " is ", maxSize,
             " but size is ", size);
    SS_CHECK(step > 0, RuntimeError, "step is ", step, " but must be > 0");
    Shape sizes(static_cast<std::size_t>(rank + 1)), strides(static_cast<std::size_t>(rank + 1));
    sizes[rank] = size;
    strides[rank] = rank == 0 ? 1 : self.strides()[dim];
    for (std::int64_t d = 0; d < rank; ++d) {
        if (d == dim) {
            // Wrapping, as ATen computes it: a negative `size` ends in checkInBoundsForStorage's error.
            sizes[d] = wrappingSub(self.sizes()[d], size) / step + 1;
            strides[d] = wrappingMul(step, self.strides()[d]);
        } else {
            sizes[d] = self.sizes()[d];
            strides[d] = self.strides()[d];
        }
    }
    checkInBoundsForStorage(self, sizes, strides, self.storageOffset());
    return alias(self, sizes, strides);
}

Tensor asStrided(const Tensor& self, const Shape& sizes, const Shape& strides, std::optional<std::int64_t> storageOffset) {
    const auto offset = storageOffset.value_or(self.storageOffset());
    SS_CHECK(sizes.size() == strides.size(), RuntimeError, "mismatch in length of strides and shape");
    for (auto stride : strides)
        SS_CHECK(stride >= 0, RuntimeError, "as_strided: Negative strides are not supported at the moment, got strides: ",
                 strides);
    SS_CHECK(offset >= 0, RuntimeError, "Tensor: invalid storage offset ", offset);
    checkInBoundsForStorage(self, sizes, strides, offset);
    return alias(self, sizes, strides, offset);
}

Tensor detach(const Tensor& self) { return alias(self, self.sizes(), self.strides()); }

std::vector<Tensor> split(const Tensor& self, std::int64_t splitSize, std::int64_t dim) {
    SS_CHECK(self.dim() != 0, RuntimeError, "split expects at least a 1-dimensional tensor");
    SS_CHECK(splitSize >= 0, RuntimeError, "split expects split_size be non-negative, but got split_size=", splitSize);
    const auto dimSize = self.size(dim);
    SS_CHECK(splitSize > 0 || dimSize == 0, RuntimeError,
             "split_size can only be 0 if dimension size is 0, but got dimension size of ", dimSize);
    std::int64_t numSplits = 1;
    if (splitSize != 0)
        numSplits = std::max<std::int64_t>(wrappingAdd(dimSize, splitSize - 1) / splitSize, 1); // wraps as ATen does
    SS_CHECK(numSplits <= kMaxSplitPieces, RuntimeError, "split would return ", numSplits,
             " tensors; StrideScope returns at most ", kMaxSplitPieces, " (use a larger split_size)");
    const std::int64_t lastSplitSize = splitSize - (splitSize * numSplits - dimSize);
    std::vector<Tensor> splits;
    for (std::int64_t i = 0; i < numSplits; ++i) {
        const auto length = i < numSplits - 1 ? splitSize : lastSplitSize;
        splits.push_back(narrow(self, dim, i * splitSize, length));
    }
    return splits;
}

std::vector<Tensor> splitWithSizes(const Tensor& self, const Shape& splitSizes, std::int64_t dim) {
    SS_CHECK(self.dim() != 0, RuntimeError, "split expects at least a 1-dimensional tensor");
    const auto dimSize = self.size(dim);
    std::int64_t start = 0;
    std::vector<Tensor> splits;
    for (auto length : splitSizes) {
        SS_CHECK(length >= 0, RuntimeError,
                 "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=", splitSizes);
        // Sums that overflow wrap, as in ATen, and fail the check below.
        splits.push_back(slice(self, dim, start, wrappingAdd(start, length), 1));
        start = wrappingAdd(start, length);
    }
    SS_CHECK(start == dimSize, RuntimeError, "split_with_sizes expects split_sizes to sum exactly to ", dimSize,
             " (input tensor's size at dimension ", dim, "), but got split_sizes=", splitSizes);
    return splits;
}

std::vector<Tensor> chunk(const Tensor& self, std::int64_t chunks, std::int64_t dim) {
    SS_CHECK(self.dim() > 0, RuntimeError, "chunk expects at least a 1-dimensional tensor");
    SS_CHECK(chunks > 0, RuntimeError, "chunk expects `chunks` to be greater than 0, got: ", chunks);
    const auto dimSize = self.size(dim);
    const std::int64_t splitSize = wrappingAdd(dimSize, chunks - 1) / chunks; // wraps as ATen does
    if (splitSize == 0 && dimSize == 0) {
        SS_CHECK(chunks <= kMaxSplitPieces, RuntimeError, "chunk would return ", chunks,
                 " tensors; StrideScope returns at most ", kMaxSplitPieces);
        Shape sizes(static_cast<std::size_t>(chunks), splitSize);
        sizes.back() = splitSize - (splitSize * chunks - dimSize);
        return splitWithSizes(self, sizes, dim);
    }
    return split(self, splitSize, dim);
}

Tensor index(const Tensor& self, const std::vector<IndexItem>& items) {
    // Python's basic indexing (torch/csrc/autograd/python_variable_indexing.cpp, applySlicing).
    using Kind = IndexItem::Kind;
    // A lone integer takes PyTorch's fast path, which words the 0-dim case its own way.
    // Only index 0 gets that wording; any other reads the missing dim's size as 0 (applySelect).
    if (items.size() == 1 && items[0].kind == Kind::Integer && self.dim() == 0) {
        SS_CHECK(items[0].integer != 0, IndexError,
                 "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                 "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
        fail(ErrorKind::IndexError, "index ", items[0].integer, " is out of bounds for dimension 0 with size 0");
    }
    if (items.size() == 1 && items[0].kind == Kind::Slice && self.dim() == 0)
        fail(ErrorKind::IndexError, "slice() cannot be applied to a 0-dim tensor.");
    // PyTorch 1.13 (unlike NumPy) accepts several ellipses; each skips the unspecified dims.
    std::int64_t specified = 0;
    for (const auto& item : items)
        if (item.kind == Kind::Integer || item.kind == Kind::Slice)
            ++specified;
    SS_CHECK(specified <= self.dim(), IndexError, "too many indices for tensor of dimension ", self.dim());
    Tensor result = self;
    std::int64_t dim = 0;     // position in the result being built
    std::int64_t realDim = -1; // applySlicing names the item's position in the index tuple
    for (const auto& item : items) {
        ++realDim;
        switch (item.kind) {
        case Kind::Integer: {
            // Several ellipses can push `dim` past the last dim (x[..., ..., 0]); PyTorch then reads
            // past its sizes array and reports size 0. Do the same, without reading out of bounds.
            const auto size = dim < result.dim() ? result.sizes()[dim] : 0;
            SS_CHECK(item.integer >= -size && item.integer < size, IndexError, "index ", item.integer,
                     " is out of bounds for dimension ", realDim, " with size ", size);
            result = select(result, dim, item.integer);
            break;
        }
        case Kind::Slice: {
            const auto step = item.step.value_or(1);
            SS_CHECK(step != 0, ValueError, "slice step cannot be zero");
            SS_CHECK(step > 0, ValueError, "step must be greater than zero");
            result = slice(result, dim, item.start, item.stop, step);
            ++dim;
            break;
        }
        case Kind::None:
            result = unsqueeze(result, dim);
            ++dim;
            break;
        case Kind::Ellipsis:
            dim += self.dim() - specified;
            break;
        }
    }
    if (items.empty() || result.layout() == self.layout())
        return alias(self, result.sizes(), result.strides(), result.storageOffset());
    return result;
}

} // namespace stridescope::ops
