#include "app/window/ViewFailure.h"

#include "core/ViewFailure.h"

namespace stridescope::app {

std::optional<QString> ViewFailure::explain(const Layout& layout, const Shape& requested) {
    const std::optional<ViewFailureReason> reason = explainViewFailure(layout, requested);
    if (!reason)
        return std::nullopt;
    if (const auto& c = reason->crossing) {
        return tr("Dim %1 of the new shape (size %2) would run across dims %3 and %4 of the input, "
                  "which are two separate contiguous chunks: dim %3's stride %5 \u2260 dim %4's size "
                  "\u00d7 stride "
                  "= %6 \u00d7 %7 = %8. No strides can read that without copying; reshape copies "
                  "instead.")
            .arg(c->newDim)
            .arg(c->newSize)
            .arg(c->before)
            .arg(c->after)
            .arg(c->strideBefore)
            .arg(c->sizeAfter)
            .arg(c->strideAfter)
            .arg(wrappingMul(c->sizeAfter, c->strideAfter));
    }
    return tr(
        "The new shape cuts across the input's contiguous chunks, so no strides can read it without copying; "
        "reshape copies instead.");
}

} // namespace stridescope::app
