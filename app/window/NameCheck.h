#pragma once
// Why a name typed for a new tensor (New Tensor, an op form's result) cannot be used, in the
// words a Python user expects; empty when it can. The name fields take any text, so that a
// typed "1x; import os" is refused with a reason instead of being silently edited into
// "ximportos".
#include <QString>

namespace stridescope::app {

QString nameProblem(const QString& name);

} // namespace stridescope::app
