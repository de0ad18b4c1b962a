#pragma once
// The bandwidth panel (meant for a dock): what reading the current tensor through its layout
// costs, measured live off the GUI thread.
//
//  * one reference, the limit: our contiguous copy of the same bytes on the same threads (the
//    baseline_copy kernel), the median over the rounds of the current layout; both plots and
//    the story line use that one figure;
//  * "Live" plot: a scrolling time series of GB/s (read through the layout, and tiled for
//    transposes), its time axis starting at 0 s when Live is switched on, re-measured whenever
//    the layout changes while Live is on, with horizontal lines for the limit and, on a GPU,
//    the theoretical peak;
//  * "Kernels" plot: the story of the last round as bars with their figures on them: naive
//    (read through the layout: what the layout costs), tiled (what a good kernel recovers) and
//    the limit, each as GB/s and as a fraction of the limit;
//  * a story line under the plots saying the same in words;
//  * "Host↔device" plot: pageable and pinned copies against size (log axis); empty with a note
//    on the CPU backend;
//  * controls: backend (auto/cpu/cuda), working set (MiB; "default" = 256 GPU, 64 CPU), timed
//    runs per round, Live on/off, measure once, measure transfers, export (PNG/PDF of the plot
//    shown, CSV of all data).
// Replots are coalesced by a short single-shot timer. Failures (exceptions from a backend) are
// shown in the panel, which stays usable. Destroying the panel stops a run and joins the worker.
#include "core/Device.h"
#include "app/bandwidth/BandwidthSamples.h"
#include "core/Tensor.h"

#include <QElapsedTimer>
#include <QWidget>

class QComboBox;
class QCPBars;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCustomPlot;
class QLabel;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QTabWidget;
class QThread;
class QTimer;
class QToolButton;

namespace stridescope::app {

class BandwidthRunner;

class BandwidthPanel : public QWidget {
    Q_OBJECT

public:
    explicit BandwidthPanel(QWidget* parent = nullptr);
    ~BandwidthPanel() override;

    bool isLive() const;
    QString backendChoice() const; // "auto", "cpu", "cuda"
    int workingSetMiB() const;     // 0: the backend's default
    int repetitions() const;

    // What has been measured so far (oldest first; at most kMaxRounds kept) and the last sweep.
    const QVector<BandwidthRound>& rounds() const { return m_rounds; }
    const TransferSweep& transfers() const { return m_transfers; }
    const BackendStatus& backendStatus() const { return m_status; }
    QString statusText() const; // backend line and notes, as shown
    QString errorText() const;  // the last failure, empty once a round succeeds

    // For tests and for the window's own wiring (signals only: the runner lives in the worker).
    BandwidthRunner* runner() const { return m_runner; }
    QCustomPlot* livePlot() const { return m_livePlot; }
    QCustomPlot* kernelPlot() const { return m_kernelPlot; }
    QCustomPlot* transferPlot() const { return m_transferPlot; }

    // The host<->device copies this session's scripts made (core/Device.h's records): measured
    // ones are drawn on the host<->device chart as points, next to the pageable/pinned curves;
    // the chart's corner counts them all and says when none could be timed (simulated cuda:0).
    void setSessionTransfers(const std::vector<TransferRecord>& transfers);
    QString sessionTransfersText() const;

    // Writes the plot shown (the current tab) as .png or .pdf, by the extension of `path`.
    bool exportPlot(const QString& path, QString* error = nullptr);
    // Writes every round's cases and the transfer sweep as CSV.
    bool exportCsv(const QString& path, QString* error = nullptr) const;

    // The limit shown (see above), NaN before a round has measured it.
    double limitGbps() const;
    // The story line under the plots, as shown.
    QString storyText() const;
    // Seconds on the Live time axis of each point plotted (0 = when Live was switched on).

    static constexpr int kMaxRounds = 5000;
    static constexpr double kLiveWindowSeconds = 60.0;

public slots:
    // The layout of the tensor shown; while Live is on, a change is measured at once.
    void setLayoutToMeasure(const stridescope::Layout& layout, int elementSize, const QString& label = {});
    void setTensor(const stridescope::Tensor& tensor, const QString& label = {});
    void clearLayout();
    void setLive(bool live);
    void setBackendChoice(const QString& choice);
    void setWorkingSetMiB(int mib);
    void setRepetitions(int repetitions);
    void measureOnce();
    void measureTransfers();

signals:
    void roundShown(const stridescope::app::BandwidthRound& round);

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyTheme();
    void updateScrollMinimum();
    void updateStory(const BandwidthRound& round);
    void buildUi();
    void setupPlots();
    void onBackendChanged(const BackendStatus& status);
    void onRound(const BandwidthRound& round);
    void onTransfers(const TransferSweep& sweep);
    void onFailed(const QString& message);
    void onBusy(bool busy);
    void scheduleReplot();
    void replotNow();
    void updateKernelBars(const BandwidthRound& round);
    void updateReferenceLines(const BandwidthRound& round);
    void updateTransferNote();
    void exportPlotInteractive();
    void exportCsvInteractive();

    QThread* m_thread = nullptr;
    BandwidthRunner* m_runner = nullptr;

    QComboBox* m_backend = nullptr;
    QSpinBox* m_workingSet = nullptr;
    QSpinBox* m_repetitions = nullptr;
    QPushButton* m_liveButton = nullptr;
    QPushButton* m_onceButton = nullptr;
    QPushButton* m_transfersButton = nullptr;
    QToolButton* m_exportButton = nullptr;
    QLabel* m_statusLabel = nullptr;
    QLabel* m_errorLabel = nullptr;
    QLabel* m_layoutLabel = nullptr;
    QTabWidget* m_tabs = nullptr;
    QCustomPlot* m_livePlot = nullptr;
    QCustomPlot* m_kernelPlot = nullptr;
    QCustomPlot* m_transferPlot = nullptr;
    QTimer* m_replotTimer = nullptr;
    QCPGraph* m_layoutGraph = nullptr; // read through the layout, median GB/s per round
    QCPGraph* m_tiledGraph = nullptr;
    QCPItemStraightLine* m_baselineLine = nullptr;
    QCPItemText* m_baselineText = nullptr;
    QCPItemStraightLine* m_peakLine = nullptr;
    QCPItemText* m_peakText = nullptr;
    QVector<QCPBars*> m_kernelBars; // naive, tiled, limit, peak: one colour each
    QCPGraph* m_kernelBest = nullptr;
    QVector<QCPItemText*> m_barLabels; // the figures on the bars
    QLabel* m_storyLabel = nullptr;
    QScrollArea* m_scroll = nullptr;
    QCPItemText* m_transferNote = nullptr;
    QCPGraph* m_sessionGraph = nullptr;      // this session's measured copies
    QCPItemText* m_sessionText = nullptr;    // how many copies, how many bytes, measured or not
    QVector<QCPItemStraightLine*> m_changeMarkers; // where the layout changed, oldest first
    QVector<QCPGraph*> m_transferGraphs;           // h2d pageable, h2d pinned, d2h pageable, d2h pinned

    QVector<BandwidthRound> m_rounds;
    TransferSweep m_transfers;
    BackendStatus m_status;
    QString m_error;
    std::optional<LayoutToMeasure> m_layout;
    bool m_busy = false;
    QElapsedTimer m_liveClock; // started when Live is switched on (or at the first round)
    double m_lastLiveX = 0;
};

} // namespace stridescope::app
