#include "Broadcast.h"

#include "Error.h"

#include <algorithm>

namespace stridescope {

Shape inferBroadcastShape(const Shape& a, const Shape& b) {
    const auto dimsA = static_cast<std::int64_t>(a.size()), dimsB = static_cast<std::int64_t>(b.size());
    const auto ndim = std::max(dimsA, dimsB);
    Shape result(static_cast<std::size_t>(ndim));
    for (std::int64_t i = ndim - 1; i >= 0; --i) {
        const auto offset = ndim - 1 - i;
        const auto dimA = dimsA - 1 - offset, dimB = dimsB - 1 - offset;
        const auto sizeA = dimA >= 0 ? a[static_cast<std::size_t>(dimA)] : 1;
        const auto sizeB = dimB >= 0 ? b[static_cast<std::size_t>(dimB)] : 1;
        SS_CHECK(sizeA == sizeB || sizeA == 1 || sizeB == 1, RuntimeError, "The size of tensor a (", sizeA,
                 ") must match the size of tensor b (", sizeB, ") at non-singleton dimension ", i);
        result[static_cast<std::size_t>(i)] = sizeA == 1 ? sizeB : sizeA;
    }
    return result;
}

Shape inferBroadcastShape(const std::vector<Shape>& shapes) {
    if (shapes.empty())
        return {};
    Shape result = shapes.front();
    for (std::size_t i = 1; i < shapes.size(); ++i)
        if (shapes[i] != result)
            result = inferBroadcastShape(result, shapes[i]);
    return result;
}

Shape broadcastShapesPython(const std::vector<Shape>& shapes) {
    std::size_t maxLength = 0;
    for (const Shape& shape : shapes)
        maxLength = std::max(maxLength, shape.size());
    Shape result(maxLength, 1);
    for (const Shape& shape : shapes) {
        // Walks each shape from its last dim, checking signs as it goes (so a mismatch in a
        // later dim is found before a negative size in an earlier one, as in PyTorch).
        for (std::size_t k = 1; k <= shape.size(); ++k) {
            const std::int64_t size = shape[shape.size() - k];
            std::int64_t& slot = result[maxLength - k];
            SS_CHECK(size >= 0, RuntimeError, "Trying to create tensor with negative dimension (", size, "): (", size,
                     ")");
            if (size == 1 || size == slot)
                continue;
            SS_CHECK(slot == 1, RuntimeError, "Shape mismatch: objects cannot be broadcast to a single shape");
            slot = size;
        }
    }
    return result;
}

} // namespace stridescope
