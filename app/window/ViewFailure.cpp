#include "app/window/ViewFailure.h"

#include "core/Error.h"

#include <vector>

namespace stridescope::app {

std::optional<QString> ViewFailure::explain(const Layout& layout, const Shape& requested) {
    Shape shape;
    try {
        shape = inferSize(requested, layout.numel());
    } catch (const TensorError&) {
        return std::nullopt;
    }
    if (layout.numel() == 0 || computeViewStrides(layout.sizes, layout.strides, shape))
        return std::nullopt;

    // 1. The dims that matter: size-1 dims never break a chunk (PyTorch skips them too).
    std::vector<std::int64_t> dims;
    for (std::int64_t d = 0; d < layout.dim(); ++d)
        if (layout.sizes[d] != 1)
            dims.push_back(d);
    // 2. Row-major prefix products of the input and of the new shape.
    auto prefixOf = [](const Shape& sizes, std::int64_t last) {
        std::int64_t product = 1;
        for (std::int64_t d = 0; d <= last; ++d)
            product *= sizes[static_cast<std::size_t>(d)];
        return product;
    };
    // 3. A chunk boundary between input dims a and b sits after prefix P(a); the view needs a
    //    new dim to end exactly there. The new dim whose prefix range strictly contains P(a)
    //    would have to step across the boundary.
    for (std::size_t i = 0; i + 1 < dims.size(); ++i) {
        const std::int64_t a = dims[i];
        const std::int64_t b = dims[i + 1];
        const std::int64_t sa = layout.strides[a];
        const std::int64_t nb = layout.sizes[b];
        const std::int64_t sb = layout.strides[b];
        if (sa == nb * sb)
            continue;
        const std::int64_t boundary = prefixOf(layout.sizes, a);
        std::int64_t before = 1;
        for (std::size_t j = 0; j < shape.size(); ++j) {
            const std::int64_t after = before * shape[j];
            if (before < boundary && boundary < after) {
                return tr("Dim %1 of the new shape (size %2) would run across dims %3 and %4 of the input, "
                          "which are two separate contiguous chunks: dim %3's stride %5 \u2260 dim %4's size "
                          "\u00d7 stride "
                          "= %6 \u00d7 %7 = %8. No strides can read that without copying; reshape copies "
                          "instead.")
                    .arg(j)
                    .arg(shape[j])
                    .arg(a)
                    .arg(b)
                    .arg(sa)
                    .arg(nb)
                    .arg(sb)
                    .arg(nb * sb);
            }
            before = after;
        }
    }
    return tr(
        "The new shape cuts across the input's contiguous chunks, so no strides can read it without copying; "
        "reshape copies instead.");
}

} // namespace stridescope::app
