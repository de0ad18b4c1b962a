#pragma once
// The worker that measures bandwidth off the GUI thread. It lives in a QThread (the panel
// creates both); results leave it as value-type signals, delivered queued to the GUI.
//
// Control: every public function is thread-safe and returns at once. Settings are stored under a
// mutex and the worker is poked with a queued call; a change of layout, backend, working set or
// repetitions abandons a round in progress (the measurement polls between runs), so a live
// view follows the current layout instead of finishing a stale one. requestStop() ends live
// mode and abandons whatever runs; the owner then quits and joins the thread.
#include "app/bandwidth/BandwidthSamples.h"
#include "core/CoalescingModel.h"

#include <QElapsedTimer>
#include <QMutex>
#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

class QTimer;

namespace stridescope::gpu {
class BandwidthBackend;
struct BackendSelection;
enum class BackendChoice;
}

namespace stridescope::app {

class BandwidthRunner : public QObject {
    Q_OBJECT

public:
    explicit BandwidthRunner(QObject* parent = nullptr);
    ~BandwidthRunner() override;

    // Where backends come from: gpu::selectBackend unless replaced (tests put a failing backend
    // here). Called in the worker thread for the first round, after a change of choice, and
    // after a backend failed, so that a device that went away is looked for again. Set it
    // before the first measurement.
    using BackendFactory = std::function<gpu::BackendSelection(gpu::BackendChoice)>;
    void setBackendFactory(BackendFactory factory);

    // All thread-safe.
    void setLayoutToMeasure(const LayoutToMeasure& layout);
    void clearLayout();
    void setBackendChoice(const QString& choice); // "auto", "cpu", "cuda"
    void setWorkingSetBytes(qint64 bytes);        // 0: the backend's default (256 MiB GPU, 64 MiB CPU)
    void setRepetitions(int repetitions);         // timed runs per kernel per round
    void setPauseMs(int ms);                      // rest between live rounds
    void setLive(bool live);
    void measureOnce();
    void measureTransfers();
    void requestStop();

    bool isLive() const { return m_live.load(); }
    bool isBusy() const { return m_busy.load(); }

signals:
    void backendChanged(const stridescope::app::BackendStatus& status);
    void roundMeasured(const stridescope::app::BandwidthRound& round);
    void transfersMeasured(const stridescope::app::TransferSweep& sweep);
    // A backend refused or failed (an exception's text). The runner stays usable: the backend
    // is made again for the next measurement; live mode keeps trying with the next change.
    void failed(const QString& message);
    void liveChanged(bool live);
    void busyChanged(bool busy);

private:
    struct Settings {
        std::optional<LayoutToMeasure> layout;
        // Empty until the owner chooses, so that its first choice (even "auto") counts as a
        // change and reports the backend at once; empty means auto.
        QString choice;
        qint64 workingSetBytes = 0;
        int repetitions = 5;
        int pauseMs = 200;
    };

    void poke();             // queues work() once
    Q_INVOKABLE void work(); // runs in the worker thread
    void ensureBackend(const QString& choice);
    bool shouldAbandon(quint64 generation) const;
    void runRound(const Settings& settings, quint64 generation);
    void runTransfers(const Settings& settings, quint64 generation);
    void setBusy(bool busy);

    mutable QMutex m_mutex;
    Settings m_settings;                  // guarded by m_mutex
    bool m_onceRequested = false;         // guarded by m_mutex
    bool m_transfersRequested = false;    // guarded by m_mutex
    bool m_workQueued = false;            // guarded by m_mutex
    std::atomic<quint64> m_generation{0}; // bumped by every settings change
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_live{false};
    std::atomic<bool> m_busy{false};

    BackendFactory m_backendFactory; // guarded by m_mutex

    // Worker-thread state.
    std::unique_ptr<gpu::BandwidthBackend> m_backend;
    QString m_backendChoice;
    BackendStatus m_status;
    QTimer* m_liveTimer = nullptr;
    QElapsedTimer m_clock;
    quint64 m_sequence = 0;
    std::optional<LayoutToMeasure> m_lastFailedLayout;
    struct ModelCache {
        Layout layout;
        int elementSize = 0;
        std::optional<GpuCoalescing> gpu;
        CpuLineTraffic cpu;
    };
    std::optional<ModelCache> m_model;
};

} // namespace stridescope::app
