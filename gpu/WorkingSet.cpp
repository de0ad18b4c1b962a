#include "gpu/WorkingSet.h"

#include "core/Analysis.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

namespace stridescope::gpu {

namespace {

std::int64_t magnitude(std::int64_t v) { return v < 0 ? -v : v; }

// Dims of size > 1 with a non-zero stride, innermost (smallest |stride|) first; equal strides
// put the later dim first, as row-major order would.
std::vector<std::int64_t> dimsByStride(const Layout& view) {
    std::vector<std::int64_t> order;
    for (std::int64_t d = 0; d < view.dim(); ++d)
        if (view.sizes[d] > 1 && view.strides[d] != 0)
            order.push_back(d);
    std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) {
        const auto sa = magnitude(view.strides[a]);
        const auto sb = magnitude(view.strides[b]);
        return sa != sb ? sa < sb : a > b;
    });
    return order;
}

int scalableDims(const Layout& view, std::int64_t kept) {
    int count = 0;
    for (std::int64_t d = 0; d < view.dim(); ++d)
        count += view.sizes[d] > 1 && d != kept;
    return count;
}

// The last dim, when it is a row shorter than a cache line packed back to back with the next
// (unit stride, and the next dim by stride starts where it ends: the channels of an RGBA pixel,
// a pair of coordinates, a short head of attention): -1 otherwise. How such rows share lines
// decides the layout's memory behaviour, and the CPU moves rows of 2, 4 or 8 bytes as single
// elements: an RGBA image grown to 6 channels measured a layout of 6-byte rows at 0.10x the
// limit where the image's own 4-byte rows run at 0.64x.
// Also an image's channels where they are not such a row: a dim of 2-4 in a view of three dims
// or more (of size > 1) whose other dims are all longer than 4 (or 1), that is either the last
// dim (CHW -> HWC) or the innermost by stride and packed (HWC -> CHW). 3 channels grown to 5 had
// measured the CPU's shuffles for 5 (HWC -> CHW 0.40x the limit in the panel, the image's own
// 0.63-0.68x). Small views whose dims are all short (a 2 x 3 x 4 example, an 8-D permute of 2s)
// grow every dim.
std::int64_t keptChannelDim(const Layout& view, const std::vector<std::int64_t>& order) {
    const std::int64_t rank = view.dim();
    if (scalableDims(view, -1) < 3)
        return -1;
    std::int64_t channels = -1;
    for (std::int64_t d = 0; d < rank; ++d) {
        if (view.sizes[d] == 1 || view.sizes[d] > 4)
            continue; // size-1 dims (a batch of one) never grow
        if (channels >= 0)
            return -1;
        channels = d;
    }
    if (channels < 0 || view.strides[channels] == 0)
        return -1;
    if (channels == rank - 1)
        return channels;
    const bool packed = order.size() >= 2 && order[0] == channels && view.strides[channels] == 1 &&
                        magnitude(view.strides[order[1]]) == view.sizes[channels];
    return packed ? channels : -1;
}

std::int64_t keptRowDim(const Layout& view, int elementSize) {
    const std::int64_t last = view.dim() - 1;
    if (last < 1)
        return -1;
    const auto order = dimsByStride(view);
    if (view.sizes[last] >= 2 && view.strides[last] == 1 && view.sizes[last] * elementSize < 64 &&
        order.size() >= 2 && order[0] == last && magnitude(view.strides[order[1]]) == view.sizes[last])
        return last;
    return keptChannelDim(view, order);
}

std::string mib(std::int64_t bytes) {
    const double value = static_cast<double>(bytes) / static_cast<double>(kMiB);
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.1f MiB", value);
    return buffer;
}

} // namespace

// On a high level:
// 1. Sizes: every dim of size > 1 times `factor`, rounded, at least 2.
// 2. Strides, walking the dims from the smallest |stride| up: the innermost keeps its stride;
//    each next one keeps its ratio to the extent |stride| · size of the one before, applied to
//    that dim's scaled extent (dense neighbours have ratio 1 and stay exactly dense). Stride-0
//    dims stay 0; size-1 dims keep their (meaningless) stride.
// 3. The storage offset, read as an index in those dims (greedily, largest stride first), has
//    its index parts scaled like the sizes; a remainder below the innermost stride is kept.
// 4. Negative strides (never made by PyTorch, possible through the model) are kept by moving
//    the offset up until the lowest address is 0 or more.
ScaledLayout scaleLayout(const Layout& view, int elementSize, double factor) {
    ScaledLayout scaled;
    scaled.view = view;
    scaled.elementSize = elementSize;
    scaled.factor = factor;
    Layout& out = scaled.layout;
    out.sizes = view.sizes;
    out.strides = view.strides;
    const std::int64_t kept = keptRowDim(view, elementSize);
    for (std::int64_t d = 0; d < view.dim(); ++d) {
        if (view.sizes[d] > 1 && d != kept) {
            const auto grown = std::llround(static_cast<double>(view.sizes[d]) * factor);
            out.sizes[d] = std::max<std::int64_t>(2, grown);
        }
    }

    const auto order = dimsByStride(view);
    for (std::size_t k = 0; k < order.size(); ++k) {
        const auto d = order[k];
        if (k == 0)
            continue; // the innermost stride (a step) is kept as is
        const auto p = order[k - 1];
        const double ratio =
            static_cast<double>(magnitude(view.strides[d])) /
            (static_cast<double>(magnitude(view.strides[p])) * static_cast<double>(view.sizes[p]));
        const double extent =
            static_cast<double>(magnitude(out.strides[p])) * static_cast<double>(out.sizes[p]);
        const auto stride = std::max<std::int64_t>(1, std::llround(ratio * extent));
        out.strides[d] = view.strides[d] < 0 ? -stride : stride;
    }

    std::int64_t rest = view.storageOffset;
    std::int64_t offset = 0;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const auto unit = magnitude(view.strides[*it]);
        const auto index = rest / unit;
        rest %= unit;
        const double grown = *it == kept ? static_cast<double>(index) : static_cast<double>(index) * factor;
        offset += std::llround(grown) * magnitude(out.strides[*it]);
    }
    out.storageOffset = offset + rest;

    if (out.numel() > 0) {
        const auto extent = extentOf(out);
        if (extent->lowest < 0)
            out.storageOffset -= extent->lowest;
        scaled.storageElements = extentOf(out)->highest + 1;
    }
    return scaled;
}

// On a high level: the logical bytes are numel · elementSize, a product of k scaled sizes, so
// the first guess is factor = (target / bytes)^(1/k); rounding the sizes misses a little, and a
// few corrections by the same rule converge. If the storage (the gaps) then exceeds its bound,
// the factor shrinks until it fits.
ScaledLayout scaleToWorkingSet(const Layout& view, int elementSize, std::int64_t targetBytes,
                               std::int64_t maxStorageBytes) {
    if (!supportedElementSize(elementSize))
        throw std::invalid_argument(unsupportedElementSizeMessage(elementSize));
    if (targetBytes <= 0)
        throw std::invalid_argument("the working set must be larger than 0 bytes");
    if (view.numel() == 0)
        throw std::invalid_argument("the tensor is empty: there is nothing to read");
    if (scalableDims(view, -1) == 0)
        throw std::invalid_argument("the tensor has a single element: there is no layout to scale");
    if (view.sizes.size() != view.strides.size())
        throw std::invalid_argument("sizes and strides differ in length");
    const int k = scalableDims(view, keptRowDim(view, elementSize));
    if (maxStorageBytes <= 0)
        maxStorageBytes = targetBytes > INT64_MAX / kDefaultStorageToWorkingSetRatio
                              ? INT64_MAX
                              : targetBytes * kDefaultStorageToWorkingSetRatio;

    const double target = static_cast<double>(targetBytes);
    auto bytesOf = [&](const ScaledLayout& s) { return static_cast<double>(s.logicalBytes()); };

    double factor = std::pow(target / (static_cast<double>(view.numel()) * elementSize), 1.0 / k);
    ScaledLayout best = scaleLayout(view, elementSize, factor);
    for (int i = 0; i < 8; ++i) {
        const double bytes = bytesOf(best);
        if (bytes == target)
            break;
        factor *= std::pow(target / bytes, 1.0 / k);
        ScaledLayout next = scaleLayout(view, elementSize, factor);
        if (std::abs(bytesOf(next) - target) >= std::abs(bytes - target))
            break;
        best = std::move(next);
    }
    factor = best.factor;

    for (int i = 0; i < 64 && best.storageBytes() > maxStorageBytes; ++i) {
        // Shrink a bit more than the ratio says, so that rounding cannot stall the loop.
        factor *=
            0.99 * std::pow(static_cast<double>(maxStorageBytes) / static_cast<double>(best.storageBytes()),
                            1.0 / k);
        best = scaleLayout(view, elementSize, factor);
    }
    if (best.storageBytes() > maxStorageBytes)
        throw std::invalid_argument("the layout's storage (" + mib(best.storageBytes()) +
                                    ") cannot be made to fit " + mib(maxStorageBytes) +
                                    " while keeping its gaps; choose a smaller working set");
    return best;
}

} // namespace stridescope::gpu
