#include "app/commands/BenchCommand.h"
#include "app/commands/CommandLine.h"
#include "app/commands/CommandText.h"
#include "app/commands/DeviceSetup.h"

#include "core/CoalescingModel.h"
#include "core/DType.h"
#include "core/script/Interpreter.h"
#include "core/script/Session.h"
#include "gpu/BackendFactory.h"
#include "gpu/BandwidthMethod.h"
#include "gpu/CpuBackend.h"
#include "gpu/WorkingSet.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>

namespace stridescope::app {

namespace {

constexpr const char* kSynopsis =
    "stridescope bench [--backend auto|cpu|cuda] [--mib N] [--repeat N] [--json] [--transfers] FILE|-";
constexpr const char* kDescription =
    "Runs a StrideScope script and measures reading its last tensor through its layout: the layout\n"
    "is scaled into a working set (keeping its dim order, gaps and broadcast dims), then the\n"
    "read-through-layout copy (naive: what .contiguous() does), a tiled copy for permutations and\n"
    "the limit, our contiguous copy of the same bytes on the same threads, are each timed (one\n"
    "warm-up run dropped, then N runs; median and best); ratios are against the limit. memcpy is a\n"
    "labelled reference row (one thread on the CPU, cudaMemcpy on a GPU).";
constexpr const char* kEpilogue =
    "Exit status: 0 when measured, 1 when the script or the measurement failed, 2 for bad arguments\n"
    "or an unreadable file.\n";

constexpr int kDefaultRepeat = 10;
constexpr int kMaxRepeat = 100000;

// The shortest text that reads back as the same double; JSON has no NaN or infinity.
std::string jsonNumber(double value) {
    if (!std::isfinite(value))
        return "null";
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

std::string fixed(double value, int decimals) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(decimals) << value;
    return out.str();
}

std::string listText(const Shape& values) {
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i)
        out += (i ? ", " : "") + std::to_string(values[i]);
    return out + "]";
}

std::string mibText(std::int64_t bytes) {
    return fixed(static_cast<double>(bytes) / double(gpu::kMiB), 1) + " MiB";
}

struct Options {
    gpu::BackendChoice backend = gpu::BackendChoice::Auto;
    std::optional<double> mib;
    int repeat = kDefaultRepeat;
    bool json = false;
    bool transfers = false;
    std::string file;
};

// Parses a whole argument as a number; nothing when it is not one.
std::optional<double> parseNumber(const std::string& text) {
    if (text.empty())
        return std::nullopt;
    char* end = nullptr;
    errno = 0;
    const double value = std::strtod(text.c_str(), &end);
    if (errno != 0 || end != text.c_str() + text.size())
        return std::nullopt;
    return value;
}

std::optional<long long> parseInteger(const std::string& text) {
    long long value = 0;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    if (result.ec != std::errc() || result.ptr != text.data() + text.size())
        return std::nullopt;
    return value;
}

// Returns the exit status when the command is done (--help, --version, a usage error), nothing
// when the options are fine.
std::optional<int> parseOptions(const std::vector<std::string>& args, Options& options, std::ostream& out,
                                std::ostream& err) {
    CommandLine cli("stridescope bench", kSynopsis, kDescription);
    const QCommandLineOption backendOption = cli.addValueOption(
        QStringLiteral("backend"), QStringLiteral("B"),
        QStringLiteral("auto (default: CUDA when a device is usable, else the CPU), cpu or cuda."));
    const QCommandLineOption mibOption = cli.addValueOption(
        QStringLiteral("mib"), QStringLiteral("N"),
        QStringLiteral("Working set in MiB read through the layout (default 256 on a GPU, 64 on the CPU)."));
    const QCommandLineOption repeatOption = cli.addValueOption(
        QStringLiteral("repeat"), QStringLiteral("N"), QStringLiteral("Timed runs per case (default 10)."));
    const QCommandLineOption jsonOption =
        cli.addFlag(QStringLiteral("json"), QStringLiteral("One JSON line per case instead of a table."));
    const QCommandLineOption transfersOption =
        cli.addFlag(QStringLiteral("transfers"),
                    QStringLiteral("Also measure host<->device copies, pageable and pinned (CUDA only)."));
    cli.addPositional(QStringLiteral("FILE|-"),
                      QStringLiteral("The script ('-' reads standard input); torch is imported already."));
    cli.setEpilogue(kEpilogue);
    if (const auto status = cli.parse(args, out, err))
        return status;

    options.json = cli.isSet(jsonOption);
    options.transfers = cli.isSet(transfersOption);
    if (cli.isSet(backendOption)) {
        const std::string name = cli.value(backendOption);
        const auto choice = gpu::backendChoiceFromName(name);
        if (!choice)
            return cli.usageError(err, "unknown backend '" + name + "' (auto, cpu or cuda)");
        options.backend = *choice;
    }
    if (cli.isSet(mibOption)) {
        const std::string text = cli.value(mibOption);
        const auto mib = parseNumber(text);
        if (!mib || !std::isfinite(*mib) || *mib <= 0)
            return cli.usageError(err,
                                  "--mib " + text + ": the working set must be a positive number of MiB");
        const double bytes = *mib * double(gpu::kMiB);
        const auto ram = gpu::physicalMemoryBytes();
        if (bytes > 9.0e18 || (ram > 0 && bytes > double(ram)))
            return cli.usageError(err,
                                  "--mib " + text + ": more than this machine's RAM (" + mibText(ram) + ")");
        if (bytes < 2 * 8)
            return cli.usageError(err, "--mib " + text + ": the working set must hold at least two elements");
        options.mib = *mib;
    }
    if (cli.isSet(repeatOption)) {
        const std::string text = cli.value(repeatOption);
        const auto repeat = parseInteger(text);
        if (!repeat || *repeat < 1 || *repeat > kMaxRepeat)
            return cli.usageError(err, "--repeat " + text + ": must be a whole number from 1 to " +
                                           std::to_string(kMaxRepeat));
        options.repeat = static_cast<int>(*repeat);
    }

    const std::vector<std::string> files = cli.positional();
    if (files.size() > 1)
        return cli.usageError(err, "one script at a time (got '" + files[0] + "' and '" + files[1] + "')");
    if (files.empty()) {
        // As `eval` does: reading standard input silently would look like a hang.
        return cli.usageError(err, "no script given (a FILE, or - for standard input)");
    }
    options.file = files.front();
    return std::nullopt;
}

// ---- output -----------------------------------------------------------------------------------

struct Report {
    gpu::BackendInfo info;
    Tensor view;
    gpu::ScaledLayout workingSet;
    std::ostream& out;
    bool json;
};

std::string commonFields(const Report& r, const std::string& caseName, const Layout& layout, int elementSize,
                         const std::string& dtype) {
    return "{\"backend\":" + jsonString(r.info.backend) + ",\"case\":" + jsonString(caseName) +
           ",\"shape\":" + jsonIntList(layout.sizes) + ",\"stride\":" + jsonIntList(layout.strides) +
           ",\"storage_offset\":" + std::to_string(layout.storageOffset) + ",\"dtype\":" + jsonString(dtype) +
           ",\"element_size\":" + std::to_string(elementSize);
}

void printCaseJson(const Report& r, const gpu::CaseResult& c, const std::string& extra) {
    r.out << commonFields(r, c.name(), c.layout, c.elementSize, dtypeShortName(r.view.dtype()))
          << ",\"bytes_moved\":" << c.bytesMoved << ",\"repetitions\":" << c.seconds.size()
          << ",\"gbps_median\":" << jsonNumber(c.gbpsMedian) << ",\"gbps_best\":" << jsonNumber(c.gbpsBest)
          << ",\"ms_median\":" << jsonNumber(c.msMedian) << ",\"ms_best\":" << jsonNumber(c.msBest)
          << ",\"view_shape\":" << jsonIntList(r.view.sizes())
          << ",\"view_stride\":" << jsonIntList(r.view.strides())
          << ",\"device\":" << jsonString(r.info.device) << extra << "}\n";
}

std::string modelFields(const gpu::LayoutMeasurement& m) {
    std::string fields;
    if (m.gpuModel)
        fields += ",\"sectors_per_request\":" + jsonNumber(m.gpuModel->sectorsPerRequest()) +
                  ",\"ideal_sectors_per_request\":" + jsonNumber(m.gpuModel->idealSectorsPerRequest()) +
                  ",\"coalescing_efficiency\":" + jsonNumber(m.gpuModel->efficiency());
    if (m.cpuModel)
        fields += ",\"cpu_lines_per_element\":" + jsonNumber(m.cpuModel->linesPerElement()) +
                  ",\"cpu_ideal_lines_per_element\":" + jsonNumber(m.cpuModel->idealLinesPerElement());
    return fields;
}

void printJson(const Report& r, const gpu::LayoutMeasurement& m) {
    // Each case also carries its ratio to the limit (baseline_copy of the same run) and, on the
    // CPU, the threads it ran on (memcpy: 1).
    const auto* limit = m.find(gpu::CopyKernel::Baseline);
    for (const auto& c : m.cases) {
        std::string extra;
        if (limit && limit->gbpsMedian > 0)
            extra += ",\"vs_limit\":" + jsonNumber(c.gbpsMedian / limit->gbpsMedian);
        if (m.backend.backend == "cpu")
            extra += ",\"threads\":" +
                     std::to_string(c.kernel == gpu::CopyKernel::Memcpy ? 1 : m.backend.parallelism);
        if (c.kernel == gpu::CopyKernel::ReadThroughLayout)
            extra += modelFields(m);
        printCaseJson(r, c, extra);
    }
    if (m.backend.theoreticalPeakGBps && !m.cases.empty()) {
        const double peak = *m.backend.theoreticalPeakGBps;
        const auto bytes = m.cases.front().bytesMoved;
        const double ms = peak > 0 ? double(bytes) / (peak * 1e9) * 1e3 : 0.0;
        const auto& d = *m.backend.cudaDevice;
        r.out << commonFields(r, "theoretical_peak", m.workingSet.layout, m.workingSet.elementSize,
                              dtypeShortName(r.view.dtype()))
              << ",\"bytes_moved\":" << bytes << ",\"repetitions\":0,\"gbps_median\":" << jsonNumber(peak)
              << ",\"gbps_best\":" << jsonNumber(peak) << ",\"ms_median\":" << jsonNumber(ms)
              << ",\"ms_best\":" << jsonNumber(ms) << ",\"view_shape\":" << jsonIntList(r.view.sizes())
              << ",\"view_stride\":" << jsonIntList(r.view.strides())
              << ",\"device\":" << jsonString(r.info.device) << ",\"sm_count\":" << d.smCount
              << ",\"memory_bus_width_bits\":" << d.memoryBusWidthBits
              << ",\"memory_clock_khz\":" << d.memoryClockKHz << ",\"l2_cache_bytes\":" << d.l2CacheBytes
              << "}\n";
    }
}

// What each row of the table is, in words.
std::string caseDescription(gpu::CopyKernel kernel, const gpu::BackendInfo& info) {
    const bool gpu = info.backend == "cuda";
    const std::string team =
        gpu ? "all SMs" : std::to_string(info.parallelism) + (info.parallelism == 1 ? " thread" : " threads");
    switch (kernel) {
    case gpu::CopyKernel::ReadThroughLayout:
        return "naive: the walk in the layout's order (what the layout costs)";
    case gpu::CopyKernel::Tiled:
        return "tiled: what a good kernel recovers";
    case gpu::CopyKernel::Baseline:
        return "the limit: contiguous copy of the same bytes, " + team;
    case gpu::CopyKernel::Memcpy:
        return gpu ? "cudaMemcpy device to device (reference)" : "std::memcpy on 1 thread (reference only)";
    }
    return {};
}

void printTable(const Report& r, const gpu::LayoutMeasurement& m) {
    const auto& ws = m.workingSet;
    r.out << "backend   " << r.info.backend << ": " << r.info.device << "\n";
    if (m.backend.cudaDevice) {
        const auto& d = *m.backend.cudaDevice;
        r.out << "device    " << d.smCount << " SMs, " << d.memoryBusWidthBits << "-bit bus at "
              << fixed(d.memoryClockKHz / 1e3, 0) << " MHz, L2 " << mibText(d.l2CacheBytes) << ", peak "
              << fixed(d.theoreticalPeakGBps(), 1) << " GB/s\n";
    }
    r.out << "tensor    shape " << listText(r.view.sizes()) << " stride " << listText(r.view.strides())
          << " offset " << r.view.storageOffset() << " " << dtypeShortName(r.view.dtype()) << "\n";
    r.out << "measured  shape " << listText(ws.layout.sizes) << " stride " << listText(ws.layout.strides)
          << " offset " << ws.layout.storageOffset << " (" << mibText(ws.logicalBytes()) << " read, storage "
          << mibText(ws.storageBytes()) << ")\n";
    // The cache a working set must dwarf: the GPU's L2, or on the CPU the share of the reported
    // last-level cache that CpuBackend counts on (streamingThresholdBytes: at most 32 MiB, since a
    // virtual machine often reports the host's whole shared L3, 480 MiB on the development VM).
    const bool onCpu = m.backend.backend == "cpu";
    const std::int64_t cache =
        onCpu ? std::min<std::int64_t>(m.backend.lastLevelCacheBytes > 0 ? m.backend.lastLevelCacheBytes
                                                                         : gpu::streamingThresholdBytes(),
                                       gpu::streamingThresholdBytes())
              : m.backend.lastLevelCacheBytes;
    if (cache > 0) {
        // What a copy streams through the cache: its source and its destination.
        const double ratio = double(ws.storageBytes() + ws.logicalBytes()) / double(cache);
        r.out << "          source + destination = " << fixed(ratio, 1) << "x the last-level cache ("
              << mibText(cache)
              << (onCpu && m.backend.lastLevelCacheBytes > cache
                      ? " counted of the " + mibText(m.backend.lastLevelCacheBytes) + " reported"
                      : std::string())
              << ")"
              << (ratio < 1.0   ? ": it fits, so this measures the cache, not memory (raise --mib)"
                  : ratio < 2.0 ? ": partly cache-resident (raise --mib)"
                                : "")
              << "\n";
    }
    r.out << "\n";
    // The reference is the limit for these bytes on this machine: our contiguous copy of the
    // same number of bytes on the same threads (CPU) or SMs (GPU), timed in the same run. memcpy
    // is a labelled row, not the reference: on the CPU it runs on one thread while our kernels
    // use them all, so ratios against it would flatter.
    const auto* limit = m.find(gpu::CopyKernel::Baseline);
    r.out << std::left << std::setw(22) << "case" << std::right << std::setw(13) << "GB/s median"
          << std::setw(11) << "GB/s best" << std::setw(12) << "ms median" << std::setw(10) << "vs limit"
          << "  what it is\n";
    for (const auto& c : m.cases) {
        r.out << std::left << std::setw(22) << c.name() << std::right << std::setw(13)
              << fixed(c.gbpsMedian, 2) << std::setw(11) << fixed(c.gbpsBest, 2) << std::setw(12)
              << fixed(c.msMedian, 3) << std::setw(10)
              << (limit && limit->gbpsMedian > 0 ? fixed(c.gbpsMedian / limit->gbpsMedian, 2) + "x" : "-")
              << "  " << caseDescription(c.kernel, m.backend) << "\n";
    }
    if (m.backend.theoreticalPeakGBps)
        r.out << std::left << std::setw(22) << "theoretical_peak" << std::right << std::setw(13)
              << fixed(*m.backend.theoreticalPeakGBps, 2) << "\n";
    r.out << "\n(GB/s = (bytes read + bytes written) / time, GB = 1e9; " << m.cases.front().seconds.size()
          << " timed runs per case after a warm-up run)\n";
    if (m.gpuModel)
        r.out << "model     GPU: " << fixed(m.gpuModel->sectorsPerRequest(), 2)
              << " sectors per warp request (ideal " << fixed(m.gpuModel->idealSectorsPerRequest(), 2)
              << ", efficiency " << fixed(100.0 * m.gpuModel->efficiency(), 1) << "%)\n";
    if (m.cpuModel)
        r.out << "          CPU: " << fixed(m.cpuModel->linesPerElement(), 4)
              << " 64-byte lines per element (ideal " << fixed(m.cpuModel->idealLinesPerElement(), 4)
              << ")\n";
}

void printTransfers(const Report& r, const std::vector<gpu::TransferResult>& results) {
    if (!r.json)
        r.out << "\n"
              << std::left << std::setw(16) << "transfer" << std::right << std::setw(14) << "bytes"
              << std::setw(13) << "GB/s median" << std::setw(11) << "GB/s best"
              << "\n";
    for (const auto& t : results) {
        const std::string name = gpu::transferName(t.direction, t.pinned);
        if (r.json) {
            r.out << "{\"backend\":" << jsonString(r.info.backend) << ",\"case\":" << jsonString(name)
                  << ",\"shape\":[" << t.bytes << "],\"stride\":[1],\"storage_offset\":0,\"dtype\":\"uint8\""
                  << ",\"element_size\":1,\"bytes_moved\":" << t.bytes << ",\"repetitions\":" << t.repetitions
                  << ",\"gbps_median\":" << jsonNumber(t.gbpsMedian)
                  << ",\"gbps_best\":" << jsonNumber(t.gbpsBest)
                  << ",\"ms_median\":" << jsonNumber(t.msMedian) << ",\"ms_best\":" << jsonNumber(t.msBest)
                  << ",\"device\":" << jsonString(r.info.device) << "}\n";
        } else {
            r.out << std::left << std::setw(16) << name << std::right << std::setw(14) << t.bytes
                  << std::setw(13) << fixed(t.gbpsMedian, 2) << std::setw(11) << fixed(t.gbpsBest, 2) << "\n";
        }
    }
}

} // namespace

int runBenchCommand(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
                    std::ostream& err) {
    Options options;
    if (const auto status = parseOptions(args, options, out, err))
        return *status;

    // ---- the script ----
    const auto script = loadScript("stridescope bench", options.file, in, err);
    if (!script)
        return 2;

    setUpDevices(true); // a real GPU is named as such, else cuda:0 is simulated
    script::Session session; // as `eval` does: snippets without `import torch` run
    std::optional<Tensor> last;
    const script::SessionResult ran =
        session.runScript(script->source, [&](const script::StatementOutcome& outcome) {
            printTraceback(err, script->label, outcome);
            for (const auto& result : outcome.results)
                if (result.tensor)
                    last = *result.tensor;
            return true;
        });
    if (!ran)
        return 1;
    if (!last) {
        err << "stridescope bench: the script produces no tensor; nothing to measure\n";
        return 1;
    }

    // ---- the backend ----
    auto selection = gpu::selectBackend(options.backend);
    gpu::BandwidthBackend& backend = *selection.backend;
    if (!backend.isAvailable()) {
        err << "stridescope bench: " << backend.name()
            << " backend unavailable: " << backend.unavailableReason() << "\n";
        return 1;
    }
    if (!selection.note.empty())
        err << "stridescope bench: " << selection.note << "\n";

    try {
        const bool onGpu = backend.name() == "cuda";
        const std::int64_t target =
            options.mib ? static_cast<std::int64_t>(std::llround(*options.mib * double(gpu::kMiB)))
                        : (onGpu ? gpu::kDefaultGpuWorkingSetBytes : gpu::kDefaultCpuWorkingSetBytes);
        const gpu::ScaledLayout workingSet =
            gpu::scaleToWorkingSet(last->layout(), last->elementSize(), target);
        gpu::MeasureOptions measure;
        measure.repetitions = options.repeat;
        const auto measurement = gpu::measureLayout(backend, workingSet, measure,
                                                    gpu::defaultKernels(backend, workingSet.layout), true);
        const Report report{measurement.backend, *last, workingSet, out, options.json};
        if (options.json)
            printJson(report, measurement);
        else
            printTable(report, measurement);
        if (options.transfers) {
            if (backend.measuresTransfers())
                printTransfers(report,
                               backend.measureTransfers(gpu::defaultTransferSizes(), options.repeat, {}));
            else
                err << "stridescope bench: --transfers: host-device copies need a CUDA device; none "
                       "measured\n";
        }
    } catch (const std::exception& e) {
        err << "stridescope bench: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

} // namespace stridescope::app
