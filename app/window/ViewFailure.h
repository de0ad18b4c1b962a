#pragma once
// Why PyTorch refuses a view, in the user's terms: the sentence, translated, for the reason that
// core's explainViewFailure (core/ViewFailure.h) finds.
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
