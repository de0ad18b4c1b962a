#include "app/bandwidth/BandwidthPanel.h"

#include "app/bandwidth/BandwidthRunner.h"
#include "app/bandwidth/KernelStyle.h"
#include "gpu/CpuBackend.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSaveFile>
#include <QScreen>
#include <QScrollArea>
#include <QSpinBox>
#include <QTabWidget>
#include <QTextStream>
#include <QThread>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace stridescope::app {

namespace {

// The colours of what is not a kernel (the kernels' are in KernelStyle.cpp's table), Okabe-Ito
// like them: distinguishable with any colour vision.
struct PlotStyle {
    QColor peak{0xD5, 0x5E, 0x00};     // theoretical peak: vermillion
    QColor pinned{0xCC, 0x79, 0xA7};   // pinned host memory: purple
    QColor pageable{0x00, 0x00, 0x00}; // pageable host memory: black
    QColor marker{0x99, 0x99, 0x99};   // layout-change markers
};
const PlotStyle kStyle;

constexpr int kReplotDelayMs = 40; // coalesces bursts of rounds and resizes into one replot

QString listText(const Shape& values) {
    QStringList parts;
    for (auto v : values)
        parts << QString::number(v);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

QString mibText(qint64 bytes) {
    return QString::number(double(bytes) / double(1 << 20), 'f', 1) + QStringLiteral(" MiB");
}

// Rounds of one layout on one backend at the end of `rounds` that the limit is the median of.
constexpr int kLimitRounds = 15;

double median(QVector<double> values) {
    if (values.isEmpty())
        return std::nan("");
    std::sort(values.begin(), values.end());
    const auto n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

QString csvField(const QString& text) {
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) &&
        !text.contains(QLatin1Char('\n')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QPen pen(const QColor& colour, double width = 2.0, Qt::PenStyle style = Qt::SolidLine) {
    QPen p(colour, width, style);
    p.setCosmetic(true);
    return p;
}

} // namespace

BandwidthPanel::BandwidthPanel(QWidget* parent) : QWidget(parent) {
    buildUi();
    setupPlots();

    m_replotTimer = new QTimer(this);
    m_replotTimer->setSingleShot(true);
    m_replotTimer->setInterval(kReplotDelayMs);
    connect(m_replotTimer, &QTimer::timeout, this, &BandwidthPanel::replotNow);

    // The worker: created here, moved to its thread, deleted in that thread when it finishes.
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("bandwidth worker"));
    m_runner = new BandwidthRunner;
    m_runner->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_runner, &QObject::deleteLater);
    connect(m_runner, &BandwidthRunner::backendChanged, this, &BandwidthPanel::onBackendChanged);
    connect(m_runner, &BandwidthRunner::roundMeasured, this, &BandwidthPanel::onRound);
    connect(m_runner, &BandwidthRunner::transfersMeasured, this, &BandwidthPanel::onTransfers);
    connect(m_runner, &BandwidthRunner::failed, this, &BandwidthPanel::onFailed);
    connect(m_runner, &BandwidthRunner::busyChanged, this, &BandwidthPanel::onBusy);
    connect(m_runner, &BandwidthRunner::liveChanged, this, [this](bool live) {
        const QSignalBlocker block(m_liveButton);
        m_liveButton->setChecked(live);
    });
    m_thread->start();

    m_runner->setRepetitions(m_repetitions->value());
    m_runner->setBackendChoice(backendChoice()); // reports the backend (and a CPU fallback) at once
}

BandwidthPanel::~BandwidthPanel() {
    // Abandon any measurement at its next run boundary, then let the event loop end and join.
    m_runner->requestStop();
    m_thread->requestInterruption();
    m_thread->quit();
    m_thread->wait();
}

void BandwidthPanel::buildUi() {
    m_backend = new QComboBox(this);
    m_backend->addItem(tr("Auto"), QStringLiteral("auto"));
    m_backend->addItem(tr("CPU"), QStringLiteral("cpu"));
    m_backend->addItem(tr("CUDA"), QStringLiteral("cuda"));
    m_backend->setToolTip(tr("Where to measure: Auto uses a CUDA GPU when one is usable, else the CPU"));

    m_workingSet = new QSpinBox(this);
    m_workingSet->setRange(0,
                           static_cast<int>(std::max<std::int64_t>(1, gpu::physicalMemoryBytes() / 4 >> 20)));
    m_workingSet->setSpecialValueText(tr("default"));
    m_workingSet->setSuffix(tr(" MiB"));
    m_workingSet->setToolTip(
        tr("Bytes read through the layout per run. Default: 256 MiB on a GPU, 64 MiB on the "
           "CPU, well above the last-level cache"));

    m_repetitions = new QSpinBox(this);
    m_repetitions->setRange(1, 1000);
    m_repetitions->setValue(5);
    m_repetitions->setSuffix(tr(" runs"));
    m_repetitions->setToolTip(tr("Timed runs per kernel per round, after one warm-up run"));

    m_liveButton = new QPushButton(tr("Live"), this);
    m_liveButton->setCheckable(true);
    m_liveButton->setToolTip(tr("Measure continuously, and again whenever the layout changes"));
    m_onceButton = new QPushButton(tr("Measure"), this);
    m_transfersButton = new QPushButton(tr("Host↔device"), this);
    m_transfersButton->setToolTip(tr("Measure pageable and pinned copies from 4 KiB to 256 MiB (CUDA)"));

    m_exportButton = new QToolButton(this);
    m_exportButton->setText(tr("Export"));
    m_exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* exportMenu = new QMenu(m_exportButton);
    exportMenu->addAction(tr("Plot as PNG or PDF…"), this, &BandwidthPanel::exportPlotInteractive);
    exportMenu->addAction(tr("Data as CSV…"), this, &BandwidthPanel::exportCsvInteractive);
    m_exportButton->setMenu(exportMenu);

    // Two rows, what to measure and what to do, so that a dock of ~400 px (or presentation
    // mode's larger font) shows every control instead of clipping the last ones.
    auto* settings = new QHBoxLayout;
    settings->addWidget(m_backend);
    settings->addWidget(m_workingSet);
    settings->addWidget(m_repetitions);
    settings->addStretch(1);
    auto* actions = new QHBoxLayout;
    actions->addWidget(m_liveButton);
    actions->addWidget(m_onceButton);
    actions->addWidget(m_transfersButton);
    actions->addStretch(1);
    actions->addWidget(m_exportButton);
    auto* controls = new QVBoxLayout;
    controls->addLayout(settings);
    controls->addLayout(actions);

    m_statusLabel = new QLabel(this);
    m_statusLabel->setWordWrap(true);
    m_statusLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorLabel = new QLabel(this);
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorLabel->setVisible(false);
    m_layoutLabel = new QLabel(this);
    m_layoutLabel->setWordWrap(true);
    m_layoutLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_layoutLabel->setText(tr("No tensor to measure yet."));

    m_livePlot = new QCustomPlot(this);
    m_kernelPlot = new QCustomPlot(this);
    m_transferPlot = new QCustomPlot(this);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(m_livePlot, tr("Live"));
    m_tabs->addTab(m_kernelPlot, tr("Kernels"));
    m_tabs->addTab(m_transferPlot, tr("Host↔device"));

    m_storyLabel = new QLabel(this);
    m_storyLabel->setWordWrap(true);
    m_storyLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_storyLabel->setToolTip(
        tr("naive: the copy walks the tensor in its logical order, as .contiguous() does; tiled: "
           "the same result moved tile by tile so that memory is read and written in whole "
           "lines; limit: our fastest plain copy of the same number of bytes on the same threads"));

    // Everything in a scroll area: where the dock is shorter than the plots need (presentation
    // mode's larger font on a small screen), it scrolls instead of clipping the plot's axis
    // labels and the story line.
    auto* content = new QWidget;
    m_scroll = new QScrollArea(this);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setWidget(content);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_scroll);
    auto* layout = new QVBoxLayout(content);
    layout->addLayout(controls);
    layout->addWidget(m_statusLabel);
    layout->addWidget(m_errorLabel);
    layout->addWidget(m_layoutLabel);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_storyLabel);

    connect(m_backend, &QComboBox::currentIndexChanged, this,
            [this] { m_runner->setBackendChoice(backendChoice()); });
    connect(m_workingSet, &QSpinBox::valueChanged, this,
            [this](int mib) { m_runner->setWorkingSetBytes(qint64(mib) << 20); });
    connect(m_repetitions, &QSpinBox::valueChanged, this, [this](int n) { m_runner->setRepetitions(n); });
    connect(m_liveButton, &QPushButton::toggled, this, &BandwidthPanel::setLive);
    connect(m_onceButton, &QPushButton::clicked, this, &BandwidthPanel::measureOnce);
    connect(m_transfersButton, &QPushButton::clicked, this, &BandwidthPanel::measureTransfers);
}

namespace {

// The legend in rows of `columns` entries under the plot, in a row of the plot's layout of its
// own: inside the axis rect it covered the limit's line and the bars' figures.
void compactLegend(QCustomPlot* plot, int columns) {
    plot->legend->setVisible(true);
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot->legend->setWrap(columns);
    plot->legend->setRowSpacing(0);
    plot->axisRect()->insetLayout()->take(plot->legend);
    plot->plotLayout()->addElement(1, 0, plot->legend);
    plot->plotLayout()->setRowStretchFactor(1, 0.001);
    plot->plotLayout()->setRowSpacing(0);
    plot->legend->setMargins(QMargins(4, 2, 4, 2));
}

} // namespace

void BandwidthPanel::setupPlots() {
    // Live: GB/s against time, scrolling.
    m_livePlot->xAxis->setLabel(tr("time (s)"));
    m_livePlot->yAxis->setLabel(tr("GB/s (read + write)"));
    compactLegend(m_livePlot, 2);
    m_layoutGraph = m_livePlot->addGraph();
    m_layoutGraph->setName(kernelLegend(gpu::CopyKernel::ReadThroughLayout));
    m_layoutGraph->setPen(pen(kernelStyle(gpu::CopyKernel::ReadThroughLayout).colour));
    m_layoutGraph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
    m_tiledGraph = m_livePlot->addGraph();
    m_tiledGraph->setName(kernelLegend(gpu::CopyKernel::Tiled));
    m_tiledGraph->setPen(pen(kernelStyle(gpu::CopyKernel::Tiled).colour));
    m_tiledGraph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
    auto makeLine = [this](const QColor& colour, QCPItemStraightLine*& line, QCPItemText*& text) {
        line = new QCPItemStraightLine(m_livePlot);
        line->setPen(pen(colour, 1.5, Qt::DashLine));
        line->setVisible(false);
        text = new QCPItemText(m_livePlot);
        text->setColor(colour);
        text->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        text->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        text->position->setTypeY(QCPItemPosition::ptPlotCoords);
        text->setVisible(false);
    };
    makeLine(kernelStyle(gpu::CopyKernel::Baseline).colour, m_baselineLine, m_baselineText);
    makeLine(kStyle.peak, m_peakLine, m_peakText);
    m_livePlot->xAxis->setRange(0, kLiveWindowSeconds);
    m_livePlot->yAxis->setRange(0, 1);

    // Kernels: the story of the last round as bars (median), dots for the best run.
    m_kernelPlot->yAxis->setLabel(tr("GB/s (read + write)"));
    const struct {
        QString name;
        QColor colour;
    } bars[] = {{kernelLegend(gpu::CopyKernel::ReadThroughLayout),
                 kernelStyle(gpu::CopyKernel::ReadThroughLayout).colour},
                {kernelLegend(gpu::CopyKernel::Tiled), kernelStyle(gpu::CopyKernel::Tiled).colour},
                {kernelLegend(gpu::CopyKernel::Baseline), kernelStyle(gpu::CopyKernel::Baseline).colour},
                {tr("peak"), kStyle.peak}};
    for (const auto& bar : bars) {
        auto* b = new QCPBars(m_kernelPlot->xAxis, m_kernelPlot->yAxis);
        b->setName(bar.name);
        b->setPen(pen(bar.colour, 1.0));
        b->setBrush(bar.colour);
        b->setWidth(0.6);
        b->removeFromLegend();
        m_kernelBars.push_back(b);
    }
    m_kernelBest = m_kernelPlot->addGraph();
    m_kernelBest->setName(tr("best run"));
    m_kernelBest->setLineStyle(QCPGraph::lsNone);
    m_kernelBest->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDiamond, pen(kStyle.peak, 1.5), kStyle.peak, 9));
    compactLegend(m_kernelPlot, 1);
    m_kernelPlot->xAxis->setRange(0.4, 3.6);
    m_kernelPlot->yAxis->setRange(0, 1);

    // Host↔device: GB/s against size on a log axis.
    m_transferPlot->xAxis->setLabel(tr("bytes per copy"));
    m_transferPlot->yAxis->setLabel(tr("GB/s"));
    m_transferPlot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    // Sizes labelled as people say them (4 KiB ... 256 MiB) rather than as powers of ten.
    auto sizeTicker = QSharedPointer<QCPAxisTickerText>::create();
    for (qint64 bytes = 4 << 10; bytes <= qint64(256) << 20; bytes *= 4)
        sizeTicker->addTick(double(bytes), bytes < (1 << 20) ? QStringLiteral("%1 KiB").arg(bytes >> 10)
                                                             : QStringLiteral("%1 MiB").arg(bytes >> 20));
    m_transferPlot->xAxis->setTicker(sizeTicker);
    m_transferPlot->xAxis->setRange(3 << 10, 340.0 * (1 << 20));
    m_transferPlot->yAxis->setRange(0, 1);
    compactLegend(m_transferPlot, 2);
    const struct {
        QString name;
        QColor colour;
        Qt::PenStyle style;
    } curves[] = {
        {tr("host→device, pageable"), kStyle.pageable, Qt::DashLine},
        {tr("host→device, pinned"), kStyle.pinned, Qt::DashLine},
        {tr("device→host, pageable"), kStyle.pageable, Qt::SolidLine},
        {tr("device→host, pinned"), kStyle.pinned, Qt::SolidLine},
    };
    for (const auto& curve : curves) {
        auto* graph = m_transferPlot->addGraph();
        graph->setName(curve.name);
        graph->setPen(pen(curve.colour, 2.0, curve.style));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
        m_transferGraphs.push_back(graph);
    }
    m_sessionGraph = m_transferPlot->addGraph();
    m_sessionGraph->setName(tr("this session's copies"));
    m_sessionGraph->setLineStyle(QCPGraph::lsNone);
    m_sessionGraph->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDiamond, QColor(Qt::black), kStyle.pinned, 9));
    m_sessionText = new QCPItemText(m_transferPlot);
    m_sessionText->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_sessionText->position->setCoords(0.02, 0.04);
    m_sessionText->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_sessionText->setVisible(false);
    m_transferNote = new QCPItemText(m_transferPlot);
    m_transferNote->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_transferNote->position->setCoords(0.5, 0.5);
    m_transferNote->setText(tr("Host↔device copies need a CUDA device."));
    m_transferNote->setVisible(false);
    applyTheme();
}

// Colours and fonts from the widget's palette and font, so that the plots follow the light or
// dark theme and presentation mode's larger font (QCustomPlot copies both once, when made).
// Plots get room for about 12 lines of their text, so a larger font does not clip the legend
// or the axis labels.
void BandwidthPanel::applyTheme() {
    const QPalette pal = palette();
    const QColor background = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    QColor grid = pal.color(QPalette::Mid);
    QColor legendFill = background;
    legendFill.setAlpha(215);
    const QFont base = font();
    QFont small = base;
    if (small.pointSizeF() > 0)
        small.setPointSizeF(base.pointSizeF() * 0.9);
    for (auto* plot : {m_livePlot, m_kernelPlot, m_transferPlot}) {
        plot->setBackground(background);
        plot->axisRect()->setBackground(background);
        for (auto* axis : {plot->xAxis, plot->yAxis, plot->xAxis2, plot->yAxis2}) {
            axis->setBasePen(pen(text, 1.0));
            axis->setTickPen(pen(text, 1.0));
            axis->setSubTickPen(pen(text, 1.0));
            axis->setLabelColor(text);
            axis->setTickLabelColor(text);
            axis->setLabelFont(base);
            axis->setTickLabelFont(small);
            axis->grid()->setPen(pen(grid, 1.0, Qt::DotLine));
        }
        plot->legend->setBrush(legendFill);
        plot->legend->setBorderPen(pen(grid, 1.0));
        plot->legend->setTextColor(text);
        plot->legend->setFont(small);
        for (int i = 0; i < plot->itemCount(); ++i)
            if (auto* label = qobject_cast<QCPItemText*>(plot->item(i)))
                label->setFont(small);
        plot->setMinimumHeight(QFontMetrics(base).height() * 12);
    }
    updateScrollMinimum();
    m_transferNote->setColor(text);
    for (auto* label : m_barLabels)
        label->setColor(text);
    // Pageable copies were black, invisible on a dark background: the text colour instead.
    for (int i : {0, 2})
        if (i < m_transferGraphs.size())
            m_transferGraphs[i]->setPen(pen(text, 2.0, i == 0 ? Qt::DashLine : Qt::SolidLine));
    scheduleReplot();
}

// The dock asks for what the content needs (so that the main window makes room for the whole
// plot and the story line), but for no more than 60% of the screen; below that it scrolls.
// Called again whenever the texts above the plot change length.
void BandwidthPanel::updateScrollMinimum() {
    auto* content = m_scroll ? m_scroll->widget() : nullptr;
    if (!content)
        return;
    const QScreen* screen = this->screen();
    const int cap = screen ? screen->availableGeometry().height() * 3 / 5 : 600;
    content->adjustSize();
    m_scroll->setMinimumHeight(std::min(content->minimumSizeHint().height(), cap));
}

void BandwidthPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if ((event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) && m_livePlot)
        applyTheme();
}

// ---- state shown ------------------------------------------------------------------------------

bool BandwidthPanel::isLive() const { return m_liveButton->isChecked(); }
QString BandwidthPanel::backendChoice() const { return m_backend->currentData().toString(); }
int BandwidthPanel::workingSetMiB() const { return m_workingSet->value(); }
int BandwidthPanel::repetitions() const { return m_repetitions->value(); }
QString BandwidthPanel::statusText() const { return m_statusLabel->text(); }
QString BandwidthPanel::errorText() const { return m_error; }

// ---- slots ------------------------------------------------------------------------------------

void BandwidthPanel::setLayoutToMeasure(const Layout& layout, int elementSize, const QString& label) {
    LayoutToMeasure next{layout, elementSize, label};
    if (m_layout == next)
        return;
    m_layout = next;
    m_layoutLabel->setText(
        tr("Tensor %1: shape %2, stride %3, offset %4, %5 bytes per element")
            .arg(label.isEmpty() ? tr("(unnamed)") : label, listText(layout.sizes), listText(layout.strides))
            .arg(layout.storageOffset)
            .arg(elementSize));
    m_runner->setLayoutToMeasure(next);
    if (isLive() && !m_rounds.isEmpty()) {
        // Mark the change on the time axis, at the last measured time.
        auto* marker = new QCPItemStraightLine(m_livePlot);
        marker->setPen(pen(kStyle.marker, 1.0, Qt::DotLine));
        marker->point1->setCoords(m_lastLiveX, 0);
        marker->point2->setCoords(m_lastLiveX, 1);
        m_changeMarkers.push_back(marker);
        scheduleReplot();
    }
}

void BandwidthPanel::setTensor(const Tensor& tensor, const QString& label) {
    if (!tensor.defined()) {
        clearLayout();
        return;
    }
    setLayoutToMeasure(tensor.layout(), tensor.elementSize(), label);
}

void BandwidthPanel::clearLayout() {
    m_layout.reset();
    m_runner->clearLayout();
    m_layoutLabel->setText(tr("No tensor to measure yet."));
}

void BandwidthPanel::setLive(bool live) {
    {
        const QSignalBlocker block(m_liveButton);
        m_liveButton->setChecked(live);
    }
    if (live) {
        // The time axis starts when Live starts: the series of an earlier session are cleared.
        m_liveClock.restart();
        m_lastLiveX = 0;
        m_layoutGraph->data()->clear();
        m_tiledGraph->data()->clear();
        for (auto* marker : m_changeMarkers)
            m_livePlot->removeItem(marker);
        m_changeMarkers.clear();
        m_livePlot->xAxis->setRange(0, kLiveWindowSeconds);
        scheduleReplot();
    }
    m_runner->setLive(live);
}

void BandwidthPanel::setBackendChoice(const QString& choice) {
    const int index = m_backend->findData(choice);
    if (index >= 0)
        m_backend->setCurrentIndex(index); // the combo's signal tells the runner
}

void BandwidthPanel::setWorkingSetMiB(int mib) { m_workingSet->setValue(mib); }
void BandwidthPanel::setRepetitions(int repetitions) { m_repetitions->setValue(repetitions); }

void BandwidthPanel::measureOnce() {
    if (!m_layout) {
        onFailed(tr("No tensor to measure: run a script or build a tensor first."));
        return;
    }
    m_runner->measureOnce();
}

void BandwidthPanel::measureTransfers() { m_runner->measureTransfers(); }

// ---- results ------------------------------------------------------------------------------------

void BandwidthPanel::onBackendChanged(const BackendStatus& status) {
    m_status = status;
    QString text;
    if (status.available) {
        text = tr("Measuring on %1: %2").arg(status.backend.toUpper(), status.device);
        if (status.peakGBps)
            text += tr(" (theoretical peak %1 GB/s)").arg(*status.peakGBps, 0, 'f', 1);
    } else {
        text = tr("%1 backend unavailable").arg(status.backend.toUpper());
    }
    if (!status.note.isEmpty())
        text += QStringLiteral(" — ") + status.note;
    m_statusLabel->setText(text);
    m_transfersButton->setEnabled(status.measuresTransfers);
    m_peakLine->setVisible(false);
    m_peakText->setVisible(false);
    updateTransferNote();
    scheduleReplot();
}

void BandwidthPanel::onRound(const BandwidthRound& round) {
    m_error.clear();
    m_errorLabel->setVisible(false);
    m_rounds.push_back(round);
    if (m_rounds.size() > kMaxRounds)
        m_rounds.remove(0, m_rounds.size() - kMaxRounds);

    const double layoutGbps = round.gbps(gpu::CopyKernel::ReadThroughLayout);
    const double tiledGbps = round.gbps(gpu::CopyKernel::Tiled);
    // Time on the Live axis: seconds since Live was switched on (a round measured before Live
    // ever was starts the clock).
    if (!m_liveClock.isValid())
        m_liveClock.start();
    const double x = double(m_liveClock.nsecsElapsed()) / 1e9;
    m_lastLiveX = x;
    if (std::isfinite(layoutGbps))
        m_layoutGraph->addData(x, layoutGbps);
    if (std::isfinite(tiledGbps))
        m_tiledGraph->addData(x, tiledGbps);
    // Scroll: keep the last window of points and show it.
    const double from = x - kLiveWindowSeconds;
    m_layoutGraph->data()->removeBefore(from);
    m_tiledGraph->data()->removeBefore(from);
    m_livePlot->xAxis->setRange(std::max(0.0, from), std::max(kLiveWindowSeconds, x));
    while (!m_changeMarkers.isEmpty() && m_changeMarkers.front()->point1->coords().x() < from)
        m_livePlot->removeItem(m_changeMarkers.takeFirst());
    updateReferenceLines(round);
    updateKernelBars(round);
    updateStory(round);

    QString model;
    if (std::isfinite(round.sectorsPerRequest))
        model = tr("GPU model: %1 sectors per warp request (ideal %2, efficiency %3%). ")
                    .arg(round.sectorsPerRequest, 0, 'f', 2)
                    .arg(round.idealSectorsPerRequest, 0, 'f', 2)
                    .arg(100.0 * round.coalescingEfficiency, 0, 'f', 1);
    if (std::isfinite(round.cpuLinesPerElement))
        model += tr("CPU model: %1 cache lines per element (ideal %2).")
                     .arg(round.cpuLinesPerElement, 0, 'f', 3)
                     .arg(round.cpuIdealLinesPerElement, 0, 'f', 3);
    m_layoutLabel->setText(
        tr("Tensor %1: shape %2, stride %3, offset %4 — measured as shape %5, stride %6, offset "
           "%7 (%8 read, %9 storage), %10 runs on %11.\n%12")
            .arg(round.view.label.isEmpty() ? tr("(unnamed)") : round.view.label,
                 listText(round.view.layout.sizes), listText(round.view.layout.strides))
            .arg(round.view.layout.storageOffset)
            .arg(listText(round.scaled.sizes), listText(round.scaled.strides))
            .arg(round.scaled.storageOffset)
            .arg(mibText(round.workingSetBytes), mibText(round.storageBytes))
            .arg(round.repetitions)
            .arg(round.device, model));
    updateScrollMinimum();
    scheduleReplot();
    emit roundShown(round);
}

void BandwidthPanel::updateReferenceLines(const BandwidthRound& round) {
    double top = 0;
    for (const auto& point : *m_layoutGraph->data())
        top = std::max(top, point.value);
    for (const auto& point : *m_tiledGraph->data())
        top = std::max(top, point.value);
    auto place = [](QCPItemStraightLine* line, QCPItemText* text, double value, const QString& label) {
        line->point1->setCoords(0, value);
        line->point2->setCoords(1, value);
        text->position->setCoords(0.99, value);
        text->setText(label);
        line->setVisible(true);
        text->setVisible(true);
    };
    const double limit = limitGbps();
    if (std::isfinite(limit)) {
        place(m_baselineLine, m_baselineText, limit, tr("limit %1 GB/s").arg(limit, 0, 'f', 1));
        top = std::max(top, limit);
    }
    if (round.peakGBps) {
        place(m_peakLine, m_peakText, *round.peakGBps,
              tr("theoretical peak %1 GB/s").arg(*round.peakGBps, 0, 'f', 0));
        top = std::max(top, *round.peakGBps);
    } else {
        m_peakLine->setVisible(false);
        m_peakText->setVisible(false);
    }
    // Headroom above the highest line for its label.
    m_livePlot->yAxis->setRange(0, top > 0 ? top * 1.2 : 1.0);
}

double BandwidthPanel::limitGbps() const {
    if (m_rounds.isEmpty())
        return std::nan("");
    // The rounds of the last round's layout and backend, newest first, at most kLimitRounds.
    const auto& last = m_rounds.last();
    QVector<double> values;
    for (auto it = m_rounds.crbegin(); it != m_rounds.crend() && values.size() < kLimitRounds; ++it) {
        if (!(it->view == last.view) || it->backend != last.backend ||
            it->workingSetBytes != last.workingSetBytes)
            break;
        const double v = it->gbps(gpu::CopyKernel::Baseline);
        if (std::isfinite(v))
            values << v;
    }
    return median(values);
}

QString BandwidthPanel::storyText() const { return m_storyLabel->text(); }

void BandwidthPanel::updateKernelBars(const BandwidthRound& round) {
    for (auto* label : m_barLabels)
        m_kernelPlot->removeItem(label);
    m_barLabels.clear();
    const double limit = limitGbps();
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> bestTicks, bests;
    double top = 0;
    int tick = 0;
    auto addBar = [&](int index, const QString& name, double median, double best) {
        ++tick;
        ticker->addTick(tick, name);
        m_kernelBars[index]->setData(QVector<double>{double(tick)}, QVector<double>{median}, true);
        if (std::isfinite(best)) {
            bestTicks << tick;
            bests << best;
        }
        top = std::max({top, median, std::isfinite(best) ? best : 0.0});
        // The figures on the bar: GB/s and the fraction of the limit.
        auto* label = new QCPItemText(m_kernelPlot);
        label->position->setType(QCPItemPosition::ptPlotCoords);
        // Above the bar and its best-run mark, so that the mark never covers the figures.
        label->position->setCoords(tick, std::max(median, std::isfinite(best) ? best : median));
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        label->setPadding(QMargins(2, 2, 2, 10));
        QString text = tr("%1 GB/s").arg(median, 0, 'f', median < 10 ? 2 : 1);
        if (index < 2 && std::isfinite(limit) && limit > 0)
            text += QLatin1Char('\n') + tr("%1× limit").arg(median / limit, 0, 'f', 2);
        label->setText(text);
        label->setFont(m_kernelPlot->xAxis->tickLabelFont());
        label->setColor(palette().color(QPalette::Text));
        m_barLabels << label;
    };
    for (auto* bars : m_kernelBars)
        bars->data()->clear();
    if (const auto* naive = round.find(gpu::CopyKernel::ReadThroughLayout))
        addBar(0, kernelBarLabel(naive->kernel), naive->gbpsMedian, naive->gbpsBest);
    if (const auto* tiled = round.find(gpu::CopyKernel::Tiled))
        addBar(1, kernelBarLabel(tiled->kernel), tiled->gbpsMedian, tiled->gbpsBest);
    if (std::isfinite(limit))
        addBar(2, kernelBarLabel(gpu::CopyKernel::Baseline), limit, std::nan(""));
    if (round.peakGBps)
        addBar(3, tr("theoretical peak"), *round.peakGBps, std::nan(""));
    m_kernelPlot->xAxis->setTicker(ticker);
    m_kernelPlot->xAxis->setRange(0.4, tick + 0.6);
    m_kernelBest->setData(bestTicks, bests, true);
    // Headroom for the two lines of figures over the highest bar.
    m_kernelPlot->yAxis->setRange(0, top > 0 ? top * 1.3 : 1.0);
}

// What the layout costs and what a good kernel recovers, in words, against the one limit.
void BandwidthPanel::updateStory(const BandwidthRound& round) {
    const double limit = limitGbps();
    const double naive = round.gbps(gpu::CopyKernel::ReadThroughLayout);
    const double tiled = round.gbps(gpu::CopyKernel::Tiled);
    if (!std::isfinite(limit) || limit <= 0 || !std::isfinite(naive)) {
        m_storyLabel->clear();
        return;
    }
    int counted = 0;
    for (auto it = m_rounds.crbegin(); it != m_rounds.crend() && counted < kLimitRounds; ++it, ++counted)
        if (!(it->view == round.view) || it->backend != round.backend ||
            it->workingSetBytes != round.workingSetBytes)
            break;
    const QString roundsText = counted == 1 ? tr("one round") : tr("median of %1 rounds").arg(counted);
    QString text = tr("Limit %1 GB/s: our contiguous copy of the same %2 on the same %3 (%4). ")
                       .arg(limit, 0, 'f', 1)
                       .arg(mibText(round.workingSetBytes),
                            round.backend == QLatin1String("cuda") ? tr("GPU") : tr("threads"), roundsText);
    if (!std::isfinite(tiled)) {
        text += tr("This layout reads memory in order: the naive copy runs at %1× the limit.")
                    .arg(naive / limit, 0, 'f', 2);
    } else {
        text += tr("The layout costs: the naive copy runs at %1× the limit; the tiled kernel recovers %2× "
                   "(%3× the naive copy).")
                    .arg(naive / limit, 0, 'f', 2)
                    .arg(tiled / limit, 0, 'f', 2)
                    .arg(naive > 0 ? tiled / naive : 0.0, 0, 'f', 1);
    }
    m_storyLabel->setText(text);
}

void BandwidthPanel::onTransfers(const TransferSweep& sweep) {
    m_transfers = sweep;
    for (auto* graph : m_transferGraphs)
        graph->data()->clear();
    double top = 0;
    for (const auto& p : sweep.points) {
        const int index = (p.hostToDevice ? 0 : 2) + (p.pinned ? 1 : 0);
        m_transferGraphs[index]->addData(double(p.bytes), p.gbpsMedian);
        top = std::max(top, p.gbpsMedian);
    }
    m_transferPlot->yAxis->setRange(0, top > 0 ? top * 1.12 : 1.0);
    updateTransferNote();
    if (!sweep.points.isEmpty())
        m_tabs->setCurrentWidget(m_transferPlot);
    scheduleReplot();
}

void BandwidthPanel::setSessionTransfers(const std::vector<TransferRecord>& transfers) {
    m_sessionGraph->data()->clear();
    std::int64_t bytes = 0;
    int measured = 0;
    double top = m_transferPlot->yAxis->range().upper;
    for (const TransferRecord& t : transfers) {
        bytes += t.bytes;
        if (!t.measured)
            continue;
        ++measured;
        m_sessionGraph->addData(double(t.bytes), t.gbps);
        top = std::max(top, t.gbps * 1.12);
    }
    m_transferPlot->yAxis->setRange(0, top);
    QString text;
    if (!transfers.empty()) {
        text = tr("this session's copies: %n, %1 MiB", nullptr, int(transfers.size()))
                   .arg(double(bytes) / (1 << 20), 0, 'f', 2);
        if (measured < int(transfers.size()))
            text += QStringLiteral("\n") + (cudaSimulated()
                                                ? tr("not measured: cuda:0 is simulated (no CUDA device)")
                                                : tr("%n measured", nullptr, measured));
    }
    m_sessionText->setText(text);
    m_sessionText->setVisible(!text.isEmpty());
    scheduleReplot();
}

QString BandwidthPanel::sessionTransfersText() const {
    return m_sessionText->visible() ? m_sessionText->text() : QString();
}

void BandwidthPanel::updateTransferNote() {
    const bool empty = m_transfers.points.isEmpty();
    if (!m_status.measuresTransfers)
        m_transferNote->setText(
            tr("Host↔device copies need a CUDA device; measuring on %1.")
                .arg(m_status.backend.isEmpty() ? tr("the CPU") : m_status.backend.toUpper()));
    else
        m_transferNote->setText(tr("Press Host↔device to measure pageable and pinned copies."));
    m_transferNote->setVisible(empty);
}

void BandwidthPanel::onFailed(const QString& message) {
    m_error = message;
    m_errorLabel->setText(tr("Measurement failed: %1").arg(message));
    m_errorLabel->setVisible(true);
}

void BandwidthPanel::onBusy(bool busy) {
    m_busy = busy;
    m_onceButton->setEnabled(!busy);
}

void BandwidthPanel::scheduleReplot() {
    if (m_replotTimer && !m_replotTimer->isActive())
        m_replotTimer->start();
}

void BandwidthPanel::replotNow() {
    m_livePlot->replot(QCustomPlot::rpQueuedReplot);
    m_kernelPlot->replot(QCustomPlot::rpQueuedReplot);
    m_transferPlot->replot(QCustomPlot::rpQueuedReplot);
}

// ---- export ---------------------------------------------------------------------------------------

bool BandwidthPanel::exportPlot(const QString& path, QString* error) {
    auto* plot = qobject_cast<QCustomPlot*>(m_tabs->currentWidget());
    if (!plot)
        plot = m_livePlot;
    plot->replot(QCustomPlot::rpImmediateRefresh);
    const QString suffix = QFileInfo(path).suffix().toLower();
    // Exports at least 800 x 500 so that a small dock still gives a readable figure.
    const int width = std::max(800, plot->width());
    const int height = std::max(500, plot->height());
    bool ok = false;
    if (suffix == QLatin1String("png"))
        ok = plot->savePng(path, width, height, 2.0);
    else if (suffix == QLatin1String("pdf"))
        ok = plot->savePdf(path, width, height);
    else {
        if (error)
            *error = tr("unknown plot format '.%1' (use .png or .pdf)").arg(suffix);
        return false;
    }
    if (!ok && error)
        *error = tr("cannot write '%1'").arg(path);
    return ok;
}

bool BandwidthPanel::exportCsv(const QString& path, QString* error) const {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) {
        if (error)
            *error = tr("cannot write '%1': %2").arg(path, file.errorString());
        return false;
    }
    QTextStream out(&file);
    out << "kind,sequence,seconds,backend,device,case,view_shape,view_stride,element_size,shape,stride,"
           "storage_offset,bytes_moved,gbps_median,gbps_best,ms_median\n";
    for (const auto& r : m_rounds) {
        for (const auto& c : r.cases) {
            out << "layout," << r.sequence << ',' << QString::number(r.seconds, 'f', 3) << ','
                << csvField(r.backend) << ',' << csvField(r.device) << ','
                << QString::fromStdString(gpu::caseName(c.kernel)) << ','
                << csvField(listText(r.view.layout.sizes)) << ',' << csvField(listText(r.view.layout.strides))
                << ',' << r.view.elementSize << ',' << csvField(listText(r.scaled.sizes)) << ','
                << csvField(listText(r.scaled.strides)) << ',' << r.scaled.storageOffset << ','
                << c.bytesMoved << ',' << QString::number(c.gbpsMedian, 'g', 8) << ','
                << QString::number(c.gbpsBest, 'g', 8) << ',' << QString::number(c.msMedian, 'g', 8) << '\n';
        }
        if (r.peakGBps)
            out << "peak," << r.sequence << ',' << QString::number(r.seconds, 'f', 3) << ','
                << csvField(r.backend) << ',' << csvField(r.device) << ",theoretical_peak,,,,,,,,"
                << QString::number(*r.peakGBps, 'g', 8) << ',' << QString::number(*r.peakGBps, 'g', 8)
                << ",\n";
    }
    for (const auto& p : m_transfers.points)
        out << "transfer,,," << csvField(m_transfers.backend) << ',' << csvField(m_transfers.device) << ','
            << p.name() << ",,,1,[" << p.bytes << "],[1],0," << p.bytes << ','
            << QString::number(p.gbpsMedian, 'g', 8) << ',' << QString::number(p.gbpsBest, 'g', 8) << ','
            << QString::number(p.msMedian, 'g', 8) << '\n';
    out.flush();
    if (!file.commit()) {
        if (error)
            *error = tr("cannot write '%1': %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void BandwidthPanel::exportPlotInteractive() {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export plot"), QStringLiteral("bandwidth.png"),
                                     tr("PNG image (*.png);;PDF document (*.pdf)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportPlot(path, &error))
        onFailed(error);
}

void BandwidthPanel::exportCsvInteractive() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export data"),
                                                      QStringLiteral("bandwidth.csv"), tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportCsv(path, &error))
        onFailed(error);
}

} // namespace stridescope::app
