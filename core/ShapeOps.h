#pragma once
// The rest of PyTorch 1.13's view and shape surface: views that reinterpret or regroup
// (view(dtype), unbind, tensor_split, adjoint, broadcast_*), the copying shape ops (rot90,
// fliplr, *_like, equal) and the in-place metadata ops (t_, resize_, set_), which return the same
// tensor object (Tensor::objectId) with its new storage/layout. Errors are PyTorch's texts.
#include "Ops.h"

#include <optional>
#include <string>
#include <vector>

namespace stridescope::ops {

// ---- views ----
Tensor viewDtype(const Tensor& self, DType dtype);
Tensor ravel(const Tensor& self); // contiguous().view(-1)
Tensor adjoint(const Tensor& self);
Tensor matrixH(const Tensor& self);  // x.H
Tensor matrixMH(const Tensor& self); // x.mH
std::vector<Tensor> unbind(const Tensor& self, std::int64_t dim);
std::vector<Tensor> tensorSplit(const Tensor& self, std::int64_t sections, std::int64_t dim);
std::vector<Tensor> tensorSplitIndices(const Tensor& self, const Shape& indices, std::int64_t dim);
// hsplit / vsplit / dsplit: `which` is 'h', 'v' or 'd'.
std::vector<Tensor> directionalSplit(const Tensor& self, char which, std::int64_t sections);
std::vector<Tensor> directionalSplitIndices(const Tensor& self, char which, const Shape& indices);
Tensor broadcastTo(const Tensor& self, const Shape& size);
std::vector<Tensor> broadcastTensors(const std::vector<Tensor>& tensors);
Tensor atleast1d(const Tensor& self);
Tensor atleast2d(const Tensor& self);
Tensor atleast3d(const Tensor& self);

// torch.meshgrid (at::meshgrid): each 0-D or 1-D input viewed along its own dim and expanded
// (stride 0 along the others); "xy" swaps the first two inputs and outputs.
std::vector<Tensor> meshgrid(std::vector<Tensor> tensors, const std::string& indexing);

// ---- copies ----
// narrow_copy (narrow_copy_dense_cpu): narrow's elements in a new contiguous tensor, with that
// kernel's own checks (a dim past the end fails an unworded check, a negative start wraps like a
// dim). On CUDA it is narrow().clone(contiguous_format), with narrow's checks.
Tensor narrowCopy(const Tensor& self, std::int64_t dim, std::int64_t start, std::int64_t length);
// torch.outer / ger: self viewed as a column times vec2 (TensorIterator's layout and promotion).
Tensor outer(const Tensor& self, const Tensor& vec2);
// torch.diff: n times narrow(dim, 1, len) - narrow(dim, 0, len) (logical_xor for bool), after
// cat-ing prepend and append on dim; so the result's strides follow the input's dim order (the
// TensorIterator rule). n = 0 is a copy that keeps self's layout (and ignores prepend / append),
// a negative n self itself, as in 1.13.
Tensor diff(const Tensor& self, std::int64_t n, std::int64_t dim, const std::optional<Tensor>& prepend,
            const std::optional<Tensor>& append);
// torch.block_diag: zeros of the promoted dtype with each input (0-D as 1 x 1, 1-D as one row)
// copied onto the diagonal, one block after another.
Tensor blockDiag(const std::vector<Tensor>& tensors);
// torch.cartesian_prod (aten Itertools.cpp): the ij meshgrid of the 1-D inputs flattened and
// stacked as columns; one input is returned itself.
Tensor cartesianProd(const std::vector<Tensor>& tensors);
// torch.combinations: the r-element combinations of a 1-D input's elements, in order, as rows
// (a mask of index grids i < j < ... , or <= with replacement, selecting from meshgrids).
Tensor combinations(const Tensor& self, std::int64_t r, bool withReplacement);
Tensor fliplr(const Tensor& self);
Tensor flipud(const Tensor& self);
Tensor rot90(const Tensor& self, std::int64_t k, const Shape& dims);
// torch.roll: a new tensor (never a view). On the CPU, narrow + cat along each dim in turn, so the
// result takes cat's memory format (a channels_last input stays channels_last); on CUDA, a
// contiguous result (roll_cuda writes into empty_like(..., LEGACY_CONTIGUOUS_MEMORY_FORMAT)).
// With no dims, the flattened tensor is rolled and viewed back to self's shape.
Tensor roll(const Tensor& self, const Shape& shifts, const Shape& dims);
// torch.tile: repeat, with `reps` padded by leading 1s to self's rank.
Tensor tile(const Tensor& self, const Shape& reps);
// triu / tril: a contiguous copy with the elements below (triu) or above (tril) diagonal k of
// the last two dims zeroed. An empty tensor is never checked for its dims (compute_triu_tril
// returns first).
Tensor triangle(const Tensor& self, std::int64_t k, bool upper);
// torch.diag (1.13's TH-era rules): a 1-D input becomes the zeros matrix with it on diagonal k, a
// 2-D input's diagonal k is copied out (contiguous).
Tensor diag(const Tensor& self, std::int64_t k);
Tensor diagflat(const Tensor& self, std::int64_t offset); // contiguous().view(-1).diag(offset)
// select_scatter / slice_scatter / diagonal_scatter: a clone of self (preserve_format) with src
// copied into the view the op names, which src must match in size exactly.
Tensor selectScatter(const Tensor& self, const Tensor& src, std::int64_t dim, std::int64_t index);
Tensor sliceScatter(const Tensor& self, const Tensor& src, std::int64_t dim,
                    std::optional<std::int64_t> start, std::optional<std::int64_t> end, std::int64_t step);
Tensor diagonalScatter(const Tensor& self, const Tensor& src, std::int64_t offset, std::int64_t dim1,
                       std::int64_t dim2);
// zeros with self on the diagonal (offset, dim1, dim2) of a tensor of one more dim.
Tensor diagEmbed(const Tensor& self, std::int64_t offset, std::int64_t dim1, std::int64_t dim2);
// empty_like and friends: `format` Preserve keeps a dense input's strides (the default).
// Rand and Randn draw from `generator`, which they need (an internal error without one).
enum class LikeFill { Empty, Zeros, Ones, Full, Rand, Randn };
Tensor like(const Tensor& self, LikeFill fill, std::optional<DType> dtype, MemoryFormat format,
            const Scalar& value = Scalar::fromInt(0), RandomGenerator* generator = nullptr);
// torch.equal: same sizes and equal values after promotion to the common dtype.
bool equal(const Tensor& a, const Tensor& b);

// ---- in-place metadata (the same tensor object, a new layout or storage) ----
Tensor transposeInPlace(const Tensor& self, std::int64_t dim0, std::int64_t dim1);
Tensor tInPlace(const Tensor& self);
Tensor squeezeInPlace(const Tensor& self);
Tensor squeezeInPlace(const Tensor& self, std::int64_t dim);
Tensor unsqueezeInPlace(const Tensor& self, std::int64_t dim);
Tensor asStridedInPlace(const Tensor& self, const Shape& sizes, const Shape& strides,
                        std::optional<std::int64_t> storageOffset);
// resize_: contiguous strides for `sizes` (or `format`'s), the storage grown in place when
// it is too small (every tensor on it sees the new, larger storage).
Tensor resizeInPlace(const Tensor& self, const Shape& sizes, std::optional<MemoryFormat> format);
Tensor resizeAsInPlace(const Tensor& self, const Tensor& like, std::optional<MemoryFormat> format);
// set_(storage, offset, size, stride): `strides` nullopt means contiguous; grows the storage
// as resize_ does when the view needs more of it.
Tensor setStorage(const Tensor& self, const StoragePtr& storage, std::int64_t offset, const Shape& sizes,
                  const std::optional<Shape>& strides);
Tensor setEmpty(const Tensor& self);

} // namespace stridescope::ops
