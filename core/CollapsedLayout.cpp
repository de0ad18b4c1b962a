#include "core/CollapsedLayout.h"

namespace stridescope {

std::int64_t CollapsedLayout::numel() const {
    std::int64_t n = 1;
    for (auto size : sizes)
        n *= size;
    return n;
}

CollapsedLayout collapseLayout(const Layout& layout) {
    CollapsedLayout c;
    c.storageOffset = layout.storageOffset;
    if (layout.numel() == 0) {
        c.sizes = {0};
        c.strides = {1};
        return c;
    }
    for (std::int64_t d = 0; d < layout.dim(); ++d) {
        const auto size = layout.sizes[d];
        const auto stride = layout.strides[d];
        if (size == 1)
            continue;
        if (!c.sizes.empty() && c.strides.back() == stride * size) {
            c.sizes.back() *= size;
            c.strides.back() = stride;
        } else {
            c.sizes.push_back(size);
            c.strides.push_back(stride);
        }
    }
    if (c.sizes.empty()) {
        c.sizes = {1};
        c.strides = {1};
    }
    return c;
}

} // namespace stridescope
