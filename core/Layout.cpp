#include "Layout.h"

#include "Error.h"

#include <algorithm>
#include <numeric>

namespace stridescope {

std::int64_t Layout::numel() const {
    std::int64_t n = 1;
    for (auto s : sizes)
        n *= s;
    return n;
}

Shape contiguousStrides(const Shape& sizes) {
    Shape strides(sizes.size());
    std::int64_t running = 1;
    for (std::size_t i = sizes.size(); i-- > 0;) {
        strides[i] = running;
        // Wraps like c10 when an empty tensor's other sizes overflow: torch.empty(0, 2**40, 2**40).
        running = wrappingMul(running, std::max<std::int64_t>(sizes[i], 1));
    }
    return strides;
}

Shape channelsLastStrides(const Shape& sizes) {
    SS_CHECK(sizes.size() == 4, RuntimeError, "required rank 4 tensor to use channels_last format");
    Shape strides(4);
    strides[1] = 1;
    strides[3] = sizes[1];
    strides[2] = wrappingMul(strides[3], sizes[3]); // wraps like c10 for empty tensors
    strides[0] = wrappingMul(strides[2], sizes[2]);
    return strides;
}

Shape channelsLast3dStrides(const Shape& sizes) {
    SS_CHECK(sizes.size() == 5, RuntimeError, "required rank 5 tensor to use channels_last_3d format");
    Shape strides(5);
    strides[1] = 1;
    strides[4] = sizes[1];
    strides[3] = wrappingMul(strides[4], sizes[4]);
    strides[2] = wrappingMul(strides[3], sizes[3]);
    strides[0] = wrappingMul(strides[2], sizes[2]);
    return strides;
}

Shape inferDenseStrides(const Shape& sizes, const Shape& strides) {
    // Ported from at::infer_dense_strides (PyTorch 1.13). On a high level:
    //  1. start from the dims in reverse order (the last dim is the fastest);
    //  2. insertion-sort them by stride, smaller stride first, so the sort is stable and
    //     dims with stride 0 never move (an ambiguous comparison keeps the row-major order);
    //  3. lay the dims out densely in that order, treating sizes 0 and 1 as 1.
    const std::size_t ndim = sizes.size();
    if (ndim == 0)
        return {};
    if (ndim == 1)
        return {1};
    std::vector<std::size_t> perm(ndim);
    std::iota(perm.rbegin(), perm.rend(), 0);
    auto shouldSwap = [&](std::size_t dim0, std::size_t dim1) {
        const std::int64_t stride0 = strides[dim0], stride1 = strides[dim1];
        if (stride0 == 0 || stride1 == 0)
            return 0;
        if (stride0 < stride1)
            return -1;
        if (stride0 > stride1)
            return 1;
        if (sizes[dim0] > sizes[dim1])
            return 1;
        return 0;
    };
    for (std::size_t i = 1; i < ndim; ++i) {
        std::size_t dim1 = i;
        for (std::size_t j = 1; j <= i; ++j) {
            const std::size_t dim0 = i - j;
            const int comparison = shouldSwap(perm[dim0], perm[dim1]);
            if (comparison > 0) {
                std::swap(perm[dim0], perm[dim1]);
                dim1 = dim0;
            } else if (comparison < 0) {
                break;
            }
        }
    }
    Shape result(ndim);
    std::int64_t current = 1;
    for (std::size_t i = 0; i < ndim; ++i) {
        const std::size_t idx = perm[i];
        result[idx] = current;
        if (sizes[idx] > 1)
            current *= sizes[idx];
    }
    return result;
}

std::optional<Shape> computeViewStrides(const Shape& oldShape, const Shape& oldStride, const Shape& newShape) {
    // Ported from at::detail::computeStride (PyTorch 1.13, aten/src/ATen/TensorUtils.cpp).
    // On a high level: the old layout is cut into "chunks", maximal runs of dims that are
    // contiguous with each other (stride[d-1] == size[d] * stride[d], size-1 dims ignored).
    // A view is possible exactly when the new shape can be cut at the same element counts, so
    // that every new dim lies inside one chunk; inside a chunk the new strides are the chunk's
    // base stride times the running element count. Walking both shapes from the last dim:
    //  1. grow the old chunk until the next old dim is not contiguous with it;
    //  2. consume new dims (and any size-1 dims) until they hold as many elements;
    //  3. if the counts differ, a new dim spans two chunks: no view.
    if (oldShape.empty())
        return Shape(newShape.size(), 1);

    std::int64_t numel = 1;
    for (auto s : oldShape)
        numel *= s;
    if (numel == 0 && oldShape == newShape)
        return oldStride;

    Shape newStride(newShape.size());
    if (numel == 0) {
        // The strides are arbitrary for an empty tensor: NumPy's choice is those of a resize.
        for (std::int64_t viewD = static_cast<std::int64_t>(newShape.size()) - 1; viewD >= 0; --viewD) {
            if (viewD == static_cast<std::int64_t>(newShape.size()) - 1)
                newStride[viewD] = 1;
            else
                newStride[viewD] = wrappingMul(std::max<std::int64_t>(newShape[viewD + 1], 1), newStride[viewD + 1]);
        }
        return newStride;
    }

    std::int64_t viewD = static_cast<std::int64_t>(newShape.size()) - 1;
    std::int64_t chunkBaseStride = oldStride.back();
    std::int64_t tensorNumel = 1;
    std::int64_t viewNumel = 1;
    for (std::int64_t tensorD = static_cast<std::int64_t>(oldShape.size()) - 1; tensorD >= 0; --tensorD) {
        tensorNumel *= oldShape[tensorD];
        const bool chunkEnds = tensorD == 0 || (oldShape[tensorD - 1] != 1 &&
                                                oldStride[tensorD - 1] != wrappingMul(tensorNumel, chunkBaseStride));
        if (!chunkEnds)
            continue;
        while (viewD >= 0 && (viewNumel < tensorNumel || newShape[viewD] == 1)) {
            newStride[viewD] = wrappingMul(viewNumel, chunkBaseStride);
            viewNumel *= newShape[viewD];
            --viewD;
        }
        if (viewNumel != tensorNumel)
            return std::nullopt;
        if (tensorD > 0) {
            chunkBaseStride = oldStride[tensorD - 1];
            tensorNumel = 1;
            viewNumel = 1;
        }
    }
    if (viewD != -1)
        return std::nullopt;
    return newStride;
}

Shape inferSize(const Shape& shape, std::int64_t numel) {
    // at::infer_size_impl (PyTorch 1.13, aten/src/ATen/InferSize.h).
    std::int64_t newSize = 1;
    std::optional<std::size_t> inferDim;
    for (std::size_t dim = 0; dim < shape.size(); ++dim) {
        if (shape[dim] == -1) {
            SS_CHECK(!inferDim, RuntimeError, "only one dimension can be inferred");
            inferDim = dim;
        } else if (shape[dim] >= 0) {
            if (__builtin_mul_overflow(newSize, shape[dim], &newSize))
                fail(ErrorKind::RuntimeError, "shape '", shape, "' is invalid for input of size ", numel);
        } else {
            fail(ErrorKind::RuntimeError, "invalid shape dimension ", shape[dim]);
        }
    }
    Shape result = shape;
    if (numel == newSize || (inferDim && newSize > 0 && numel % newSize == 0)) {
        if (inferDim) {
            SS_CHECK(newSize != 0, RuntimeError, "cannot reshape tensor of 0 elements into shape ", shape,
                     " because the unspecified dimension size -1 can be any value and is ambiguous");
            result[*inferDim] = numel / newSize;
        }
        return result;
    }
    fail(ErrorKind::RuntimeError, "shape '", shape, "' is invalid for input of size ", numel);
}

bool isContiguous(const Layout& layout) {
    // c10 compute_contiguous: size-1 dims do not constrain their stride; an empty tensor is
    // contiguous whatever its strides.
    if (layout.numel() == 0)
        return true;
    std::int64_t expected = 1;
    for (std::int64_t d = layout.dim() - 1; d >= 0; --d) {
        if (layout.sizes[d] == 1)
            continue;
        if (layout.strides[d] != expected)
            return false;
        expected *= layout.sizes[d];
    }
    return true;
}

bool isChannelsLastContiguous(const Layout& layout) {
    // c10 compute_channels_last_contiguous_2d: only rank 4, dims visited in NHWC order C, W, H, N.
    if (layout.dim() != 4)
        return false;
    std::int64_t expected = 1;
    for (int d : {1, 3, 2, 0}) {
        if (layout.sizes[d] == 1)
            continue;
        if (layout.strides[d] != expected)
            return false;
        expected = wrappingMul(expected, layout.sizes[d]); // wraps like c10 for empty tensors of huge sizes
    }
    return true;
}

bool isChannelsLast3dContiguous(const Layout& layout) {
    // c10 compute_channels_last_contiguous_3d: only rank 5, dims visited in NDHWC order C, W, H, D, N.
    if (layout.dim() != 5)
        return false;
    std::int64_t expected = 1;
    for (int d : {1, 4, 3, 2, 0}) {
        if (layout.sizes[d] == 1)
            continue;
        if (layout.strides[d] != expected)
            return false;
        expected = wrappingMul(expected, layout.sizes[d]);
    }
    return true;
}

bool isStridesLikeChannelsLast3d(const Layout& layout) {
    // c10 is_channels_last_strides_3d_s5, the 2d rule with the extra depth dim.
    if (layout.dim() != 5)
        return false;
    const auto& sizes = layout.sizes;
    const auto& strides = layout.strides;
    std::int64_t min = 0;
    if (strides[1] == 0)
        return false;
    for (int d : {1, 4, 3, 2, 0}) {
        if (sizes[d] == 0)
            return false;
        if (strides[d] < min)
            return false;
        if (d == 0 && min == strides[1])
            return false;
        min = strides[d];
        if (sizes[d] > 1)
            min = wrappingMul(min, sizes[d]);
    }
    return true;
}

bool isStridesLikeChannelsLast(const Layout& layout) {
    // c10 is_channels_last_strides_2d_s4: the strides must grow in the order C, W, H, N, with
    // ambiguous cases (N111, a trivial C) falling back to NCHW.
    if (layout.dim() != 4)
        return false;
    const auto& sizes = layout.sizes;
    const auto& strides = layout.strides;
    std::int64_t min = 0;
    if (strides[1] == 0)
        return false;
    for (int d : {1, 3, 2, 0}) {
        if (sizes[d] == 0)
            return false;
        if (strides[d] < min)
            return false;
        if (d == 0 && min == strides[1])
            return false;
        min = strides[d];
        if (sizes[d] > 1)
            min = wrappingMul(min, sizes[d]); // wraps like c10 (an empty tensor's sizes can be huge)
    }
    return true;
}

bool isNonOverlappingAndDense(const Layout& layout) {
    // c10 compute_non_overlapping_and_dense, which PyTorch ORs with the two contiguity flags.
    if (isContiguous(layout) || isChannelsLastContiguous(layout) || isChannelsLast3dContiguous(layout))
        return true;
    const auto dim = layout.dim();
    if (dim == 1)
        return layout.sizes[0] < 2 || layout.strides[0] == 1;
    std::vector<std::int64_t> perm(static_cast<std::size_t>(dim));
    std::iota(perm.begin(), perm.end(), 0);
    // Size-0/1 dims go last; others by increasing stride. Ties cannot change the answer.
    std::stable_sort(perm.begin(), perm.end(), [&](std::int64_t a, std::int64_t b) {
        if (layout.sizes[a] < 2)
            return false;
        if (layout.sizes[b] < 2)
            return true;
        return layout.strides[a] < layout.strides[b];
    });
    std::int64_t requiredStride = 1;
    for (auto d : perm) {
        const auto size = layout.sizes[d];
        if (size < 2)
            return true;
        if (layout.strides[d] != requiredStride)
            return false;
        requiredStride *= size;
    }
    return true;
}

MemOverlap internalOverlap(const Layout& layout) {
    if (isNonOverlappingAndDense(layout))
        return MemOverlap::No;
    for (std::int64_t d = 0; d < layout.dim(); ++d)
        if (layout.strides[d] == 0 && layout.sizes[d] > 1)
            return MemOverlap::Yes;
    return MemOverlap::TooHard;
}

std::optional<std::int64_t> requiredStorageElements(const Layout& layout) {
    std::int64_t last = layout.storageOffset;
    for (std::int64_t d = 0; d < layout.dim(); ++d) {
        if (layout.sizes[d] == 0)
            return 0;
        std::int64_t reach = 0;
        if (__builtin_mul_overflow(layout.sizes[d] - 1, layout.strides[d], &reach) ||
            __builtin_add_overflow(last, reach, &last))
            return std::nullopt;
    }
    std::int64_t count = 0;
    if (__builtin_add_overflow(last, 1, &count))
        return std::nullopt;
    return count;
}

std::int64_t checkedNumel(const Shape& sizes) {
    for (auto s : sizes)
        SS_CHECK(s >= 0, RuntimeError, "Trying to create tensor with negative dimension ", s, ": ", sizes);
    std::int64_t n = 1;
    for (auto s : sizes)
        if (__builtin_mul_overflow(n, s, &n))
            fail(ErrorKind::RuntimeError, "Storage size calculation overflowed with sizes=", sizes);
    return n;
}

void checkNumelFits(const Shape& sizes) {
    std::uint64_t numel = 1;
    bool overflows = false;
    for (auto size : sizes)
        overflows |= __builtin_mul_overflow(numel, static_cast<std::uint64_t>(size), &numel);
    SS_CHECK(!overflows && numel <= static_cast<std::uint64_t>(INT64_MAX), RuntimeError,
             "numel: integer multiplication overflow");
}

std::int64_t wrapDim(std::int64_t dim, std::int64_t rank, bool wrapScalar) {
    if (rank <= 0) {
        SS_CHECK(wrapScalar, IndexError, "Dimension specified as ", dim, " but tensor has no dimensions");
        rank = 1;
    }
    const std::int64_t min = -rank, max = rank - 1;
    SS_CHECK(dim >= min && dim <= max, IndexError, "Dimension out of range (expected to be in range of [", min,
             ", ", max, "], but got ", dim, ")");
    return dim < 0 ? dim + rank : dim;
}

std::vector<bool> dimListToBitset(const Shape& dims, std::int64_t rank) {
    std::vector<bool> marked(static_cast<std::size_t>(std::max<std::int64_t>(rank, 0)), false);
    for (const std::int64_t d : dims) {
        const std::int64_t wrapped = wrapDim(d, rank);
        if (rank <= 0)
            continue;
        SS_CHECK(!marked[static_cast<std::size_t>(wrapped)], RuntimeError, "dim ", wrapped,
                 " appears multiple times in the list of dims");
        marked[static_cast<std::size_t>(wrapped)] = true;
    }
    return marked;
}

std::int64_t storageIndexOf(const Layout& layout, const Shape& index) {
    std::int64_t at = layout.storageOffset;
    for (std::size_t d = 0; d < index.size(); ++d)
        at += index[d] * layout.strides[d];
    return at;
}

} // namespace stridescope
