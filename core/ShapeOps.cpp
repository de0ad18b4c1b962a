// The view and shape ops beyond DESIGN.md's first set, following PyTorch 1.13's
// aten/src/ATen/native/TensorShape.cpp, TensorConversions.cpp and Resize.cpp: the same checks in
// the same order with the same texts.
#include "ShapeOps.h"

#include "Arithmetic.h"
#include "Broadcast.h"
#include "ComplexOps.h"
#include "DeviceOps.h"
#include "Elementwise.h"
#include "Error.h"
#include "TypePromotion.h"

#include <algorithm>

namespace stridescope::ops {

namespace {

Tensor viewOf(const Tensor& self, DType dtype, Shape sizes, Shape strides, std::int64_t offset) {
    checkNumelFits(sizes);
    return self.withLayout(dtype, Layout{std::move(sizes), std::move(strides), offset});
}

void checkPieces(std::int64_t pieces, const char* op) {
    SS_CHECK(pieces <= kMaxSplitPieces, RuntimeError, op, " would return ", pieces,
             " tensors; StrideScope returns at most ", kMaxSplitPieces);
}

// The number of storage elements (of the storage's own dtype) that hold `bytes` bytes.
std::int64_t storageElementsFor(const Storage& storage, std::int64_t bytes) {
    const std::int64_t item = itemSize(storage.dtype());
    return bytes / item + (bytes % item != 0 ? 1 : 0);
}

// maybe_resize_storage_cpu: grow (never shrink) the storage to hold `bytes`.
void ensureStorageBytes(const Tensor& self, const Shape& sizes, std::int64_t bytes) {
    std::int64_t numel = 1;
    for (auto s : sizes)
        numel *= s;
    if (numel == 0) // PyTorch skips the resize of an empty tensor, whatever its offset
        return;
    if (bytes > self.storage()->nbytes())
        self.storage()->resize(storageElementsFor(*self.storage(), bytes));
}

// Bytes a layout reaches: (offset + 1 + sum((size - 1) * stride)) * itemsize, overflow-checked.
std::int64_t requiredBytes(const Shape& sizes, const Shape& strides, std::int64_t offset, int itemsize) {
    const auto elements = requiredStorageElements(Layout{sizes, strides, offset});
    std::int64_t bytes = 0;
    if (!elements || __builtin_mul_overflow(*elements, std::int64_t(itemsize), &bytes))
        fail(ErrorKind::RuntimeError, "Storage size calculation overflowed with sizes=", sizes,
             " and strides=", strides);
    return bytes;
}

Shape formatStrides(const Shape& sizes, MemoryFormat format) {
    if (format == MemoryFormat::ChannelsLast)
        return channelsLastStrides(sizes);
    if (format == MemoryFormat::ChannelsLast3d)
        return channelsLast3dStrides(sizes);
    return contiguousStrides(sizes);
}

} // namespace

// ---- views ------------------------------------------------------------------------------

Tensor viewDtype(const Tensor& self, DType dtype) {
    if (dtype == self.dtype())
        return self.withLayout(self.layout());
    SS_CHECK(!self.isConj(), RuntimeError,
             "torch.Tensor.view is not supported for conjugate view tensors when converting to a different "
             "dtype.");
    SS_CHECK(
        !self.isNeg(), RuntimeError,
        "torch.Tensor.view is not supported for tensors with negative bit set when converting to a different "
        "dtype.");
    const int oldSize = self.elementSize(), newSize = itemSize(dtype);
    const std::string names = scalarTypeName(self.dtype()) + " as " + scalarTypeName(dtype);
    if (oldSize == newSize)
        return viewOf(self, dtype, self.sizes(), self.strides(), self.storageOffset());
    SS_CHECK(self.dim() != 0, RuntimeError, "self.dim() cannot be 0 to view ", names,
             " (different element sizes)");
    const auto last = static_cast<std::size_t>(self.dim() - 1);
    Shape sizes = self.sizes(), strides = self.strides();
    if (oldSize > newSize) {
        const std::int64_t ratio = oldSize / newSize;
        SS_CHECK(strides[last] == 1, RuntimeError, "self.stride(-1) must be 1 to view ", names,
                 " (different element sizes), but got ", strides[last]);
        for (std::size_t d = 0; d < last; ++d)
            strides[d] = wrappingMul(strides[d], ratio);
        // int64 arithmetic as ATen's (wrapping where a huge layout-only size overflows; viewOf's
        // numel check then refuses it).
        sizes[last] = wrappingMul(sizes[last], ratio);
        return viewOf(self, dtype, sizes, strides, wrappingMul(self.storageOffset(), ratio));
    }
    const std::int64_t ratio = newSize / oldSize;
    SS_CHECK(sizes[last] % ratio == 0, RuntimeError, "self.size(-1) must be divisible by ", ratio,
             " to view ", names, " (different element sizes), but got ", sizes[last]);
    SS_CHECK(self.storageOffset() % ratio == 0, RuntimeError, "self.storage_offset() must be divisible by ",
             ratio, " to view ", names, " (different element sizes), but got ", self.storageOffset());
    SS_CHECK(strides[last] == 1, RuntimeError, "self.stride(-1) must be 1 to view ", names,
             " (different element sizes), but got ", strides[last]);
    for (std::size_t d = 0; d < last; ++d) {
        SS_CHECK(strides[d] % ratio == 0, RuntimeError, "self.stride(", d, ") must be divisible by ", ratio,
                 " to view ", names, " (different element sizes), but got ", strides[d]);
        strides[d] /= ratio;
    }
    sizes[last] /= ratio;
    return viewOf(self, dtype, sizes, strides, self.storageOffset() / ratio);
}

// at::ravel is contiguous().view(-1): a view only when self is contiguous (x[::2] copies).
Tensor ravel(const Tensor& self) { return view(contiguous(self), {-1}); }

Tensor adjoint(const Tensor& self) {
    SS_CHECK(self.dim() != 1, RuntimeError,
             "tensor.adjoint() is only supported on matrices or batches of matrices. Got 1-D tensor.");
    return self.dim() == 0 ? conj(self) : conj(transpose(self, -2, -1));
}

Tensor matrixH(const Tensor& self) {
    const auto ndim = self.dim();
    SS_CHECK(ndim == 2 || ndim == 0, RuntimeError,
             "tensor.H is only supported on matrices (2-D tensors). Got ", ndim, "-D tensor.",
             ndim > 2 ? " For batches of matrices, consider using tensor.mH" : "");
    return ndim == 0 ? conj(self) : conj(transpose(self, -2, -1));
}

Tensor matrixMH(const Tensor& self) {
    SS_CHECK(self.dim() != 1, RuntimeError,
             "tensor.mH is only supported on matrices or batches of matrices. Got 1-D tensor.");
    return self.dim() == 0 ? conj(self) : conj(transpose(self, -2, -1));
}

std::vector<Tensor> unbind(const Tensor& self, std::int64_t dim) {
    dim = wrapDim(dim, self.dim());
    const auto size =
        self.size(dim); // a 0-dim tensor: "Dimension specified as 0 but tensor has no dimensions"
    checkPieces(size, "unbind");
    std::vector<Tensor> pieces;
    for (std::int64_t i = 0; i < size; ++i)
        pieces.push_back(select(self, dim, i));
    return pieces;
}

std::vector<Tensor> tensorSplit(const Tensor& self, std::int64_t sections, std::int64_t dim) {
    SS_CHECK(self.dim() > 0, RuntimeError,
             "tensor_split expected at least a 1-dimensional tensor, but got a tensor with ", self.dim(),
             " dims");
    dim = wrapDim(dim, self.dim());
    SS_CHECK(sections > 0, RuntimeError, "number of sections must be larger than 0, got ", sections);
    checkPieces(sections, "tensor_split");
    const auto dimSize = self.sizes()[static_cast<std::size_t>(dim)];
    const auto minSplit = dimSize / sections, oneExtra = dimSize % sections;
    std::vector<Tensor> pieces;
    std::int64_t start = 0;
    for (std::int64_t i = 0; i < sections; ++i) {
        const auto size = i < oneExtra ? minSplit + 1 : minSplit;
        pieces.push_back(slice(self, dim, start, start + size, 1));
        start += size;
    }
    return pieces;
}

std::vector<Tensor> tensorSplitIndices(const Tensor& self, const Shape& indices, std::int64_t dim) {
    SS_CHECK(self.dim() > 0, RuntimeError,
             "tensor_split expected at least a 1-dimensional tensor, but got a tensor with ", self.dim(),
             " dims");
    dim = wrapDim(dim, self.dim());
    checkPieces(static_cast<std::int64_t>(indices.size()) + 1, "tensor_split");
    std::vector<Tensor> pieces;
    std::int64_t start = 0;
    for (const auto end : indices) {
        pieces.push_back(slice(self, dim, start, end, 1));
        start = end;
    }
    pieces.push_back(slice(self, dim, start, self.sizes()[static_cast<std::size_t>(dim)], 1));
    return pieces;
}

namespace {
struct Direction {
    const char* name;
    std::int64_t minDims;
};
Direction directionOf(char which) {
    return which == 'h'   ? Direction{"hsplit", 1}
           : which == 'v' ? Direction{"vsplit", 2}
                          : Direction{"dsplit", 3};
}
std::int64_t splitDim(const Tensor& self, char which) {
    return which == 'h' ? (self.dim() == 1 ? 0 : 1) : which == 'v' ? 0 : 2;
}
void checkDirectionalDims(const Tensor& self, char which) {
    const Direction d = directionOf(which);
    SS_CHECK(self.dim() >= d.minDims, RuntimeError, "torch.", d.name, " requires a tensor with at least ",
             d.minDims, d.minDims == 1 ? " dimension" : " dimension", ", but got a tensor with ", self.dim(),
             " dimensions!");
}
} // namespace

std::vector<Tensor> directionalSplit(const Tensor& self, char which, std::int64_t sections) {
    checkDirectionalDims(self, which);
    const auto dim = splitDim(self, which);
    const auto size = self.sizes()[static_cast<std::size_t>(dim)];
    // sections == -1 divides everything (and INT64_MIN % -1 would be undefined in C++).
    const bool divisible = sections != 0 && (sections == -1 || size % sections == 0);
    SS_CHECK(divisible, RuntimeError, "torch.", directionOf(which).name,
             " attempted to split along dimension ", dim, ", but the size of the dimension ", size,
             " is not divisible by the split_size ", sections, "!");
    return tensorSplit(self, sections, dim);
}

std::vector<Tensor> directionalSplitIndices(const Tensor& self, char which, const Shape& indices) {
    checkDirectionalDims(self, which);
    return tensorSplitIndices(self, indices, splitDim(self, which));
}

Tensor broadcastTo(const Tensor& self, const Shape& size) { return expand(self, size); }

std::vector<Tensor> broadcastTensors(const std::vector<Tensor>& tensors) {
    std::vector<Shape> shapes;
    for (const Tensor& t : tensors)
        shapes.push_back(t.sizes());
    const Shape target = inferBroadcastShape(shapes);
    std::vector<Tensor> result;
    // expand_outplace: a tensor already of the broadcast shape is returned itself.
    for (const Tensor& t : tensors)
        result.push_back(t.sizes() == target ? t : expand(t, target));
    return result;
}

Tensor atleast1d(const Tensor& self) { return self.dim() == 0 ? reshape(self, {1}) : self; }

Tensor atleast2d(const Tensor& self) {
    if (self.dim() == 0)
        return reshape(self, {1, 1});
    return self.dim() == 1 ? unsqueeze(self, 0) : self;
}

Tensor atleast3d(const Tensor& self) {
    switch (self.dim()) {
    case 0:
        return reshape(self, {1, 1, 1});
    case 1:
        return unsqueeze(unsqueeze(self, 0), -1);
    case 2:
        return unsqueeze(self, -1);
    default:
        return self;
    }
}

// ---- copies -----------------------------------------------------------------------------

Tensor fliplr(const Tensor& self) {
    SS_CHECK(self.dim() >= 2, RuntimeError, "Input must be >= 2-d.");
    return flip(self, {1});
}

Tensor flipud(const Tensor& self) {
    SS_CHECK(self.dim() >= 1, RuntimeError, "Input must be >= 1-d.");
    return flip(self, {0});
}

Tensor rot90(const Tensor& self, std::int64_t k, const Shape& dims) {
    const auto totalDims = self.dim();
    SS_CHECK(dims.size() == 2, RuntimeError,
             "expected total rotation dims == 2, but got dims = ", dims.size());
    SS_CHECK(totalDims >= 2, RuntimeError, "expected total dims >= 2, but got total dims = ", totalDims);
    const auto d0 = dims[0], d1 = dims[1];
    // std::abs(dims[0] - dims[1]) in ATen; computed without overflow for dims far out of range.
    const auto distance = wrappingSub(d0, d1);
    SS_CHECK(d0 != d1 && distance != totalDims && distance != -totalDims, RuntimeError,
             "expected rotation dims to be different, but got dim0 = ", d0, " and dim1 = ", d1);
    SS_CHECK(d0 < totalDims && d0 >= -totalDims, RuntimeError, "Rotation dim0 out of range, dim0 = ", d0);
    SS_CHECK(d1 < totalDims && d1 >= -totalDims, RuntimeError, "Rotation dim1 out of range, dim1 = ", d1);
    k = (4 + (k % 4)) % 4;
    switch (k) {
    case 1:
        return transpose(flip(self, {d1}), d0, d1);
    case 2:
        return flip(self, {d0, d1});
    case 3:
        return transpose(flip(self, {d0}), d0, d1);
    default:
        return clone(self, MemoryFormat::Contiguous);
    }
}

namespace {

// roll_cpu / roll_cuda for one dim (aten/src/ATen/native/TensorTransformations.cpp and
// cuda/TensorTransformations.cu): an empty tensor is cloned before its dim is even looked at.
Tensor rollOneDim(const Tensor& self, std::int64_t shift, std::int64_t dim) {
    const bool onCuda = deviceOf(self).isCuda();
    const Tensor input = onCuda ? contiguous(self) : self;
    if (input.numel() == 0)
        return clone(input, onCuda ? MemoryFormat::Contiguous : MemoryFormat::Preserve);
    const std::int64_t size =
        input.sizes()[static_cast<std::size_t>(wrapDim(dim, input.dim(), /*wrapScalar=*/false))];
    // (size - shift) % size, corrected to [0, size) as ATen does; wrapping where ATen's int64
    // arithmetic would overflow (a shift of -2**63).
    std::int64_t start = wrappingSub(size, shift) % size;
    if (start < 0)
        start += size;
    const Tensor rolled = cat({narrow(input, dim, start, size - start), narrow(input, dim, 0, start)}, dim);
    return onCuda
               ? contiguous(rolled).withLayoutReason("roll on CUDA writes a new contiguous tensor")
               : rolled.withLayoutReason(
                     "roll is narrow + cat: cat's memory format (a channels_last input stays channels_last)");
}

} // namespace

Tensor roll(const Tensor& self, const Shape& shifts, const Shape& dims) {
    if (dims.size() == 1 && shifts.size() == 1)
        return rollOneDim(self, shifts[0], dims[0]);
    // roll_common
    SS_CHECK(!shifts.empty(), RuntimeError, "`shifts` required");
    if (dims.empty() && shifts.size() == 1)
        return view(roll(view(contiguous(self), {self.numel()}), shifts, {0}), self.sizes());
    SS_CHECK(shifts.size() == dims.size(), RuntimeError,
             "shifts and dimensions must align. shifts: ", shifts.size(), ", dims:", dims.size());
    Tensor rolled = self;
    for (std::size_t i = 0; i < dims.size(); ++i)
        rolled = rollOneDim(rolled, shifts[i], dims[i]);
    return rolled;
}

Tensor tile(const Tensor& self, const Shape& reps) {
    Shape padded(static_cast<std::size_t>(std::max<std::int64_t>(0, self.dim() - std::int64_t(reps.size()))),
                 1);
    padded.insert(padded.end(), reps.begin(), reps.end());
    return repeat(self, padded);
}

Tensor triangle(const Tensor& self, std::int64_t k, bool upper) {
    const Tensor result = clone(self, MemoryFormat::Contiguous)
                              .withLayoutReason(upper ? "triu writes a new contiguous tensor"
                                                      : "tril writes a new contiguous tensor");
    if (self.numel() == 0 || !result.hasValues())
        return result;
    const auto rows = static_cast<std::size_t>(wrapDim(-2, self.dim(), /*wrapScalar=*/false));
    const Scalar zero = Scalar::fromInt(0);
    result.forEachElement([&](const Shape& index, std::int64_t at) {
        const std::int64_t fromDiagonal = wrappingSub(index[rows + 1], index[rows]); // j - i
        if (upper ? fromDiagonal < k : fromDiagonal > k)
            result.storage()->store(result.dtype(), at, zero);
    });
    return result;
}

Tensor diag(const Tensor& self, std::int64_t k) {
    SS_CHECK(self.dim() == 1 || self.dim() == 2, RuntimeError, "matrix or a vector expected");
    if (self.dim() == 1) {
        const std::int64_t n = wrappingAdd(self.sizes()[0], k >= 0 ? k : wrappingSub(0, k));
        const Tensor result = zeros({n, n}, self.dtype());
        copy_(diagonal(result, k, 0, 1), self);
        return result;
    }
    const std::int64_t rows = self.sizes()[0], columns = self.sizes()[1];
    const std::int64_t length =
        k >= 0 ? std::min(rows, wrappingSub(columns, k)) : std::min(wrappingAdd(rows, k), columns);
    // resize_output({length}) of a negative length: c10's numel check.
    SS_CHECK(length >= 0, RuntimeError, "numel: integer multiplication overflow");
    return clone(diagonal(self, k, 0, 1), MemoryFormat::Contiguous);
}

namespace {

template <typename ViewOf> Tensor scatterIntoView(const Tensor& self, const Tensor& src, ViewOf viewOf) {
    const Tensor output = clone(self, MemoryFormat::Preserve);
    const Tensor target = viewOf(output);
    SS_CHECK(target.sizes() == src.sizes(), RuntimeError,
             "expected src to have a size equal to the slice of self. src size = ", src.sizes(),
             ", slice size = ", target.sizes());
    copy_(target, src);
    return output;
}

} // namespace

Tensor selectScatter(const Tensor& self, const Tensor& src, std::int64_t dim, std::int64_t index) {
    return scatterIntoView(self, src, [&](const Tensor& t) { return select(t, dim, index); });
}

Tensor sliceScatter(const Tensor& self, const Tensor& src, std::int64_t dim,
                    std::optional<std::int64_t> start, std::optional<std::int64_t> end, std::int64_t step) {
    return scatterIntoView(self, src, [&](const Tensor& t) { return slice(t, dim, start, end, step); });
}

Tensor diagonalScatter(const Tensor& self, const Tensor& src, std::int64_t offset, std::int64_t dim1,
                       std::int64_t dim2) {
    return scatterIntoView(self, src, [&](const Tensor& t) { return diagonal(t, offset, dim1, dim2); });
}

std::vector<Tensor> meshgrid(std::vector<Tensor> tensors, const std::string& indexing) {
    SS_CHECK(!tensors.empty(), RuntimeError, "meshgrid expects a non-empty TensorList");
    for (std::size_t i = 0; i + 1 < tensors.size(); ++i) {
        SS_CHECK(tensors[i].dtype() == tensors[i + 1].dtype(), RuntimeError,
                 "meshgrid expects all tensors to have the same dtype");
        SS_CHECK(deviceOf(tensors[i]) == deviceOf(tensors[i + 1]), RuntimeError,
                 "meshgrid expects all tensors to have the same device");
    }
    const bool swap = indexing == "xy" && tensors.size() >= 2;
    SS_CHECK(indexing == "xy" || indexing == "ij", RuntimeError,
             "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: ", indexing);
    if (swap)
        std::swap(tensors[0], tensors[1]);
    Shape grid;
    for (const Tensor& t : tensors) {
        // PyTorch prints the offending tensor after "got: " in C++'s format: an empty one as
        // "[ torch.FloatTensor{1,0} ]"; the values of another are not repeated here, its rank is.
        if (t.dim() > 1 && t.numel() == 0) {
            std::string sizes;
            for (const std::int64_t s : t.sizes())
                sizes += (sizes.empty() ? "" : ",") + std::to_string(s);
            fail(ErrorKind::RuntimeError,
                 "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: [ ", legacyTypeName(t),
                 "{", sizes, "} ]");
        }
        SS_CHECK(t.dim() <= 1, RuntimeError,
                 "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got a ", t.dim(),
                 "-D tensor");
        grid.push_back(t.numel());
    }
    std::vector<Tensor> grids;
    Shape viewShape(tensors.size(), 1);
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        viewShape[i] = -1;
        grids.push_back(expand(view(tensors[i], viewShape), grid));
        viewShape[i] = 1;
    }
    if (swap)
        std::swap(grids[0], grids[1]);
    return grids;
}

Tensor narrowCopy(const Tensor& self, std::int64_t dim, std::int64_t start, std::int64_t length) {
    if (deviceOf(self).isCuda()) // narrow_copy_dense
        return clone(narrow(self, dim, start, length), MemoryFormat::Contiguous)
            .withLayoutReason("narrow_copy writes narrow's elements into a new contiguous tensor");
    SS_CHECK(self.dim() > 0, RuntimeError, "narrow() cannot be applied to a 0-dim tensor.");
    if (dim < 0)
        dim = wrapDim(dim, self.dim());
    else
        SS_CHECK(dim < self.dim(), RuntimeError,
                 "Expected dim < static_cast<int64_t>(self_sizes.size()) to be true, but got false.  (Could "
                 "this error message be improved?  If so, please report an enhancement request to PyTorch.)");
    const std::int64_t size = self.sizes()[static_cast<std::size_t>(dim)];
    // "start being the end is valid, but not a valid dim specification": any other negative
    // start wraps as a dim of `size` would, with a dim's IndexError past -size.
    if (start != size && start < 0)
        start = wrapDim(start, size);
    SS_CHECK(length >= 0 && start <= size - length, RuntimeError, "start (", start, ") + length (", length,
             ") exceeds dimension size (", size, ").");
    // The CPU kernel writes into empty_like(self) resized to the narrowed sizes: contiguous, on a
    // storage as large as self's elements, which resize_ never shrinks.
    const Tensor narrowed = narrow(self, dim, start, length);
    const Tensor result = resizeInPlace(like(self, LikeFill::Empty, std::nullopt, MemoryFormat::Preserve),
                                        narrowed.sizes(), std::nullopt);
    copy_(result, narrowed);
    return result.withLayoutReason("narrow_copy writes narrow's elements contiguously into empty_like(self), "
                                   "whose storage keeps self's size");
}

Tensor outer(const Tensor& self, const Tensor& vec2) {
    SS_CHECK(self.dim() == 1, RuntimeError, "outer: Expected 1-D argument self, but got ", self.dim(), "-D");
    SS_CHECK(vec2.dim() == 1, RuntimeError, "outer: Expected 1-D argument vec2, but got ", vec2.dim(), "-D");
    return binary(BinaryKind::Mul, Operand::of(reshape(self, {self.size(0), 1})), Operand::of(vec2));
}

Tensor diff(const Tensor& self, std::int64_t n, std::int64_t dim, const std::optional<Tensor>& prepend,
            const std::optional<Tensor>& append) {
    SS_CHECK(self.dim() >= 1, RuntimeError, "diff expects input to be at least one-dimensional");
    for (const std::optional<Tensor>* other : {&prepend, &append}) {
        if (!*other)
            continue;
        const Tensor& t = **other;
        const std::int64_t wrapped = wrapDim(dim, self.dim());
        SS_CHECK(t.dim() == self.dim(), RuntimeError,
                 "diff expects prepend or append to be the same dimension as input");
        for (std::int64_t i = 0; i < t.dim(); ++i)
            SS_CHECK(t.size(i) == self.size(i) || i == wrapped, RuntimeError,
                     "diff expects the shape of tensor to prepend or append to match that of input except "
                     "along the "
                     "differencing dimension; input.size(",
                     i, ") = ", self.size(i), ", but got tensor.size(", i, ") = ", t.size(i));
    }
    if (n == 0) // zeros_like(self) with self copied in: a preserve-format copy
        return clone(self, MemoryFormat::Preserve);
    Tensor result = self;
    if (prepend || append) {
        std::vector<Tensor> parts;
        if (prepend)
            parts.push_back(*prepend);
        parts.push_back(self);
        if (append)
            parts.push_back(*append);
        result = cat(parts, dim);
    }
    std::int64_t length = result.size(dim) - 1;
    const std::int64_t times = std::min(n, result.size(dim)); // n beyond the dim's size: an empty result
    const BinaryKind difference = result.dtype() == DType::Bool ? BinaryKind::LogicalXor : BinaryKind::Sub;
    for (std::int64_t i = 0; i < times; ++i, --length)
        result = binary(difference, Operand::of(narrow(result, dim, 1, length)),
                        Operand::of(narrow(result, dim, 0, length)));
    return result;
}

Tensor blockDiag(const std::vector<Tensor>& tensors) {
    if (tensors.empty())
        return empty({1, 0}, DType::Float32);
    std::vector<PromotionOperand> operands; // result_type: a 0-D block ranks below the others
    std::int64_t rows = 0, columns = 0;
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        const Tensor& t = tensors[i];
        SS_CHECK(t.dim() < 3, RuntimeError,
                 "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input ", i, " has ",
                 t.dim(), " dimensions");
        operands.push_back(PromotionOperand::of(t));
        rows += t.dim() == 2 ? t.size(0) : 1;
        columns += t.dim() == 0 ? 1 : t.size(-1);
    }
    const Tensor result = zeros({rows, columns}, resultType(operands))
                              .withLayoutReason("block_diag writes its blocks into a new contiguous tensor");
    std::int64_t row = 0, column = 0;
    for (const Tensor& t : tensors) {
        const Tensor block = t.dim() == 2 ? t : view(t, {1, t.dim() == 0 ? 1 : t.size(0)});
        const std::int64_t height = block.size(0), width = block.size(1);
        copy_(narrow(narrow(result, 0, row, height), 1, column, width), block);
        row += height;
        column += width;
    }
    return result;
}

Tensor cartesianProd(const std::vector<Tensor>& tensors) {
    for (const Tensor& t : tensors)
        SS_CHECK(t.dim() == 1, RuntimeError, "Expect a 1D vector, but got shape ", t.sizes());
    if (tensors.size() == 1)
        return tensors[0];
    std::vector<Tensor> grids = meshgrid(tensors, "ij");
    for (Tensor& grid : grids)
        grid = flatten(grid, 0, -1);
    return stack(grids, 1).withLayoutReason(
        "cartesian_prod stacks the flattened grids as columns of a new tensor");
}

Tensor combinations(const Tensor& self, std::int64_t r, bool withReplacement) {
    SS_CHECK(self.dim() == 1, RuntimeError, "Expect a 1D vector, but got shape ", self.sizes());
    SS_CHECK(r >= 0, RuntimeError, "Expect a non-negative number, but got ", r);
    if (r == 0)
        return empty({0}, self.dtype());
    std::vector<Tensor> grids = meshgrid(std::vector<Tensor>(static_cast<std::size_t>(r), self), "ij");
    // _triu_mask: true where the grid's indices run i < j < k ... (i <= j <= k ... with replacement).
    const Tensor range =
        arange(Scalar::fromInt(0), Scalar::fromInt(self.numel()), Scalar::fromInt(1), DType::Int64);
    const std::vector<Tensor> indexGrids =
        meshgrid(std::vector<Tensor>(static_cast<std::size_t>(r), range), "ij");
    Tensor mask = full(indexGrids[0].sizes(), Scalar::fromBool(true), DType::Bool);
    for (std::size_t i = 0; i + 1 < indexGrids.size(); ++i)
        mask = binary(BinaryKind::Mul, Operand::of(mask),
                      Operand::of(binary(withReplacement ? BinaryKind::Le : BinaryKind::Lt,
                                         Operand::of(indexGrids[i]), Operand::of(indexGrids[i + 1]))));
    for (Tensor& grid : grids)
        grid = maskedSelect(grid, mask);
    return stack(grids, 1).withLayoutReason(
        "combinations stacks the selected elements as columns of a new tensor");
}

Tensor diagflat(const Tensor& self, std::int64_t offset) {
    return diag(view(contiguous(self), {-1}), offset);
}

Tensor diagEmbed(const Tensor& self, std::int64_t offset, std::int64_t dim1, std::int64_t dim2) {
    const std::int64_t rank = self.dim() + 1;
    const std::int64_t first = wrapDim(dim1, rank), second = wrapDim(dim2, rank);
    SS_CHECK(first != second, RuntimeError, "diagonal dimensions cannot be identical ", dim1, ", ", dim2);
    const std::int64_t length = wrappingAdd(offset >= 0 ? offset : wrappingSub(0, offset), self.size(-1));
    Shape sizes = self.sizes();
    sizes.pop_back();
    sizes.insert(sizes.begin() + std::min(first, second), length);
    sizes.insert(sizes.begin() + std::max(first, second), length);
    const Tensor result = zeros(sizes, self.dtype());
    copy_(diagonal(result, offset, first, second), self);
    return result;
}

Tensor like(const Tensor& self, LikeFill fill, std::optional<DType> dtype, MemoryFormat format,
            const Scalar& value, RandomGenerator* generator) {
    const DType type = dtype.value_or(self.dtype());
    Tensor result = detail::emptyLike(self, format, type, fill != LikeFill::Empty || self.hasValues());
    switch (fill) {
    case LikeFill::Empty:
        break;
    case LikeFill::Zeros:
        detail::writeValues(result, [](std::int64_t) { return Scalar::fromInt(0); });
        break;
    case LikeFill::Ones:
        detail::writeValues(result, [](std::int64_t) { return Scalar::fromInt(1); });
        break;
    case LikeFill::Full: {
        const Scalar converted = checkedCastScalar(value, type);
        detail::writeValues(result, [&](std::int64_t) { return converted; });
        break;
    }
    case LikeFill::Rand:
    case LikeFill::Randn: {
        // The numbers come from the same generator as torch.rand/randn, in logical order.
        SS_CHECK(generator, RuntimeError, "internal error: rand_like without a generator");
        const Tensor source = fill == LikeFill::Rand ? rand(self.sizes(), type, *generator)
                                                     : randn(self.sizes(), type, *generator);
        detail::copyValues(result, source);
        break;
    }
    }
    return result;
}

bool equal(const Tensor& a, const Tensor& b) {
    if (a.sizes() != b.sizes())
        return false;
    SS_CHECK(a.hasValues() && b.hasValues(), RuntimeError,
             "the values of this tensor are not kept (layout only)");
    const DType common = promoteTypes(a.dtype(), b.dtype());
    const auto va = a.values(), vb = b.values();
    for (std::size_t i = 0; i < va.size(); ++i) {
        const Scalar x = castScalar(va[i], common), y = castScalar(vb[i], common);
        if (isComplex(common)    ? !(x.floatValue == y.floatValue && x.imagValue == y.imagValue)
            : isFloating(common) ? !(x.floatValue == y.floatValue)
                                 : x.intValue != y.intValue)
            return false;
    }
    return true;
}

// ---- in-place metadata ------------------------------------------------------------------

Tensor transposeInPlace(const Tensor& self, std::int64_t dim0, std::int64_t dim1) {
    const Tensor moved = transpose(self, dim0, dim1);
    return self.withMetadata(self.storage(), self.dtype(), moved.layout());
}

Tensor tInPlace(const Tensor& self) {
    SS_CHECK(self.dim() <= 2, RuntimeError, "t_() expects a tensor with <= 2 dimensions, but self is ",
             self.dim(), "D");
    return transposeInPlace(self, 0, self.dim() < 2 ? 0 : 1);
}

Tensor squeezeInPlace(const Tensor& self) {
    return self.withMetadata(self.storage(), self.dtype(), squeeze(self).layout());
}

Tensor squeezeInPlace(const Tensor& self, std::int64_t dim) {
    return self.withMetadata(self.storage(), self.dtype(), squeeze(self, dim).layout());
}

Tensor unsqueezeInPlace(const Tensor& self, std::int64_t dim) {
    return self.withMetadata(self.storage(), self.dtype(), unsqueeze(self, dim).layout());
}

Tensor asStridedInPlace(const Tensor& self, const Shape& sizes, const Shape& strides,
                        std::optional<std::int64_t> storageOffset) {
    return self.withMetadata(self.storage(), self.dtype(),
                             asStrided(self, sizes, strides, storageOffset).layout());
}

Tensor resizeInPlace(const Tensor& self, const Shape& sizes, std::optional<MemoryFormat> format) {
    SS_CHECK(!format || *format != MemoryFormat::Preserve, RuntimeError, "Unsupported memory formatPreserve");
    checkNumelFits(sizes); // a negative size reads as a huge one: "numel: integer multiplication overflow"
    Shape strides = contiguousStrides(sizes);
    if (sizes != self.sizes()) {
        std::int64_t bytes = 0;
        std::int64_t elements = 1;
        for (auto s : sizes)
            elements *= s;
        if (__builtin_add_overflow(elements, self.storageOffset(), &elements) ||
            __builtin_mul_overflow(elements, std::int64_t(self.elementSize()), &bytes))
            fail(ErrorKind::RuntimeError, "Storage size calculation overflowed with sizes=", sizes);
        ensureStorageBytes(self, sizes, bytes);
    } else {
        strides = self.strides(); // resize_ to the same sizes changes nothing but the format
    }
    if (format)
        strides = formatStrides(sizes, *format);
    return self.withMetadata(self.storage(), self.dtype(), Layout{sizes, strides, self.storageOffset()});
}

Tensor resizeAsInPlace(const Tensor& self, const Tensor& like, std::optional<MemoryFormat> format) {
    Tensor result = resizeInPlace(self, like.sizes(), std::nullopt);
    if (!format)
        return result;
    const MemoryFormat resolved =
        *format == MemoryFormat::Preserve ? detail::suggestMemoryFormat(like) : *format;
    return result.withMetadata(
        result.storage(), result.dtype(),
        Layout{like.sizes(), formatStrides(like.sizes(), resolved), result.storageOffset()});
}

Tensor setStorage(const Tensor& self, const StoragePtr& storage, std::int64_t offset, const Shape& sizes,
                  const std::optional<Shape>& strides) {
    // set_storage_cpu_: checkSetStorage, then resize_impl_cpu_ (which grows the storage).
    if (strides)
        SS_CHECK(strides->size() == sizes.size(), RuntimeError, "unequal size length (", sizes.size(),
                 ") and stride length (", strides->size(), ")");
    SS_CHECK(offset >= 0, RuntimeError, "Tensor: invalid storage offset ", offset);
    checkNumelFits(sizes);
    const Shape layoutStrides = strides ? *strides : contiguousStrides(sizes);
    for (auto s : sizes)
        SS_CHECK(s >= 0, RuntimeError, "Trying to create tensor with negative dimension ", s, ": ", sizes);
    const Tensor moved = self.withMetadata(storage, self.dtype(), Layout{sizes, layoutStrides, offset});
    ensureStorageBytes(moved, sizes, requiredBytes(sizes, layoutStrides, offset, self.elementSize()));
    return moved;
}

Tensor setEmpty(const Tensor& self) {
    return self.withMetadata(std::make_shared<Storage>(self.dtype(), 0), self.dtype(), Layout{{0}, {1}, 0});
}

} // namespace stridescope::ops
