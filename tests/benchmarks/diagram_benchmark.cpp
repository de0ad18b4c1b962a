// How long the diagram takes, end to end and by stage, for the two sizes the design promises:
//   * a 1,048,576-element storage rendered to a PNG (model, geometry, paint, PNG encoding) in
//     well under 0.5 s;
//   * a 4,096-element storage painted into a QImage in under 20 ms.
// Not a test (timings depend on the machine): build the target diagram_benchmark and run it.
// Method: one warm-up run dropped, then N timed runs; min, median and max reported in ms.
// Exit status 1 when a median misses its budget, so a CI job may choose to run it.
#include "app/diagram/DiagramExport.h"
#include "app/diagram/DiagramGeometry.h"
#include "app/diagram/DiagramPainter.h"
#include "core/Ops.h"

#include <QElapsedTimer>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

using namespace stridescope;
using namespace stridescope::app;

namespace {

struct Stats {
    double min, median, max;
};

Stats measure(int runs, const std::function<void()>& work) {
    work(); // warm-up: fonts, glyph caches, allocator
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        work();
        ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return {ms.front(), ms[ms.size() / 2], ms.back()};
}

bool report(const char* what, const Stats& s, double budgetMs) {
    const bool ok = budgetMs <= 0 || s.median < budgetMs;
    std::printf("%-58s min %8.2f  median %8.2f  max %8.2f ms", what, s.min, s.median, s.max);
    if (budgetMs > 0)
        std::printf("   (budget %.0f ms: %s)", budgetMs, ok ? "ok" : "MISSED");
    std::printf("\n");
    return ok;
}

Tensor arange(std::int64_t n) {
    return ops::arange(Scalar::fromInt(0), Scalar::fromInt(n), Scalar::fromInt(1), DType::Float32);
}

} // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", QByteArrayLiteral("offscreen"));
    QGuiApplication application(argc, argv);
    const DiagramTheme theme = DiagramTheme::light();
    bool ok = true;

    // ---- a million elements: a strided view, with the whole tensor as a lane ----
    {
        const Tensor big = ops::reshape(arange(std::int64_t(1) << 20), {1024, 1024});
        const Tensor view = ops::slice(ops::slice(big, 0, std::nullopt, std::nullopt, 2), 1, 100, 300, 1);
        const DiagramTensorSpec primary{QStringLiteral("g"), QStringLiteral("big[::2, 100:300]"), view};
        const std::vector<DiagramTensorSpec> lanes{{QStringLiteral("big"), {}, big}};
        ok &= report("1,048,576 elements: model (reach of 102,400 + 1M lane)",
                     measure(10, [&] { (void)DiagramModel::build(primary, lanes); }), 0);
        const DiagramModel model = DiagramModel::build(primary, lanes);
        ok &= report("1,048,576 elements: geometry",
                     measure(10, [&] { (void)DiagramGeometry::compute(model, theme); }), 0);
        ok &= report("1,048,576 elements: tensor -> PNG bytes, end to end",
                     measure(10,
                             [&] {
                                 const DiagramModel m = DiagramModel::build(primary, lanes);
                                 (void)diagramToPng(m, theme);
                             }),
                     500);
        const Tensor plain = arange(std::int64_t(1) << 20);
        ok &= report("1,048,576 elements, contiguous 1-D: tensor -> PNG bytes",
                     measure(10,
                             [&] {
                                 const DiagramModel m = DiagramModel::build({QStringLiteral("x"), {}, plain});
                                 (void)diagramToPng(m, theme);
                             }),
                     500);
    }

    // ---- 4,096 elements: every element its own cell ----
    {
        const Tensor k = ops::t(ops::reshape(arange(4096), {64, 64}));
        const DiagramModel model = DiagramModel::build({QStringLiteral("k"), QStringLiteral("x.t()"), k});
        const DiagramGeometry geometry = DiagramGeometry::compute(model, theme);
        QImage image(geometry.size.toSize(), QImage::Format_ARGB32_Premultiplied);
        std::printf("4,096 elements: picture %d x %d px, %lld strip cells, %zu grid cells\n", image.width(),
                    image.height(), static_cast<long long>(model.unitCount()), model.cells.size());
        ok &= report("4,096 elements: model",
                     measure(20,
                             [&] {
                                 (void)DiagramModel::build({QStringLiteral("k"), {}, k});
                             }),
                     0);
        ok &= report("4,096 elements: geometry",
                     measure(20, [&] { (void)DiagramGeometry::compute(model, theme); }), 0);
        ok &= report("4,096 elements: paint into a QImage",
                     measure(20,
                             [&] {
                                 QPainter painter(&image);
                                 DiagramPainter(model, geometry, theme).paint(painter);
                             }),
                     20);
        ok &= report("4,096 elements: tensor -> PNG bytes, end to end",
                     measure(10,
                             [&] {
                                 const DiagramModel m = DiagramModel::build({QStringLiteral("k"), {}, k});
                                 (void)diagramToPng(m, theme);
                             }),
                     0);
    }

    // ---- 2^40 layout-only elements: the estimate path ----
    {
        const Tensor huge =
            ops::t(ops::empty({std::int64_t(1) << 20, std::int64_t(1) << 20}, DType::Float32));
        ok &= report("2^40 layout-only elements, transposed: tensor -> PNG bytes",
                     measure(5,
                             [&] {
                                 const DiagramModel m = DiagramModel::build({QStringLiteral("h"), {}, huge});
                                 (void)diagramToPng(m, theme);
                             }),
                     500);
    }
    return ok ? 0 : 1;
}
