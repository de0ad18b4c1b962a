#pragma once
// How a tensor reads its Storage: sizes, strides (in elements) and storage_offset, and the
// layout algorithms PyTorch runs on them. Everything here is pure arithmetic on int64 and is
// overflow-checked where PyTorch checks.
#include <cstdint>
#include <optional>
#include <vector>

namespace stridescope {

using Shape = std::vector<std::int64_t>;

struct Layout {
    Shape sizes;
    Shape strides;
    std::int64_t storageOffset = 0;

    std::int64_t dim() const { return static_cast<std::int64_t>(sizes.size()); }
    std::int64_t numel() const;
    bool operator==(const Layout&) const = default;
};

enum class MemoryFormat { Contiguous, ChannelsLast, ChannelsLast3d, Preserve };

// Row-major strides; a size-0 dim counts as 1, as c10::contiguous_strides does.
Shape contiguousStrides(const Shape& sizes);
// NHWC strides for a 4-D NCHW shape (c10::get_channels_last_strides_2d).
Shape channelsLastStrides(const Shape& sizes);
// NDHWC strides for a 5-D NCDHW shape (c10::get_channels_last_strides_3d).
Shape channelsLast3dStrides(const Shape& sizes);
// Dense strides that keep the dim order of `strides` (at::infer_dense_strides).
Shape inferDenseStrides(const Shape& sizes, const Shape& strides);

// The view rule: strides for `newShape` that read the same elements as (oldShape, oldStride),
// or nothing when no such strides exist (at::detail::computeStride).
std::optional<Shape> computeViewStrides(const Shape& oldShape, const Shape& oldStride, const Shape& newShape);

// at::infer_size: resolves one -1 against numel, with PyTorch's errors.
Shape inferSize(const Shape& shape, std::int64_t numel);

bool isContiguous(const Layout& layout);
bool isChannelsLastContiguous(const Layout& layout);
bool isChannelsLast3dContiguous(const Layout& layout);
// c10's is_channels_last_strides_2d: what suggest_memory_format() reads.
bool isStridesLikeChannelsLast(const Layout& layout);
bool isStridesLikeChannelsLast3d(const Layout& layout);
bool isNonOverlappingAndDense(const Layout& layout);
// at::has_internal_overlap: Yes only where a stride-0 dim has size > 1; otherwise No or TooHard.
enum class MemOverlap { No, Yes, TooHard };
MemOverlap internalOverlap(const Layout& layout);

// Number of storage elements the layout needs: offset + 1 + sum((size-1)*stride), or 0 for an
// empty tensor; nullopt when that overflows int64 (PyTorch: "Storage size calculation overflowed").
std::optional<std::int64_t> requiredStorageElements(const Layout& layout);
// numel of a shape, checking for negative sizes and int64 overflow with PyTorch's messages.
std::int64_t checkedNumel(const Shape& sizes);
// c10::safe_compute_numel, run whenever a tensor gets its sizes (views, empty_strided): refuses
// sizes whose product does not fit in int64 with "numel: integer multiplication overflow"
// (a negative size counts as a huge one).
void checkNumelFits(const Shape& sizes);

// maybe_wrap_dim with PyTorch's IndexError messages.
std::int64_t wrapDim(std::int64_t dim, std::int64_t rank, bool wrapScalar = true);
// at::dim_list_to_bitset as the reductions and contractions read a list of dims: each wrapped
// (IndexError when out of range), a repeat refused with "dim 1 appears multiple times in the list
// of dims"; `rank` flags, none for a 0-dim tensor (whose dims 0 and -1 are only range-checked).
std::vector<bool> dimListToBitset(const Shape& dims, std::int64_t rank);

// The storage element a logical index reaches: offset + sum(index[k] * stride[k]).
std::int64_t storageIndexOf(const Layout& layout, const Shape& index);

// int64 arithmetic that wraps as the two's-complement machine code ATen compiles to does. Where
// PyTorch's own formulas overflow (a slice step of 2**62, sizes near 2**63) this gives PyTorch's
// results, e.g. x[::2**62].stride(), without the undefined behaviour of signed overflow in C++.
inline std::int64_t wrappingAdd(std::int64_t a, std::int64_t b) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}
inline std::int64_t wrappingSub(std::int64_t a, std::int64_t b) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b));
}
inline std::int64_t wrappingMul(std::int64_t a, std::int64_t b) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b));
}

} // namespace stridescope
