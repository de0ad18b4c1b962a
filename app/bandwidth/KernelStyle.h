#pragma once
// What the bandwidth panel shows for each kernel, in one table: its names (the Live legend, the
// label under its bar) and its colour. The panel, its plots and its story look kernels up here
// by gpu::CopyKernel; nothing compares case names as strings.
#include "gpu/CopyKernel.h"

#include <QColor>
#include <QString>

namespace stridescope::app {

struct KernelStyle {
    gpu::CopyKernel kernel;
    const char* legend; // untranslated; kernelLegend() translates it
    const char* bar;    // untranslated; kernelBarLabel() translates it
    QColor colour;
};

// The table's row for `kernel` (every kernel has one).
const KernelStyle& kernelStyle(gpu::CopyKernel kernel);
// Translated in the panel's context, so that the existing translations apply.
QString kernelLegend(gpu::CopyKernel kernel);
QString kernelBarLabel(gpu::CopyKernel kernel);

} // namespace stridescope::app
