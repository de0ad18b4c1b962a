#pragma once
// Statistics and searching: nansum / nanmean, aminmax, median / nanmedian, mode, quantile /
// nanquantile, searchsorted / bucketize, histc, bincount and var_mean / std_mean, with PyTorch
// 1.13's result dtypes, layouts (contiguous, as reductions are, except where a note says
// otherwise), tie rules and error texts.
//
// Where PyTorch picks among equal elements with a standard algorithm (median's nth_element,
// mode's std::sort), the same algorithm runs here on the same keys and comparator, so the same
// index comes out.
#include "SortingOps.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace stridescope::ops {

// nansum: sum with NaN read as 0 (integral inputs: plain sum, int64 by default). nanmean:
// nansum divided by the count of non-NaN elements (floating inputs only). `dims` empty or
// absent reduces every dim, as sum(dim=()) does in 1.13.
//
// Every op with an out= in PyTorch takes `out`: after the op's own checks of out's dtype, out is
// resized when its shape differs (resize_output: contiguous strides, the storage grown in place)
// and the values are written through out's layout; out is returned. Without out, a new tensor.
Tensor nansum(const Tensor& self, const Shape& dims, bool keepdim, std::optional<DType> dtype,
              const std::optional<Tensor>& out = std::nullopt);
Tensor nanmean(const Tensor& self, const Shape& dims, bool keepdim, std::optional<DType> dtype,
               const std::optional<Tensor>& out = std::nullopt);

// aminmax: the smallest and largest element (NaN wins both), over everything or along `dim`.
struct MinAndMax {
    Tensor min;
    Tensor max;
};
MinAndMax aminmax(const Tensor& self, std::optional<std::int64_t> dim, bool keepdim,
                  const std::optional<MinAndMax>& out = std::nullopt);

// median / nanmedian of every element: a 0-dim tensor (NaN, cast to self's dtype, when empty).
Tensor medianAll(const Tensor& self, bool ignoreNan);
// median / nanmedian along dim: the lower median and its index. median returns the first NaN
// of a line that has one; nanmedian the median of the non-NaN elements.
ValuesAndIndices medianDim(const Tensor& self, std::int64_t dim, bool keepdim, bool ignoreNan,
                           const std::optional<ValuesAndIndices>& out = std::nullopt);
// mode along dim: the most frequent value (the smallest among equally frequent ones) and the
// index std::sort leaves last in its run.
ValuesAndIndices mode(const Tensor& self, std::int64_t dim, bool keepdim,
                      const std::optional<ValuesAndIndices>& out = std::nullopt);

// quantile / nanquantile. `q` is a 0-dim or 1-D tensor of self's dtype (float32 or float64);
// with a 1-D q the quantiles come first in the result, which is then a transpose of a
// contiguous buffer with them last (PyTorch returns gather's output permuted).
enum class Interpolation { Linear, Lower, Higher, Midpoint, Nearest };
Interpolation interpolationNamed(const std::string& name);
Tensor quantile(const Tensor& self, const Tensor& q, std::optional<std::int64_t> dim, bool keepdim,
                const std::string& interpolation, bool ignoreNan,
                const std::optional<Tensor>& out = std::nullopt);
// The float-q overload: q in [0, 1] is checked first, then made a 0-dim tensor of self's dtype.
Tensor quantile(const Tensor& self, double q, std::optional<std::int64_t> dim, bool keepdim,
                const std::string& interpolation, bool ignoreNan,
                const std::optional<Tensor>& out = std::nullopt);

// searchsorted: for each value, where it would be inserted into its row of sortedSequence
// (1-D, or the same leading dims as values) to keep it sorted; int64, or int32 with outInt32.
// `values` may be a Python number (a wrapped 0-dim tensor, which does not widen the dtype).
Tensor searchsorted(const Tensor& sortedSequence, const Operand& values, bool outInt32, bool right,
                    const std::optional<std::string>& side, const std::optional<Tensor>& sorter,
                    const std::optional<Tensor>& out = std::nullopt);
// bucketize(input, boundaries): searchsorted with 1-D boundaries.
Tensor bucketize(const Operand& input, const Tensor& boundaries, bool outInt32, bool right,
                 const std::optional<Tensor>& out = std::nullopt);

// histc: `bins` equal bins over [min, max] (the input's own range when min == max), in self's dtype.
Tensor histc(const Tensor& self, std::int64_t bins, double min, double max,
             const std::optional<Tensor>& out = std::nullopt);
// bincount: the count (or summed weight) of each non-negative integer of a 1-D input.
Tensor bincount(const Tensor& self, const std::optional<Tensor>& weights, std::int64_t minlength);

// var_mean / std_mean: (variance or standard deviation, mean) over dims (all when absent).
std::pair<Tensor, Tensor> varianceAndMean(const Tensor& self, const std::optional<Shape>& dims,
                                          double correction, bool keepdim, bool takeRoot);

} // namespace stridescope::ops
