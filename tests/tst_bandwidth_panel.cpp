// The bandwidth worker and panel (app/bandwidth/): the runner's value-type signals against the
// CPU backend with tiny working sets (waited on with QSignalSpy), live re-measurement when the
// layout changes, failures reported without breaking the runner, prompt stops, and the panel's
// plots and exports. Runs on the offscreen platform.
#include "app/bandwidth/BandwidthPanel.h"
#include "app/bandwidth/BandwidthRunner.h"
#include "app/bandwidth/KernelStyle.h"
#include "core/Ops.h"
#include "gpu/BackendFactory.h"
#include "gpu/CpuBackend.h"
#include "gpu/CudaBackend.h"

#include <qcustomplot.h>

#include "TestMain.h"
#include <QElapsedTimer>
#include <QFile>
#include <QScrollArea>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>
#include <memory>
#include <new>
#include <stdexcept>

using namespace stridescope;
using namespace stridescope::app;
using stridescope::gpu::CopyKernel;

namespace {

constexpr int kWaitMs = 15000; // generous for a loaded 2-core CI machine; rounds take milliseconds

const LayoutToMeasure kTranspose{Layout{{6, 4}, {1, 6}, 0}, 4, QStringLiteral("x.t()")};
const LayoutToMeasure kContiguous{Layout{{4, 6}, {6, 1}, 0}, 2, QStringLiteral("x")};

// A panel on screen, set to measure 1 MiB on the CPU with `repetitions` runs per kernel.
void showCpuPanel(BandwidthPanel& panel, int repetitions) {
    panel.resize(900, 600);
    panel.show();
    panel.setBackendChoice(QStringLiteral("cpu"));
    panel.setWorkingSetMiB(1);
    panel.setRepetitions(repetitions);
}

// Measures `tensor` once, one run per kernel, handed over as the window does (setTensor); false
// when no round came or it failed (the panel's errorText() says why).
bool measureTensorOnCpu(BandwidthPanel& panel, const Tensor& tensor, const QString& name) {
    showCpuPanel(panel, 1);
    QSignalSpy shown(&panel, &BandwidthPanel::roundShown);
    panel.setTensor(tensor, name);
    panel.measureOnce();
    return shown.wait(kWaitMs) && panel.errorText().isEmpty();
}

// A runner in its own thread, torn down the way the panel does it.
struct RunnerInThread {
    QThread thread;
    BandwidthRunner* runner = new BandwidthRunner;

    explicit RunnerInThread(BandwidthRunner::BackendFactory factory = {},
                            const QString& choice = QStringLiteral("cpu")) {
        if (factory)
            runner->setBackendFactory(std::move(factory));
        runner->moveToThread(&thread);
        QObject::connect(&thread, &QThread::finished, runner, &QObject::deleteLater);
        thread.start();
        runner->setBackendChoice(choice);
        runner->setWorkingSetBytes(256 << 10);
        runner->setRepetitions(2);
        runner->setPauseMs(0);
    }
    ~RunnerInThread() {
        runner->requestStop();
        thread.requestInterruption();
        thread.quit();
        thread.wait();
    }
};

// A "cuda" device that fails the ways a real one can: the allocation is refused, or a kernel
// reports a CUDA error (after which a real context is unusable, as if the device were gone).
class FailingDevice final : public gpu::BandwidthBackend {
public:
    enum class Failure { AllocationRefused, KernelError };
    explicit FailingDevice(Failure failure) : m_failure(failure) {}

    std::string name() const override { return "cuda"; }
    bool isAvailable() const override { return true; }
    std::string unavailableReason() const override { return {}; }
    gpu::BackendInfo info() const override {
        gpu::BackendInfo info;
        info.backend = "cuda";
        info.device = "Failing GPU";
        info.parallelism = 1;
        info.memoryBytes = std::int64_t(1) << 40;
        info.theoreticalPeakGBps = 1000.0;
        return info;
    }
    std::int64_t memoryLimitBytes() const override { return std::int64_t(1) << 40; }
    std::unique_ptr<gpu::PreparedCopy> prepare(const gpu::CopyProblem&,
                                               std::span<const std::uint8_t>) override {
        if (m_failure == Failure::AllocationRefused)
            throw std::bad_alloc();
        return std::make_unique<FailingRun>();
    }

private:
    struct FailingRun final : gpu::PreparedCopy {
        double run(gpu::CopyKernel) override {
            throw std::runtime_error("CUDA error 700 (an illegal memory access was encountered) in "
                                     "cudaEventSynchronize");
        }
        std::vector<std::uint8_t> destination() const override { return {}; }
    };
    Failure m_failure;
};

// The first backend made fails as `failure`; every later one is the CPU, as auto selection
// gives when the device has gone.
BandwidthRunner::BackendFactory failingOnce(FailingDevice::Failure failure, std::atomic<int>* made) {
    return [failure, made](gpu::BackendChoice) {
        gpu::BackendSelection selection;
        if ((*made)++ == 0) {
            selection.backend = std::make_unique<FailingDevice>(failure);
        } else {
            selection.backend = std::make_unique<gpu::CpuBackend>(2);
            selection.note = "no CUDA device: measuring on the CPU";
        }
        return selection;
    };
}

// A "cuda" choice always gets the failing device, anything else the CPU: the error cannot be
// cleared by a later round that a loaded machine happens to run on a fallback backend, nor a
// late "auto" report use the failing device up.
BandwidthRunner::BackendFactory failingForCuda(FailingDevice::Failure failure, std::atomic<int>* made) {
    return [failure, made](gpu::BackendChoice choice) {
        gpu::BackendSelection selection;
        if (choice == gpu::BackendChoice::Cuda) {
            ++*made;
            selection.backend = std::make_unique<FailingDevice>(failure);
        } else {
            selection.backend = std::make_unique<gpu::CpuBackend>(2);
        }
        return selection;
    };
}

// A backend whose kernels take fixed times, so that the panel's figures are known exactly:
// naive 8 ms, tiled 2 ms, limit (baseline copy) 1 ms, memcpy 1.5 ms per run. Its name and
// device are the CPU's, as an injected backend's would be.
class FixedTimeBackend final : public gpu::BandwidthBackend {
public:
    std::string name() const override { return "cpu"; }
    bool isAvailable() const override { return true; }
    std::string unavailableReason() const override { return {}; }
    gpu::BackendInfo info() const override {
        gpu::BackendInfo info;
        info.backend = "cpu";
        info.device = "Fixed-time CPU (2 threads)";
        info.parallelism = 2;
        info.memoryBytes = std::int64_t(1) << 34;
        info.lastLevelCacheBytes = 1 << 20;
        return info;
    }
    std::int64_t memoryLimitBytes() const override { return std::int64_t(1) << 34; }
    std::unique_ptr<gpu::PreparedCopy> prepare(const gpu::CopyProblem&,
                                               std::span<const std::uint8_t>) override {
        return std::make_unique<Run>();
    }
    static double seconds(gpu::CopyKernel kernel) {
        switch (kernel) {
        case CopyKernel::ReadThroughLayout:
            return 0.008;
        case CopyKernel::Tiled:
            return 0.002;
        case CopyKernel::Baseline:
            return 0.001;
        case CopyKernel::Memcpy:
            return 0.0015;
        }
        return 1;
    }

private:
    struct Run final : gpu::PreparedCopy {
        double run(gpu::CopyKernel kernel) override { return seconds(kernel); }
        std::vector<std::uint8_t> destination() const override { return {}; }
    };
};

BandwidthRunner::BackendFactory fixedTime() {
    return [](gpu::BackendChoice) {
        gpu::BackendSelection selection;
        selection.backend = std::make_unique<FixedTimeBackend>();
        return selection;
    };
}

QStringList barTexts(QCustomPlot* plot) {
    QStringList texts;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(plot->item(i)))
            texts << text->text();
    return texts;
}

bool hasCase(const BandwidthRound& round, CopyKernel kernel) {
    return round.find(kernel) != nullptr && std::isfinite(round.gbps(kernel));
}

// QSignalSpy records emissions from the worker thread at once (a direct connection), so a
// signal may arrive before wait() starts; waiting for a count does not miss it.
#define WAIT_FOR_COUNT(spy, count) QTRY_VERIFY_WITH_TIMEOUT((spy).size() >= (count), kWaitMs)

// Waits until a round for `view` arrives on `spy` (earlier rounds, for older layouts, are skipped).
std::optional<BandwidthRound> waitForRound(QSignalSpy& spy, const LayoutToMeasure& view) {
    QElapsedTimer clock;
    clock.start();
    qsizetype seen = 0;
    while (clock.elapsed() < kWaitMs) {
        for (; seen < spy.size(); ++seen) {
            const auto round = spy.at(seen).at(0).value<BandwidthRound>();
            if (round.view == view)
                return round;
        }
        spy.wait(200);
    }
    return std::nullopt;
}

} // namespace

class TestBandwidthPanel : public QObject {
    Q_OBJECT

private slots:
    void runnerMeasuresOnceOnCpu();
    void runnerLiveFollowsLayoutChanges();
    void runnerReportsFailuresAndStaysUsable();
    void runnerSurvivesAFailingDevice_data();
    void runnerSurvivesAFailingDevice();
    void runnerExplainsBackendChoice();
    void runnerStopsPromptly();
    void panelReportsItsBackendAtOnce();
    void panelPlotsAndExports();
    void panelPlotsATransferSweep();
    void panelMeasuresEveryElementSize_data();
    void panelMeasuresEveryElementSize();
    void panelTilesKeptRowsOnTheCpu();
    void panelShowsFailures();
    void panelPlotsTheSessionsTransfers();
    void panelStaysUsableWhenTheDeviceFails();
    void panelDestroyedWhileLive();
    void panelTellsTheStory_data();
    void panelTellsTheStory();
    void panelLiveAxisStartsWithLive();
    void panelFollowsThemeAndFont();
    void kernelsHaveOneStyleEach();
    void panelFitsItsTextInEveryTheme_data();
    void panelFitsItsTextInEveryTheme();
};

void TestBandwidthPanel::runnerMeasuresOnceOnCpu() {
    RunnerInThread w;
    QSignalSpy rounds(w.runner, &BandwidthRunner::roundMeasured);
    w.runner->setLayoutToMeasure(kTranspose);
    w.runner->measureOnce();
    const auto round = waitForRound(rounds, kTranspose);
    QVERIFY(round.has_value());
    QCOMPARE(round->backend, QStringLiteral("cpu"));
    QCOMPARE(round->sequence, quint64(1));
    QVERIFY(hasCase(*round, CopyKernel::ReadThroughLayout));
    QVERIFY(hasCase(*round, CopyKernel::Tiled)); // a transpose
    QVERIFY(hasCase(*round, CopyKernel::Baseline));
    QVERIFY(hasCase(*round, CopyKernel::Memcpy));
    for (const auto& c : round->cases) {
        QVERIFY(c.gbpsMedian > 0);
        QVERIFY(c.gbpsBest >= c.gbpsMedian);
        QCOMPARE(c.bytesMoved, 2 * round->workingSetBytes);
    }
    // The working set is the layout scaled to 256 KiB, transposed like the view.
    QVERIFY(round->workingSetBytes > 230 << 10 && round->workingSetBytes < 280 << 10);
    QCOMPARE(round->scaled.strides[0], std::int64_t(1));
    QCOMPARE(round->scaled.strides[1], round->scaled.sizes[0]);
    QCOMPARE(round->repetitions, 2);
    QVERIFY(!round->peakGBps.has_value());
    // fp32 transpose: each thread of a warp in its own sector, 4 sectors' worth of bytes.
    QVERIFY(round->coalescingEfficiency > 0.124 && round->coalescingEfficiency < 0.13);
    QVERIFY(round->cpuLinesPerElement > 0.99);
    // Measuring once does not keep going.
    QTest::qWait(300);
    QCOMPARE(rounds.size(), 1);
}

void TestBandwidthPanel::runnerLiveFollowsLayoutChanges() {
    RunnerInThread w;
    QSignalSpy rounds(w.runner, &BandwidthRunner::roundMeasured);
    QSignalSpy live(w.runner, &BandwidthRunner::liveChanged);
    w.runner->setLayoutToMeasure(kTranspose);
    w.runner->setLive(true);
    QVERIFY(waitForRound(rounds, kTranspose).has_value());
    w.runner->setLayoutToMeasure(kContiguous);
    const auto changed = waitForRound(rounds, kContiguous);
    QVERIFY(changed.has_value());
    QVERIFY(!hasCase(*changed, CopyKernel::Tiled)); // nothing to tile in a contiguous layout
    QCOMPARE(changed->view.elementSize, 2);
    w.runner->setLive(false);
    QCOMPARE(live.size(), 2);
    QCOMPARE(live.at(0).at(0).toBool(), true);
    QCOMPARE(live.at(1).at(0).toBool(), false);
    // Sequence numbers grow by one per round.
    for (qsizetype i = 0; i < rounds.size(); ++i)
        QCOMPARE(rounds.at(i).at(0).value<BandwidthRound>().sequence, quint64(i + 1));
}

void TestBandwidthPanel::runnerReportsFailuresAndStaysUsable() {
    RunnerInThread w;
    QSignalSpy failed(w.runner, &BandwidthRunner::failed);
    QSignalSpy rounds(w.runner, &BandwidthRunner::roundMeasured);
    w.runner->setLayoutToMeasure({Layout{{1}, {1}, 0}, 4, QStringLiteral("scalar")});
    w.runner->measureOnce();
    WAIT_FOR_COUNT(failed, 1);
    QCOMPARE(failed.at(0).at(0).toString(),
             QStringLiteral("the tensor has a single element: there is no layout to scale"));
    // Too much for this machine: refused before allocating.
    w.runner->setLayoutToMeasure(kTranspose);
    w.runner->setWorkingSetBytes(std::int64_t(1) << 50);
    w.runner->measureOnce();
    WAIT_FOR_COUNT(failed, 2);
    QVERIFY2(failed.at(1).at(0).toString().contains(QStringLiteral("of RAM but only")),
             qPrintable(failed.at(1).at(0).toString()));
    w.runner->setWorkingSetBytes(256 << 10);
    w.runner->measureOnce();
    QVERIFY(waitForRound(rounds, kTranspose).has_value());
}

void TestBandwidthPanel::runnerExplainsBackendChoice() {
    RunnerInThread w;
    QSignalSpy status(w.runner, &BandwidthRunner::backendChanged);
    QSignalSpy failed(w.runner, &BandwidthRunner::failed);
    // The status for a choice (the runner may still report the one it was built with first).
    auto statusFor = [&](const QString& choice) -> std::optional<BackendStatus> {
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < kWaitMs) {
            for (const auto& args : std::as_const(status))
                if (args.at(0).value<BackendStatus>().choice == choice)
                    return args.at(0).value<BackendStatus>();
            QTest::qWait(20);
        }
        return std::nullopt;
    };
    auto cuda = gpu::makeCudaBackend();
    w.runner->setBackendChoice(QStringLiteral("auto"));
    auto last = statusFor(QStringLiteral("auto"));
    QVERIFY(last.has_value());
    if (cuda->isAvailable()) {
        QCOMPARE(last->backend, QStringLiteral("cuda"));
        QVERIFY(last->peakGBps.has_value());
        QVERIFY(last->measuresTransfers);
        return;
    }
    const QString reason = QString::fromStdString(cuda->unavailableReason());
    QCOMPARE(last->backend, QStringLiteral("cpu"));
    QVERIFY(last->available);
    QCOMPARE(last->note, reason + QStringLiteral(": measuring on the CPU"));
    QVERIFY(!last->measuresTransfers);
    // Asking for CUDA explicitly: unavailable, and measuring says why.
    w.runner->setBackendChoice(QStringLiteral("cuda"));
    last = statusFor(QStringLiteral("cuda"));
    QVERIFY(last.has_value());
    QVERIFY(!last->available);
    QCOMPARE(last->note, QStringLiteral("cuda backend unavailable: ") + reason);
    w.runner->setLayoutToMeasure(kTranspose);
    w.runner->measureOnce();
    WAIT_FOR_COUNT(failed, 1);
    QCOMPARE(failed.last().at(0).toString(), QStringLiteral("cuda backend unavailable: ") + reason);
}

void TestBandwidthPanel::runnerStopsPromptly() {
    auto w = std::make_unique<RunnerInThread>();
    QSignalSpy busy(w->runner, &BandwidthRunner::busyChanged);
    // Long enough to be still running when the stop comes: thousands of runs of 4 MiB.
    w->runner->setWorkingSetBytes(4 << 20);
    w->runner->setRepetitions(100000);
    w->runner->setLayoutToMeasure(kTranspose);
    w->runner->setLive(true);
    WAIT_FOR_COUNT(busy, 1);
    QVERIFY(busy.at(0).at(0).toBool());
    QTest::qWait(100);
    QElapsedTimer clock;
    clock.start();
    w.reset(); // requestStop, interrupt, quit, join
    QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
}

void TestBandwidthPanel::panelReportsItsBackendAtOnce() {
    // Before anything is measured the panel says where it will measure, and why not on a GPU.
    BandwidthPanel panel;
    QCOMPARE(panel.backendChoice(), QStringLiteral("auto"));
    QTRY_VERIFY_WITH_TIMEOUT(!panel.statusText().isEmpty(), kWaitMs);
    auto cuda = gpu::makeCudaBackend();
    if (cuda->isAvailable()) {
        QVERIFY(panel.statusText().startsWith(QStringLiteral("Measuring on CUDA: ")));
        QVERIFY(panel.backendStatus().measuresTransfers);
    } else {
        QCOMPARE(panel.statusText(),
                 QStringLiteral("Measuring on CPU: %1 — %2: measuring on the CPU")
                     .arg(panel.backendStatus().device, QString::fromStdString(cuda->unavailableReason())));
        QVERIFY(!panel.backendStatus().measuresTransfers);
    }
}

void TestBandwidthPanel::panelMeasuresEveryElementSize_data() {
    QTest::addColumn<int>("dtype");
    QTest::addColumn<int>("elementSize");
    QTest::newRow("int8") << int(DType::Int8) << 1;
    QTest::newRow("float16") << int(DType::Float16) << 2;
    QTest::newRow("float32") << int(DType::Float32) << 4;
    QTest::newRow("float64") << int(DType::Float64) << 8;
    QTest::newRow("complex64") << int(DType::ComplexFloat) << 8;
    QTest::newRow("complex128 (16-byte elements)") << int(DType::ComplexDouble) << 16;
}

void TestBandwidthPanel::panelMeasuresEveryElementSize() {
    // A transposed tensor of each element size, handed over as the window does (setTensor), is
    // measured on the CPU by all three kernels; complex128 was refused before ("element size
    // must be 1, 2, 4 or 8 bytes, not 16").
    QFETCH(int, dtype);
    QFETCH(int, elementSize);
    const Tensor x = ops::t(ops::zeros({8, 5}, DType(dtype)));
    BandwidthPanel panel;
    QVERIFY2(measureTensorOnCpu(panel, x, QStringLiteral("x")), qPrintable(panel.errorText()));
    const auto& round = panel.rounds().last();
    QCOMPARE(round.view.elementSize, elementSize);
    QCOMPARE(round.view.layout, x.layout());
    for (CopyKernel kernel : {CopyKernel::ReadThroughLayout, CopyKernel::Tiled, CopyKernel::Baseline}) {
        QVERIFY(hasCase(round, kernel));
        QCOMPARE(round.find(kernel)->bytesMoved, 2 * round.workingSetBytes);
    }
    // About 1 MiB read, as a transpose: numel x the element size.
    QCOMPARE(round.workingSetBytes, round.scaled.sizes[0] * round.scaled.sizes[1] * elementSize);
    QVERIFY(round.workingSetBytes > 900 << 10 && round.workingSetBytes < 1150 << 10);
    QCOMPARE(round.scaled.strides[1], round.scaled.sizes[0]);
}

void TestBandwidthPanel::panelTilesKeptRowsOnTheCpu() {
    // x.permute(0, 2, 1, 3) keeps its rows of 64: no transpose, but the CPU's tiled kernel moves
    // the rows in tiles, so the panel measures naive, tiled and the limit, and the tiled figure
    // is a real measurement of the scaled layout, whose last dim is still unit-stride.
    const Tensor x = ops::permute(ops::zeros({2, 8, 16, 64}, DType::Float32), {0, 2, 1, 3});
    BandwidthPanel panel;
    QVERIFY2(measureTensorOnCpu(panel, x, QStringLiteral("y")), qPrintable(panel.errorText()));
    const auto& round = panel.rounds().last();
    QCOMPARE(round.view.layout, x.layout());
    QCOMPARE(round.scaled.strides.back(), std::int64_t(1));
    for (CopyKernel kernel : {CopyKernel::ReadThroughLayout, CopyKernel::Tiled, CopyKernel::Baseline})
        QVERIFY(hasCase(round, kernel));
    QVERIFY(round.gbps(CopyKernel::Tiled) > 0);
}

void TestBandwidthPanel::panelPlotsAndExports() {
    BandwidthPanel panel;
    showCpuPanel(panel, 2);
    QSignalSpy shown(&panel, &BandwidthPanel::roundShown);
    panel.setLayoutToMeasure(kTranspose.layout, kTranspose.elementSize, kTranspose.label);
    panel.measureOnce();
    QVERIFY(shown.wait(kWaitMs));
    QCOMPARE(panel.rounds().size(), 1);
    QCOMPARE(panel.backendChoice(), QStringLiteral("cpu"));
    QVERIFY(panel.statusText().startsWith(QStringLiteral("Measuring on CPU: ")));
    QVERIFY(panel.errorText().isEmpty());

    // Live plot: one point per series; the baseline line placed at the baseline's GB/s.
    QCOMPARE(panel.livePlot()->graph(0)->dataCount(), 1);
    QCOMPARE(panel.livePlot()->graph(1)->dataCount(), 1);
    // Kernel bars: naive, tiled, limit (one bar each; the limit is the one round's baseline).
    for (int i = 0; i < 3; ++i) {
        auto* bars = qobject_cast<QCPBars*>(panel.kernelPlot()->plottable(i));
        QVERIFY(bars);
        QCOMPARE(bars->dataCount(), 1);
    }
    QCOMPARE(qobject_cast<QCPBars*>(panel.kernelPlot()->plottable(2))->data()->at(0)->value,
             panel.rounds().last().gbps(CopyKernel::Baseline));
    // Host↔device: empty on the CPU, with a note.
    for (int i = 0; i < panel.transferPlot()->graphCount(); ++i)
        QCOMPARE(panel.transferPlot()->graph(i)->dataCount(), 0);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const char* name : {"plot.png", "plot.pdf"}) {
        const QString path = dir.filePath(QString::fromLatin1(name));
        QString error;
        QVERIFY2(panel.exportPlot(path, &error), qPrintable(error));
        QVERIFY(QFileInfo(path).size() > 1000);
    }
    QString error;
    QVERIFY(!panel.exportPlot(dir.filePath(QStringLiteral("plot.bmp")), &error));
    QCOMPARE(error, QStringLiteral("unknown plot format '.bmp' (use .png or .pdf)"));

    const QString csv = dir.filePath(QStringLiteral("data.csv"));
    QVERIFY(panel.exportCsv(csv, &error));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + 4);
    QVERIFY(lines.at(0).startsWith(QStringLiteral("kind,sequence,seconds,backend,device,case,")));
    QVERIFY(lines.at(1).startsWith(QStringLiteral("layout,1,")));
    QVERIFY(lines.at(1).contains(QStringLiteral(",read_through_layout,\"[6, 4]\",\"[1, 6]\",4,")));
}

void TestBandwidthPanel::panelPlotsATransferSweep() {
    // What a CUDA runner sends (no GPU needed to check the plotting): 17 sizes x 2 directions x
    // pageable/pinned. Sent through the runner's signal, queued to the GUI thread as in real use.
    BandwidthPanel panel;
    TransferSweep sweep;
    sweep.backend = QStringLiteral("cuda");
    sweep.device = QStringLiteral("test GPU");
    for (qint64 bytes = 4 << 10; bytes <= qint64(256) << 20; bytes *= 2)
        for (bool toDevice : {true, false})
            for (bool pinned : {false, true})
                sweep.points.push_back(
                    {toDevice, pinned, bytes, pinned ? 25.0 : 10.0, pinned ? 26.0 : 12.0, 1.0});
    QMetaObject::invokeMethod(panel.runner(), [&] { emit panel.runner()->transfersMeasured(sweep); });
    QTRY_COMPARE(panel.transfers().points.size(), 17 * 4);
    QCOMPARE(panel.transferPlot()->graphCount(), 5); // the four curves, then this session's copies
    for (int i = 0; i < 4; ++i)
        QCOMPARE(panel.transferPlot()->graph(i)->dataCount(), 17);
    QCOMPARE(panel.transferPlot()->graph(1)->data()->at(0)->value, 25.0); // host→device, pinned
    QCOMPARE(panel.transferPlot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("sweep.csv"));
    QVERIFY(panel.exportCsv(csv));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + 17 * 4);
    QVERIFY(lines.at(1).startsWith(QStringLiteral("transfer,,,cuda,test GPU,h2d_pageable,")));
}

// The copies a session's scripts made: measured ones are points next to the curves, the others
// are counted and, on the simulated cuda:0, said to be unmeasured.
void TestBandwidthPanel::panelPlotsTheSessionsTransfers() {
    BandwidthPanel panel;
    QCOMPARE(panel.sessionTransfersText(), QString());
    TransferRecord measured;
    measured.bytes = 1 << 20;
    measured.measured = true;
    measured.ms = 0.1;
    measured.gbps = 10.48576;
    TransferRecord simulated;
    simulated.bytes = 1 << 20;
    panel.setSessionTransfers({measured, simulated});
    QCPGraph* session = panel.transferPlot()->graph(4);
    QCOMPARE(session->dataCount(), 1);
    QCOMPARE(session->data()->at(0)->key, double(1 << 20));
    QCOMPARE(session->data()->at(0)->value, 10.48576);
    QVERIFY(panel.transferPlot()->yAxis->range().upper >= 10.48576);
    const QString text = panel.sessionTransfersText();
    QVERIFY2(text.startsWith(QStringLiteral("this session's copies: 2, 2.00 MiB")), qPrintable(text));
    if (cudaSimulated())
        QVERIFY2(text.contains(QStringLiteral("not measured: cuda:0 is simulated")), qPrintable(text));
    panel.setSessionTransfers({});
    QCOMPARE(session->dataCount(), 0);
    QCOMPARE(panel.sessionTransfersText(), QString());
}

void TestBandwidthPanel::panelShowsFailures() {
    BandwidthPanel panel;
    QSignalSpy shown(&panel, &BandwidthPanel::roundShown);
    panel.setBackendChoice(QStringLiteral("cpu"));
    panel.setWorkingSetMiB(1);
    panel.setRepetitions(1);
    panel.measureOnce(); // nothing to measure yet
    QCOMPARE(panel.errorText(),
             QStringLiteral("No tensor to measure: run a script or build a tensor first."));
    QSignalSpy failed(panel.runner(), &BandwidthRunner::failed);
    panel.setLayoutToMeasure(Layout{{3, 0}, {1, 1}, 0}, 4, QStringLiteral("empty"));
    panel.measureOnce();
    WAIT_FOR_COUNT(failed, 1);
    QTRY_COMPARE(panel.errorText(), QStringLiteral("the tensor is empty: there is nothing to read"));
    panel.setLayoutToMeasure(kContiguous.layout, kContiguous.elementSize, kContiguous.label);
    panel.measureOnce();
    QVERIFY(shown.wait(kWaitMs));
    QVERIFY(panel.errorText().isEmpty());
}

void TestBandwidthPanel::runnerSurvivesAFailingDevice_data() {
    QTest::addColumn<int>("failure");
    QTest::addColumn<QString>("message");
    QTest::newRow("allocation refused")
        << int(FailingDevice::Failure::AllocationRefused)
        << QStringLiteral("allocation refused: not enough memory for the working set; choose a smaller one");
    QTest::newRow("CUDA error in a kernel")
        << int(FailingDevice::Failure::KernelError)
        << QStringLiteral(
               "CUDA error 700 (an illegal memory access was encountered) in cudaEventSynchronize");
}

void TestBandwidthPanel::runnerSurvivesAFailingDevice() {
    QFETCH(int, failure);
    QFETCH(QString, message);
    std::atomic<int> made{0};
    RunnerInThread w(failingOnce(FailingDevice::Failure(failure), &made), QStringLiteral("auto"));
    BandwidthRunner* runner = w.runner;
    QSignalSpy failed(runner, &BandwidthRunner::failed);
    QSignalSpy rounds(runner, &BandwidthRunner::roundMeasured);
    QSignalSpy backends(runner, &BandwidthRunner::backendChanged);
    runner->setRepetitions(1);
    runner->setLayoutToMeasure(kTranspose);
    runner->measureOnce();
    WAIT_FOR_COUNT(failed, 1);
    QCOMPARE(failed.at(0).at(0).toString(), message);
    // The next measurement makes a new backend: the device is gone, so the CPU measures.
    runner->measureOnce();
    const auto round = waitForRound(rounds, kTranspose);
    QVERIFY(round.has_value());
    QCOMPARE(round->backend, QStringLiteral("cpu"));
    QCOMPARE(made.load(), 2);
    QTRY_VERIFY_WITH_TIMEOUT(!backends.isEmpty() &&
                                 backends.last().at(0).value<BackendStatus>().note ==
                                     QStringLiteral("no CUDA device: measuring on the CPU"),
                             kWaitMs);
}

void TestBandwidthPanel::panelStaysUsableWhenTheDeviceFails() {
    std::atomic<int> made{0};
    BandwidthPanel panel;
    // The panel reports its "auto" backend at once, in the worker; injecting before that report
    // is done would hand the failing device to it (under load it comes late) and the CPU to
    // the "cuda" choice below.
    QTRY_VERIFY_WITH_TIMEOUT(!panel.statusText().isEmpty(), kWaitMs);
    panel.runner()->setBackendFactory(failingForCuda(FailingDevice::Failure::KernelError, &made));
    // A new choice makes a backend through the factory: the failing device.
    panel.setBackendChoice(QStringLiteral("cuda"));
    panel.setWorkingSetMiB(1);
    panel.setRepetitions(1);
    panel.setLayoutToMeasure(kTranspose.layout, kTranspose.elementSize, kTranspose.label);
    QSignalSpy shown(&panel, &BandwidthPanel::roundShown);
    panel.setLive(true);
    QTRY_VERIFY2_WITH_TIMEOUT(panel.errorText().startsWith(QStringLiteral("CUDA error 700")),
                              qPrintable(QStringLiteral("error: ") + panel.errorText()), 4 * kWaitMs);
    QVERIFY(made.load() >= 1);
    // Live mode waits for a change instead of failing in a loop; the controls still work.
    QVERIFY(panel.isLive());
    panel.setLive(false);
    panel.setBackendChoice(QStringLiteral("cpu"));
    panel.measureOnce();
    QVERIFY(shown.wait(kWaitMs));
    QVERIFY(panel.errorText().isEmpty());
    QCOMPARE(shown.last().at(0).value<BandwidthRound>().backend, QStringLiteral("cpu"));
}

void TestBandwidthPanel::panelDestroyedWhileLive() {
    auto panel = std::make_unique<BandwidthPanel>();
    QSignalSpy shown(panel.get(), &BandwidthPanel::roundShown);
    panel->setBackendChoice(QStringLiteral("cpu"));
    panel->setWorkingSetMiB(8);
    panel->setRepetitions(1000);
    panel->setLayoutToMeasure(kTranspose.layout, kTranspose.elementSize, kTranspose.label);
    panel->setLive(true);
    QVERIFY(panel->isLive());
    QTRY_VERIFY_WITH_TIMEOUT(panel->runner()->isBusy(), kWaitMs);
    QElapsedTimer clock;
    clock.start();
    panel.reset();
    QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
}

void TestBandwidthPanel::kernelsHaveOneStyleEach() {
    // One table of label and colour per kernel: every kernel has its row, no two share a colour,
    // and the plots use the table's names and colours.
    QSet<QRgb> colours;
    for (CopyKernel kernel : gpu::kAllCopyKernels) {
        const KernelStyle& style = kernelStyle(kernel);
        QCOMPARE(style.kernel, kernel);
        QVERIFY(!kernelLegend(kernel).isEmpty());
        QVERIFY(!kernelBarLabel(kernel).isEmpty());
        colours.insert(style.colour.rgb());
        QVERIFY(!QString::fromStdString(gpu::caseName(kernel)).isEmpty());
    }
    QCOMPARE(colours.size(), int(gpu::kAllCopyKernels.size()));
    BandwidthPanel panel;
    QCOMPARE(panel.livePlot()->graph(0)->name(), kernelLegend(CopyKernel::ReadThroughLayout));
    QCOMPARE(panel.livePlot()->graph(0)->pen().color(), kernelStyle(CopyKernel::ReadThroughLayout).colour);
    QCOMPARE(panel.livePlot()->graph(1)->name(), kernelLegend(CopyKernel::Tiled));
    QCOMPARE(qobject_cast<QCPBars*>(panel.kernelPlot()->plottable(2))->brush().color(),
             kernelStyle(CopyKernel::Baseline).colour);
}

void TestBandwidthPanel::panelTellsTheStory_data() {
    QTest::addColumn<LayoutToMeasure>("view");
    QTest::addColumn<bool>("tiled");
    QTest::newRow("transpose: naive, tiled, limit") << kTranspose << true;
    QTest::newRow("contiguous: naive and limit") << kContiguous << false;
}

void TestBandwidthPanel::panelTellsTheStory() {
    // With fixed kernel times the figures are exact: naive 0.125x the limit, tiled 0.5x. One
    // limit everywhere: the Live line, the limit bar and the story are the same figure.
    QFETCH(LayoutToMeasure, view);
    QFETCH(bool, tiled);
    BandwidthPanel panel;
    panel.runner()->setBackendFactory(fixedTime());
    showCpuPanel(panel, 3);
    QSignalSpy shown(&panel, &BandwidthPanel::roundShown);
    panel.setLayoutToMeasure(view.layout, view.elementSize, view.label);
    panel.measureOnce();
    QVERIFY(shown.wait(kWaitMs));
    const auto& round = panel.rounds().last();
    QCOMPARE(round.device, QStringLiteral("Fixed-time CPU (2 threads)"));
    const double limit = round.gbps(CopyKernel::Baseline);
    QVERIFY(limit > 0);
    QCOMPARE(panel.limitGbps(), limit);
    QCOMPARE(round.gbps(CopyKernel::ReadThroughLayout), limit / 8);

    // Bars in story order, each with its figures on it.
    auto bar = [&](int i) { return qobject_cast<QCPBars*>(panel.kernelPlot()->plottable(i)); };
    QCOMPARE(bar(0)->dataCount(), 1);
    QCOMPARE(bar(1)->dataCount(), tiled ? 1 : 0);
    QCOMPARE(bar(2)->data()->at(0)->value, limit);
    QCOMPARE(bar(3)->dataCount(), 0); // no peak on a CPU
    const QStringList texts = barTexts(panel.kernelPlot());
    const QString gbps = [](double v) -> QString {
        return QString::number(v, 'f', v < 10 ? 2 : 1) + QStringLiteral(" GB/s");
    }(limit / 8);
    QVERIFY2(texts.contains(gbps + QStringLiteral("\n0.12× limit")) ||
                 texts.contains(gbps + QStringLiteral("\n0.13× limit")),
             qPrintable(texts.join(QStringLiteral(" | "))));
    if (tiled)
        QVERIFY(texts.filter(QStringLiteral("0.50× limit")).size() == 1);
    QCOMPARE(texts.filter(QStringLiteral("× limit")).size(), tiled ? 2 : 1);

    // The Live plot's reference line is the same limit.
    QCPItemText* limitText = nullptr;
    for (int i = 0; i < panel.livePlot()->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(panel.livePlot()->item(i));
            t && t->text().startsWith(QStringLiteral("limit ")))
            limitText = t;
    QVERIFY(limitText);
    QCOMPARE(limitText->text(), QStringLiteral("limit %1 GB/s").arg(limit, 0, 'f', 1));
    QVERIFY(limitText->visible());

    const QString story = panel.storyText();
    QVERIFY2(story.startsWith(
                 QStringLiteral("Limit %1 GB/s: our contiguous copy of the same ").arg(limit, 0, 'f', 1)),
             qPrintable(story));
    if (tiled)
        QVERIFY2(
            story.contains(QStringLiteral("the naive copy runs at 0.12× the limit; the tiled kernel recovers "
                                          "0.50× (4.0× the naive copy)")) ||
                story.contains(
                    QStringLiteral("the naive copy runs at 0.13× the limit; the tiled kernel recovers "
                                   "0.50× (4.0× the naive copy)")),
            qPrintable(story));
    else
        QVERIFY2(story.contains(QStringLiteral("This layout reads memory in order")), qPrintable(story));

    // The plot gets the height it needs: room for about 12 lines of its text.
    QVERIFY(panel.kernelPlot()->minimumHeight() >= 12 * QFontMetrics(panel.font()).height());
}

void TestBandwidthPanel::panelLiveAxisStartsWithLive() {
    // Rounds measured before Live are cleared when Live starts; the first live point sits near
    // 0 s (one round of fixed-time kernels later), not at the runner's age.
    BandwidthPanel panel;
    panel.runner()->setBackendFactory(fixedTime());
    QSignalSpy shown(&panel, &BandwidthPanel::roundShown);
    panel.setBackendChoice(QStringLiteral("cpu"));
    panel.setWorkingSetMiB(1);
    panel.setRepetitions(1);
    panel.setLayoutToMeasure(kTranspose.layout, kTranspose.elementSize, kTranspose.label);
    panel.measureOnce();
    QVERIFY(shown.wait(kWaitMs));
    QTest::qWait(1500); // the runner's clock runs on; the Live axis must not show it
    const int before = int(shown.size());
    panel.setLive(true);
    QCOMPARE(panel.livePlot()->graph(0)->dataCount(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(shown.size() > before, kWaitMs);
    panel.setLive(false);
    QVERIFY2(panel.livePlot()->graph(0)->dataCount() >= 1, "no live point plotted");
    const double first = panel.livePlot()->graph(0)->data()->at(0)->key;
    QVERIFY2(first >= 0 && first < 1.0, qPrintable(QString::number(first)));
    QVERIFY(panel.rounds().last().seconds > 1.4); // the runner's own clock did run on
    QCOMPARE(panel.livePlot()->xAxis->range().lower, 0.0);
}

void TestBandwidthPanel::panelFollowsThemeAndFont() {
    // Light and dark palettes and presentation mode's larger font reach the plots.
    BandwidthPanel panel;
    QPalette dark = panel.palette();
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
    dark.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
    panel.setPalette(dark);
    for (auto* plot : {panel.livePlot(), panel.kernelPlot(), panel.transferPlot()}) {
        QCOMPARE(plot->axisRect()->backgroundBrush().color(), QColor(0x1e, 0x1f, 0x22));
        QCOMPARE(plot->xAxis->tickLabelColor(), QColor(0xe6, 0xe6, 0xe6));
        QCOMPARE(plot->yAxis->labelColor(), QColor(0xe6, 0xe6, 0xe6));
        QCOMPARE(plot->legend->textColor(), QColor(0xe6, 0xe6, 0xe6));
    }
    const int heightBefore = panel.livePlot()->minimumHeight();
    QFont big = panel.font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    panel.setFont(big);
    QCOMPARE(panel.livePlot()->yAxis->labelFont().pointSizeF(), big.pointSizeF());
    QVERIFY(panel.livePlot()->minimumHeight() > heightBefore);
    QCOMPARE(panel.livePlot()->minimumHeight(), 12 * QFontMetrics(big).height());
}

void TestBandwidthPanel::panelFitsItsTextInEveryTheme_data() {
    QTest::addColumn<bool>("dark");
    QTest::addColumn<double>("fontScale");
    QTest::newRow("light") << false << 1.0;
    QTest::newRow("dark") << true << 1.0;
    QTest::newRow("presentation (1.6x font)") << false << 1.6;
}

void TestBandwidthPanel::panelFitsItsTextInEveryTheme() {
    // After Live rounds of a transpose, each plot's legend, axis labels and bar figures lie
    // inside the plot (nothing clipped), in light, dark and presentation mode. With
    // STRIDESCOPE_PANEL_SHOTS=DIR the panel is also saved as DIR/panel-<row>-<tab>.png for a
    // person to look at.
    QFETCH(bool, dark);
    QFETCH(double, fontScale);
    BandwidthPanel panel;
    if (dark) {
        QPalette p = panel.palette();
        p.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x30));
        p.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
        p.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
        p.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
        p.setColor(QPalette::Button, QColor(0x3c, 0x3f, 0x41));
        p.setColor(QPalette::ButtonText, QColor(0xe6, 0xe6, 0xe6));
        panel.setPalette(p);
    }
    QFont font = panel.font();
    font.setPointSizeF(font.pointSizeF() * fontScale);
    panel.setFont(font);
    panel.runner()->setBackendFactory(fixedTime());
    panel.resize(int(420 * fontScale), int(700 * fontScale));
    panel.show();
    QSignalSpy shown(&panel, &BandwidthPanel::roundShown);
    panel.setBackendChoice(QStringLiteral("cpu"));
    panel.setWorkingSetMiB(1);
    panel.setRepetitions(1);
    panel.setLayoutToMeasure(kTranspose.layout, kTranspose.elementSize, kTranspose.label);
    panel.setLive(true);
    QTRY_VERIFY_WITH_TIMEOUT(shown.size() >= 3, kWaitMs);
    panel.setLive(false);
    QTest::qWait(100);
    const QByteArray shots = qgetenv("STRIDESCOPE_PANEL_SHOTS");
    const QString row = QString::fromLatin1(QTest::currentDataTag()).section(QLatin1Char(' '), 0, 0);
    auto* tabs = panel.findChild<QTabWidget*>();
    QVERIFY(tabs);
    for (int tab = 0; tab < tabs->count(); ++tab) {
        tabs->setCurrentIndex(tab);
        auto* plot = qobject_cast<QCustomPlot*>(tabs->currentWidget());
        QVERIFY(plot);
        plot->replot(QCustomPlot::rpImmediateRefresh);
        const QRect inside = plot->rect();
        const QString where = QStringLiteral("tab %1").arg(tab);
        if (plot->legend->visible())
            QVERIFY2(inside.contains(plot->legend->outerRect()),
                     qPrintable(where + QStringLiteral(": legend")));
        // The axis rect's outer margins hold the tick and axis labels; they must fit in the plot.
        QVERIFY2(inside.contains(plot->axisRect()->outerRect()),
                 qPrintable(where + QStringLiteral(": axes")));
        QVERIFY2(plot->axisRect()->rect().height() >= 5 * QFontMetrics(font).height(),
                 qPrintable(where + QStringLiteral(": the plot area is squeezed")));
        for (int i = 0; i < plot->itemCount(); ++i) {
            auto* text = qobject_cast<QCPItemText*>(plot->item(i));
            if (!text || !text->visible() || text->text().isEmpty())
                continue;
            const QPointF top = text->topLeft->pixelPosition(), bottom = text->bottomRight->pixelPosition();
            const QRectF box = QRectF(top, bottom).normalized();
            QVERIFY2(QRectF(plot->rect()).adjusted(-1, -1, 1, 1).contains(box),
                     qPrintable(where + QStringLiteral(": text '%1' clipped").arg(text->text())));
        }
        if (!shots.isEmpty())
            panel.findChild<QScrollArea*>()->widget()->grab().save(
                QStringLiteral("%1/panel-%2-%3.png").arg(QString::fromLocal8Bit(shots), row).arg(tab));
    }
}

STRIDESCOPE_TEST_MAIN(TestBandwidthPanel)
#include "tst_bandwidth_panel.moc"
