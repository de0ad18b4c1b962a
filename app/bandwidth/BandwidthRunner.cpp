#include "app/bandwidth/BandwidthRunner.h"

#include "gpu/BackendFactory.h"
#include "gpu/BandwidthMethod.h"
#include "gpu/WorkingSet.h"

#include <QThread>
#include <QTimer>

#include <new>

namespace stridescope::app {

namespace {

[[maybe_unused]] const int kRegistered = [] {
    qRegisterMetaType<LayoutToMeasure>();
    qRegisterMetaType<BandwidthRound>();
    qRegisterMetaType<TransferSweep>();
    qRegisterMetaType<BackendStatus>();
    return 0;
}();

} // namespace

BandwidthRunner::BandwidthRunner(QObject* parent) : QObject(parent), m_liveTimer(new QTimer(this)) {
    // A child, so that it moves to the worker thread with the runner.
    m_liveTimer->setSingleShot(true);
    connect(m_liveTimer, &QTimer::timeout, this, &BandwidthRunner::work);
    m_clock.start();
}

BandwidthRunner::~BandwidthRunner() = default;

void BandwidthRunner::poke() {
    {
        QMutexLocker lock(&m_mutex);
        if (m_workQueued)
            return;
        m_workQueued = true;
    }
    QMetaObject::invokeMethod(this, &BandwidthRunner::work, Qt::QueuedConnection);
}

void BandwidthRunner::setLayoutToMeasure(const LayoutToMeasure& layout) {
    {
        QMutexLocker lock(&m_mutex);
        if (m_settings.layout == layout)
            return;
        m_settings.layout = layout;
        ++m_generation;
    }
    if (m_live)
        poke();
}

void BandwidthRunner::clearLayout() {
    QMutexLocker lock(&m_mutex);
    m_settings.layout.reset();
    ++m_generation;
}

void BandwidthRunner::setBackendChoice(const QString& choice) {
    {
        QMutexLocker lock(&m_mutex);
        if (m_settings.choice == choice)
            return;
        m_settings.choice = choice;
        ++m_generation;
    }
    poke(); // reports the new backend's status even when not live
}

void BandwidthRunner::setWorkingSetBytes(qint64 bytes) {
    {
        QMutexLocker lock(&m_mutex);
        if (m_settings.workingSetBytes == bytes)
            return;
        m_settings.workingSetBytes = bytes;
        ++m_generation;
    }
    if (m_live)
        poke();
}

void BandwidthRunner::setRepetitions(int repetitions) {
    {
        QMutexLocker lock(&m_mutex);
        if (m_settings.repetitions == std::max(1, repetitions))
            return;
        m_settings.repetitions = std::max(1, repetitions);
        ++m_generation;
    }
    if (m_live)
        poke();
}

void BandwidthRunner::setPauseMs(int ms) {
    QMutexLocker lock(&m_mutex);
    m_settings.pauseMs = std::max(0, ms);
}

void BandwidthRunner::setLive(bool live) {
    if (m_live.exchange(live) == live)
        return;
    // Stopping abandons the round in progress at its next run boundary instead of finishing it.
    m_stop = !live;
    emit liveChanged(live);
    if (live)
        poke();
}

void BandwidthRunner::measureOnce() {
    m_stop = false;
    {
        QMutexLocker lock(&m_mutex);
        m_onceRequested = true;
    }
    poke();
}

void BandwidthRunner::measureTransfers() {
    m_stop = false;
    {
        QMutexLocker lock(&m_mutex);
        m_transfersRequested = true;
    }
    poke();
}

void BandwidthRunner::requestStop() {
    m_stop = true;
    if (m_live.exchange(false))
        emit liveChanged(false);
    QMutexLocker lock(&m_mutex);
    m_onceRequested = false;
    m_transfersRequested = false;
}

bool BandwidthRunner::shouldAbandon(quint64 generation) const {
    return m_stop.load() || m_generation.load() != generation ||
           QThread::currentThread()->isInterruptionRequested();
}

void BandwidthRunner::setBusy(bool busy) {
    if (m_busy.exchange(busy) != busy)
        emit busyChanged(busy);
}

void BandwidthRunner::setBackendFactory(BackendFactory factory) {
    QMutexLocker lock(&m_mutex);
    m_backendFactory = std::move(factory);
}

void BandwidthRunner::ensureBackend(const QString& choice) {
    if (m_backend && m_backendChoice == choice)
        return;
    const auto parsed = gpu::backendChoiceFromName(choice.toStdString()).value_or(gpu::BackendChoice::Auto);
    BackendFactory factory;
    {
        QMutexLocker lock(&m_mutex);
        factory = m_backendFactory;
    }
    auto selection = factory ? factory(parsed) : gpu::selectBackend(parsed);
    m_backend = std::move(selection.backend);
    m_backendChoice = choice;
    m_status = BackendStatus{};
    m_status.choice = choice;
    m_status.backend = QString::fromStdString(m_backend->name());
    m_status.available = m_backend->isAvailable();
    if (m_status.available) {
        try {
            const auto info = m_backend->info();
            m_status.device = QString::fromStdString(info.device);
            m_status.peakGBps = info.theoreticalPeakGBps;
            m_status.measuresTransfers = m_backend->measuresTransfers();
        } catch (const std::exception& e) {
            m_status.available = false;
            m_status.note = QString::fromStdString(e.what());
        }
    }
    if (!selection.note.empty())
        m_status.note = QString::fromStdString(selection.note);
    else if (!m_backend->isAvailable())
        m_status.note = QString::fromStdString(m_backend->name() +
                                               " backend unavailable: " + m_backend->unavailableReason());
    emit backendChanged(m_status);
}

void BandwidthRunner::work() {
    Settings settings;
    bool once = false;
    bool transfers = false;
    {
        QMutexLocker lock(&m_mutex);
        m_workQueued = false;
        settings = m_settings;
        once = std::exchange(m_onceRequested, false);
        transfers = std::exchange(m_transfersRequested, false);
    }
    if (QThread::currentThread()->isInterruptionRequested())
        return;
    const quint64 generation = m_generation.load();
    setBusy(true);
    try {
        ensureBackend(settings.choice);
        if (transfers && !m_stop)
            runTransfers(settings, generation);
        if ((once || m_live) && !m_stop && settings.layout)
            runRound(settings, generation);
    } catch (const gpu::Interrupted&) {
        // A newer setting or a stop. In live mode the timer below starts the next round with
        // the new settings; a "measure once" cut short by a new setting is measured again.
        if (once && !m_stop && !QThread::currentThread()->isInterruptionRequested()) {
            {
                QMutexLocker lock(&m_mutex);
                m_onceRequested = true;
            }
            poke();
        }
    } catch (const std::exception& e) {
        // Do not retry the same failing layout in a tight live loop: wait for a change.
        m_lastFailedLayout = settings.layout;
        // A CUDA error can leave the device unusable, or the device may be gone: the next
        // measurement starts from a new backend (and auto falls back to the CPU, saying why).
        m_backend.reset();
        // std::bad_alloc says only "std::bad_alloc".
        emit failed(
            dynamic_cast<const std::bad_alloc*>(&e) != nullptr
                ? tr("allocation refused: not enough memory for the working set; choose a smaller one")
                : QString::fromStdString(e.what()));
    }
    setBusy(false);
    if (m_live && !m_stop && !QThread::currentThread()->isInterruptionRequested()) {
        const bool stuck =
            m_lastFailedLayout && settings.layout == m_lastFailedLayout && generation == m_generation.load();
        if (!stuck)
            m_liveTimer->start(m_generation.load() != generation ? 0 : settings.pauseMs);
    }
}

void BandwidthRunner::runRound(const Settings& settings, quint64 generation) {
    if (!m_backend->isAvailable())
        throw std::runtime_error(m_backend->name() +
                                 " backend unavailable: " + m_backend->unavailableReason());
    const auto& view = *settings.layout;
    const bool onGpu = m_backend->name() == "cuda";
    const qint64 target = settings.workingSetBytes > 0
                              ? settings.workingSetBytes
                              : (onGpu ? gpu::kDefaultGpuWorkingSetBytes : gpu::kDefaultCpuWorkingSetBytes);
    const gpu::ScaledLayout workingSet = gpu::scaleToWorkingSet(view.layout, view.elementSize, target);
    gpu::MeasureOptions options;
    options.repetitions = settings.repetitions;
    options.interrupted = [this, generation] { return shouldAbandon(generation); };
    const auto m = gpu::measureLayout(*m_backend, workingSet, options,
                                      gpu::defaultKernels(*m_backend, workingSet.layout));

    BandwidthRound round;
    round.sequence = ++m_sequence;
    round.seconds = static_cast<double>(m_clock.nsecsElapsed()) / 1e9;
    round.backend = QString::fromStdString(m.backend.backend);
    round.device = QString::fromStdString(m.backend.device);
    round.view = view;
    round.scaled = workingSet.layout;
    round.workingSetBytes = workingSet.logicalBytes();
    round.storageBytes = workingSet.storageBytes();
    round.repetitions = settings.repetitions;
    round.peakGBps = m.backend.theoreticalPeakGBps;
    for (const auto& c : m.cases)
        round.cases.push_back({c.kernel, c.gbpsMedian, c.gbpsBest, c.msMedian, c.bytesMoved});
    // The model of the scaled layout is exact; for odd sizes it enumerates (a fraction of a
    // second at 64 MiB), so it is computed once per layout, not per round.
    if (!m_model || m_model->layout != workingSet.layout || m_model->elementSize != workingSet.elementSize) {
        ModelCache cache;
        cache.layout = workingSet.layout;
        cache.elementSize = workingSet.elementSize;
        cache.gpu = gpuCoalescing(workingSet.layout, workingSet.elementSize);
        cache.cpu = cpuLineTraffic(workingSet.layout, workingSet.elementSize);
        m_model = cache;
    }
    if (m_model->gpu) {
        round.sectorsPerRequest = m_model->gpu->sectorsPerRequest();
        round.idealSectorsPerRequest = m_model->gpu->idealSectorsPerRequest();
        round.coalescingEfficiency = m_model->gpu->efficiency();
    }
    round.cpuLinesPerElement = m_model->cpu.linesPerElement();
    round.cpuIdealLinesPerElement = m_model->cpu.idealLinesPerElement();
    m_lastFailedLayout.reset();
    emit roundMeasured(round);
}

void BandwidthRunner::runTransfers(const Settings& settings, quint64 generation) {
    TransferSweep sweep;
    sweep.backend = QString::fromStdString(m_backend->name());
    sweep.device = m_status.device;
    if (!m_backend->measuresTransfers()) {
        emit transfersMeasured(sweep); // empty: the panel shows why
        return;
    }
    const auto results =
        m_backend->measureTransfers(gpu::defaultTransferSizes(), std::max(1, settings.repetitions),
                                    [this, generation] { return shouldAbandon(generation); });
    for (const auto& r : results) {
        TransferPoint p;
        p.hostToDevice = r.direction == gpu::TransferDirection::HostToDevice;
        p.pinned = r.pinned;
        p.bytes = r.bytes;
        p.gbpsMedian = r.gbpsMedian;
        p.gbpsBest = r.gbpsBest;
        p.msMedian = r.msMedian;
        sweep.points.push_back(p);
    }
    emit transfersMeasured(sweep);
}

} // namespace stridescope::app
