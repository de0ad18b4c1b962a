#pragma once
// The value types the bandwidth worker sends to the GUI thread (queued signals copy them), and
// what the panel plots and exports. Plain data: no pointers into the worker's state.
#include "core/Layout.h"
#include "gpu/CopyKernel.h"

#include <QMetaType>
#include <QString>
#include <QVector>

#include <cmath>
#include <optional>

namespace stridescope::app {

// What to measure: the current tensor's layout and element size.
struct LayoutToMeasure {
    Layout layout;
    int elementSize = 4;
    QString label; // how the panel names it, e.g. "b" or "x.t()"

    bool operator==(const LayoutToMeasure&) const = default;
};

struct CaseSample {
    gpu::CopyKernel kernel = gpu::CopyKernel::ReadThroughLayout;
    double gbpsMedian = 0;
    double gbpsBest = 0;
    double msMedian = 0;
    qint64 bytesMoved = 0; // per run: read + written
};

// One measuring round: every kernel timed once on the current layout's working set.
struct BandwidthRound {
    quint64 sequence = 0;       // 1, 2, ... per runner
    double seconds = 0;         // when the round finished, seconds since the runner started
    QString backend;            // "cpu", "cuda"
    QString device;             // "AMD EPYC (2 threads)", "NVIDIA H200"
    LayoutToMeasure view;       // as asked
    Layout scaled;              // as measured
    qint64 workingSetBytes = 0; // bytes read through the layout per run
    qint64 storageBytes = 0;    // the scaled storage
    int repetitions = 0;
    QVector<CaseSample> cases;
    std::optional<double> peakGBps; // GPUs only
    // The coalescing model of the scaled layout (core/CoalescingModel.h); NaN when unknown.
    double sectorsPerRequest = std::nan("");
    double idealSectorsPerRequest = std::nan("");
    double coalescingEfficiency = std::nan("");
    double cpuLinesPerElement = std::nan("");
    double cpuIdealLinesPerElement = std::nan("");

    // The case of a kernel, null when it was not measured.
    const CaseSample* find(gpu::CopyKernel kernel) const {
        for (const auto& c : cases)
            if (c.kernel == kernel)
                return &c;
        return nullptr;
    }
    // The median GB/s of a kernel, NaN when it was not measured.
    double gbps(gpu::CopyKernel kernel) const {
        const CaseSample* c = find(kernel);
        return c ? c->gbpsMedian : std::nan("");
    }
};

struct TransferPoint {
    bool hostToDevice = true;
    bool pinned = false;
    qint64 bytes = 0;
    double gbpsMedian = 0;
    double gbpsBest = 0;
    double msMedian = 0;
    QString name() const {
        return QString::fromLatin1(hostToDevice ? "h2d" : "d2h") +
               QString::fromLatin1(pinned ? "_pinned" : "_pageable");
    }
};

struct TransferSweep {
    QString backend;
    QString device;
    QVector<TransferPoint> points;
};

// Which backend the runner uses and why.
struct BackendStatus {
    QString choice;  // "auto", "cpu", "cuda"
    QString backend; // the one in use: "cpu" or "cuda"
    QString device;
    bool available = false;
    QString note; // why auto fell back to the CPU, or why the chosen backend is unavailable
    std::optional<double> peakGBps;
    bool measuresTransfers = false;
};

} // namespace stridescope::app

Q_DECLARE_METATYPE(stridescope::app::LayoutToMeasure)
Q_DECLARE_METATYPE(stridescope::app::BandwidthRound)
Q_DECLARE_METATYPE(stridescope::app::TransferSweep)
Q_DECLARE_METATYPE(stridescope::app::BackendStatus)
