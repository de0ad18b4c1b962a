// How long the window takes to apply an op to a 4,096-element tensor and repaint, as wall time
// and as this thread's CPU time (which a loaded machine does not inflate), then piece by piece.
// A benchmark, not a test (it asserts nothing about the timings): built with the tests, run by
// the `benchmarks` target or as build/bin/window_benchmark. Runs on the offscreen platform.
#include "app/diagram/DiagramGeometry.h"
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramPainter.h"
#include "app/diagram/DiagramWidget.h"
#include "app/window/PropertiesPanel.h"

#include "TestMain.h"
#include "WindowTestHelpers.h"
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QTest>
#include <QUndoStack>

#include <algorithm>
#include <ctime>
#include <vector>

using namespace stridescope;
using namespace stridescope::app;
using namespace stridescope::app::testing;

class WindowBenchmark : public QObject {
    Q_OBJECT

private slots:
    void applyOpAndRepaint();
};

void WindowBenchmark::applyOpAndRepaint() {
    auto window = makeShownWindow(QSize(1400, 860));
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(window->session()->run(QStringLiteral("x = torch.arange(4096).reshape(64, 64)")));
    QCoreApplication::processEvents();
    auto cpuNow = [] {
        timespec now{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
        return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
    };
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    std::vector<double> wallMs, cpuMs, applyCpuMs, panelsCpuMs;
    for (int i = 0; i < 40; ++i) {
        QElapsedTimer timer;
        timer.start();
        const double cpuStart = cpuNow();
        QVERIFY(window->session()->run(QStringLiteral("y = x.transpose(0, 1)")));
        applyCpuMs.push_back(cpuNow() - cpuStart);
        window->diagram()->repaint();
        cpuMs.push_back(cpuNow() - cpuStart);
        wallMs.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        const double panelsStart = cpuNow();
        settle(); // the coalesced refreshes of properties, variables and console, in the next frame
        panelsCpuMs.push_back(cpuNow() - panelsStart);
        window->session()->undoStack()->undo();
        settle();
    }
    qInfo("apply `y = x.transpose(0, 1)` to a 64x64 tensor (4,096 elements) and repaint the diagram: "
          "median %.2f ms CPU (%.2f ms of it before painting), %.2f ms wall; then the panels' refresh: %.2f "
          "ms CPU",
          median(cpuMs), median(applyCpuMs), median(wallMs), median(panelsCpuMs));

    // Where the time goes, piece by piece (CPU time).
    const auto shown = *window->session()->shown();
    std::vector<double> buildMs, geometryMs, paintMs, propertiesMs;
    for (int i = 0; i < 15; ++i) {
        double t = cpuNow();
        const DiagramModel model = DiagramModel::build({shown.name, shown.expression, shown.tensor});
        buildMs.push_back(cpuNow() - t);
        t = cpuNow();
        const DiagramGeometry geometry = DiagramGeometry::compute(model, window->diagramTheme());
        geometryMs.push_back(cpuNow() - t);
        QImage image(window->diagram()->size(), QImage::Format_ARGB32_Premultiplied);
        t = cpuNow();
        {
            QPainter painter(&image);
            painter.scale(window->diagram()->zoom(), window->diagram()->zoom());
            DiagramPainter(model, geometry, window->diagramTheme()).paint(painter);
        }
        paintMs.push_back(cpuNow() - t);
        t = cpuNow();
        window->properties()->setTensor(shown, *window->session());
        propertiesMs.push_back(cpuNow() - t);
    }
    qInfo(
        "  parts: DiagramModel::build %.2f ms, DiagramGeometry::compute %.2f ms, painting the whole picture "
        "(zoom %.2f) %.2f ms, properties panel %.2f ms",
        median(buildMs), median(geometryMs), window->diagram()->zoom(), median(paintMs),
        median(propertiesMs));
}

STRIDESCOPE_TEST_MAIN(WindowBenchmark)
#include "window_benchmark.moc"
