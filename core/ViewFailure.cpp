#include "core/ViewFailure.h"

#include "core/Error.h"

#include <vector>

namespace stridescope {

std::optional<ViewFailureReason> explainViewFailure(const Layout& layout, const Shape& requested) {
    Shape shape;
    try {
        shape = inferSize(requested, layout.numel());
    } catch (const TensorError&) {
        return std::nullopt;
    }
    if (layout.numel() == 0 || computeViewStrides(layout.sizes, layout.strides, shape))
        return std::nullopt;

    // 1. The dims that matter: size-1 dims never break a chunk (PyTorch skips them too).
    std::vector<std::size_t> dims;
    for (std::size_t d = 0; d < layout.sizes.size(); ++d)
        if (layout.sizes[d] != 1)
            dims.push_back(d);
    // 2. Row-major prefix products of the input: P(a) = size(0) * ... * size(a). They stay below
    //    numel, which fits in int64.
    auto prefixOf = [&](std::size_t last) {
        std::int64_t product = 1;
        for (std::size_t d = 0; d <= last; ++d)
            product *= layout.sizes[d];
        return product;
    };
    // 3. A chunk boundary between input dims a and b sits after prefix P(a); the view needs a
    //    new dim to end exactly there. The new dim whose prefix range strictly contains P(a)
    //    would have to step across the boundary.
    for (std::size_t i = 0; i + 1 < dims.size(); ++i) {
        const std::size_t a = dims[i];
        const std::size_t b = dims[i + 1];
        const std::int64_t strideA = layout.strides[a];
        const std::int64_t sizeB = layout.sizes[b];
        const std::int64_t strideB = layout.strides[b];
        if (strideA == wrappingMul(sizeB, strideB))
            continue;
        const std::int64_t boundary = prefixOf(a);
        std::int64_t before = 1;
        for (std::size_t j = 0; j < shape.size(); ++j) {
            const std::int64_t after = before * shape[j];
            if (before < boundary && boundary < after)
                return ViewFailureReason{
                    ViewChunkCrossing{static_cast<std::int64_t>(j), shape[j], static_cast<std::int64_t>(a),
                                      static_cast<std::int64_t>(b), strideA, sizeB, strideB}};
            before = after;
        }
    }
    return ViewFailureReason{};
}

} // namespace stridescope
