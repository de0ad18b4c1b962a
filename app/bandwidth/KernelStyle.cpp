#include "app/bandwidth/KernelStyle.h"

#include <QCoreApplication>

#include <stdexcept>

namespace stridescope::app {

namespace {

// Okabe-Ito colours (distinguishable with any colour vision). The story reads left to right:
// naive (what the layout costs), tiled (what a good kernel recovers), the limit.
const KernelStyle kKernelStyles[] = {
    {gpu::CopyKernel::ReadThroughLayout,
     QT_TRANSLATE_NOOP("stridescope::app::BandwidthPanel", "naive (read through layout)"),
     QT_TRANSLATE_NOOP("stridescope::app::BandwidthPanel", "naive\n(read through layout)"),
     QColor(0x00, 0x72, 0xB2)},
    {gpu::CopyKernel::Tiled, QT_TRANSLATE_NOOP("stridescope::app::BandwidthPanel", "tiled"),
     QT_TRANSLATE_NOOP("stridescope::app::BandwidthPanel", "tiled"), QColor(0xE6, 0x9F, 0x00)},
    {gpu::CopyKernel::Baseline, QT_TRANSLATE_NOOP("stridescope::app::BandwidthPanel", "limit"),
     QT_TRANSLATE_NOOP("stridescope::app::BandwidthPanel", "limit\n(contiguous copy)"),
     QColor(0x00, 0x9E, 0x73)},
    {gpu::CopyKernel::Memcpy, QT_TRANSLATE_NOOP("stridescope::app::BandwidthPanel", "memcpy"),
     QT_TRANSLATE_NOOP("stridescope::app::BandwidthPanel", "memcpy"), QColor(0x56, 0xB4, 0xE9)},
};

constexpr const char* kContext = "stridescope::app::BandwidthPanel";

} // namespace

const KernelStyle& kernelStyle(gpu::CopyKernel kernel) {
    for (const auto& style : kKernelStyles)
        if (style.kernel == kernel)
            return style;
    throw std::logic_error("a copy kernel without a row in the panel's style table");
}

QString kernelLegend(gpu::CopyKernel kernel) {
    return QCoreApplication::translate(kContext, kernelStyle(kernel).legend);
}

QString kernelBarLabel(gpu::CopyKernel kernel) {
    return QCoreApplication::translate(kContext, kernelStyle(kernel).bar);
}

} // namespace stridescope::app
