#pragma once
// Sorting, selection and scans: sort / argsort / msort, topk, kthvalue, the cumulative ops
// (cumsum, cumprod, cummax, cummin) and unique / unique_consecutive, with PyTorch 1.13's result
// layouts (which of them keep the input's strides, which are contiguous) and error texts.
//
// Where PyTorch leaves an order to the C++ library (the order of equal keys under an unstable
// sort, topk's selection, unique's hash set when sorted=False), the same standard algorithms and
// containers run here on the same keys, so ties come out in PyTorch's order.
#include "Ops.h"

#include <cstdint>
#include <optional>

namespace stridescope::ops {

// The (values, indices) pair that sort, topk, kthvalue, cummax and cummin return.
struct ValuesAndIndices {
    Tensor values;
    Tensor indices; // int64
};

// sort: values and indices keep self's strides when they are dense and non-overlapping, else
// dense strides in self's dim order. `stable` is PyTorch's optional flag (absent: unstable).
ValuesAndIndices sort(const Tensor& self, std::optional<bool> stable, std::int64_t dim, bool descending);
// argsort is sort's indices; msort is sort(self, 0)'s values.
Tensor argsort(const Tensor& self, std::optional<bool> stable, std::int64_t dim, bool descending);
Tensor msort(const Tensor& self);

// topk and kthvalue: contiguous results, like a reduction's.
ValuesAndIndices topk(const Tensor& self, std::int64_t k, std::int64_t dim, bool largest, bool sorted);
ValuesAndIndices kthvalue(const Tensor& self, std::int64_t k, std::int64_t dim, bool keepdim);

// cumsum / cumprod: a contiguous result in `dtype`, else int64 for integral (and bool) inputs,
// else self's dtype. The in-place form writes self and refuses a dtype other than self's.
enum class ScanKind { Sum, Prod };
Tensor cumulative(ScanKind kind, const Tensor& self, std::int64_t dim, std::optional<DType> dtype);
Tensor cumulative_(ScanKind kind, const Tensor& self, std::int64_t dim, std::optional<DType> dtype);
// cummax / cummin: the running extreme and where it was last reached (NaN wins and sticks).
ValuesAndIndices cumulativeExtreme(const Tensor& self, std::int64_t dim, bool wantMax);

// What torch._unique2, unique_dim and unique_consecutive return: all three tensors, always
// (torch.unique keeps the ones the flags ask for). `inverse` and `counts` are empty tensors of
// shape (0,) where not asked for.
struct UniqueResult {
    Tensor values;
    Tensor inverse;
    Tensor counts;
};
// torch._unique2: the distinct elements of self flattened.
UniqueResult unique(const Tensor& self, bool sorted, bool returnInverse, bool returnCounts);
// torch.unique_dim (always sorted) and torch.unique_consecutive with a dim: distinct slices,
// with the inverse and counts always computed (PyTorch ignores the flags there).
UniqueResult uniqueDim(const Tensor& self, std::int64_t dim, bool consecutive);
// torch.unique_consecutive: runs of equal elements of self flattened, or slices along `dim`.
UniqueResult uniqueConsecutive(const Tensor& self, bool returnInverse, bool returnCounts,
                               std::optional<std::int64_t> dim);

} // namespace stridescope::ops
