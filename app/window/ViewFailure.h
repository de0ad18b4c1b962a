#pragma once
// Why PyTorch refuses a view, in the user's terms. view() succeeds only when every dim of the new
// shape lies inside one contiguous chunk of the input (a run of dims where each stride is the
// next dim's size times its stride; PyTorch's computeStride). This names the new dim that would
// run across a chunk boundary and the two input dims on either side of it.
#include "core/Layout.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace stridescope::app {

class ViewFailure {
    Q_DECLARE_TR_FUNCTIONS(stridescope::app::ViewFailure)

public:
    // One or two sentences, or nothing when the view is possible (or the shape itself is wrong,
    // which PyTorch's own message already says).
    static std::optional<QString> explain(const Layout& layout, const Shape& requested);
};

} // namespace stridescope::app
