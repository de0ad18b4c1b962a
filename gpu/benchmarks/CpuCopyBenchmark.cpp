// A benchmark, not a test (it asserts nothing and is not registered with CTest): the CPU
// backend's kernels on fixed layouts, each against the limit for its bytes, for scripts/bench-cpu,
// which runs PyTorch's copy_ on the same layouts next to it.
//
// Every case is timed with three kernels on the same prepared buffers: the naive walk in the
// layout's order (read_through_layout), the tiled transpose where the layout is one, and the
// limit: our two-thread contiguous copy of the same number of bytes (baseline_copy). One more
// row, memcpy on one thread, is kept for reference and labelled as such.
//
// Cases are interleaved (one run of each case and kernel per round, `--repeat` rounds after a
// warm-up round, each round starting a case's kernels one later than the last), so a machine
// whose load changes during the run slows every case alike; compare ratios within one run, never
// figures across runs. GB/s = (bytes read + bytes written) / time, GB = 1e9.
#include "gpu/BandwidthBackend.h"
#include "gpu/BandwidthMethod.h"
#include "gpu/CopyPlan.h"
#include "gpu/CpuBackend.h"
#include "gpu/CpuCopyKernels.h"

#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace stridescope;
using namespace stridescope::gpu;

namespace {

struct LayoutCase {
    std::string name;  // as scripts/bench-cpu prints it
    std::string dtype; // torch's name, for scripts/bench-cpu to rebuild the view
    int elementSize;
    Layout layout;
};

// The view base.permute(perm) of a contiguous tensor of shape `base`, `offset` elements into
// its storage.
Layout permuted(const Shape& base, const Shape& perm, std::int64_t offset = 0) {
    const Shape strides = contiguousStrides(base);
    Layout l;
    for (auto d : perm) {
        l.sizes.push_back(base[static_cast<std::size_t>(d)]);
        l.strides.push_back(strides[static_cast<std::size_t>(d)]);
    }
    l.storageOffset = offset;
    return l;
}

// 64 MiB destinations (48 MiB for the 3-channel image), each source + destination at least 4x
// the 32 MiB that CpuBackend treats as this machine's cache (see streamingThresholdBytes).
std::vector<LayoutCase> layoutCases() {
    return {
        {"contiguous in effect [4096,1,4096] (1,0,2), offset 16", "float32", 4,
         permuted({4096, 1, 4096}, {1, 0, 2}, 16)},
        {"2-D transpose 4096x4096 fp32", "float32", 4, permuted({4096, 4096}, {1, 0})},
        {"2-D transpose 4093x4099 fp32, offset 3", "float32", 4, permuted({4093, 4099}, {1, 0}, 3)},
        {"2-D transpose 8192x8192 int8", "int8", 1, permuted({8192, 8192}, {1, 0})},
        {"2-D transpose 4096x8192 fp16", "float16", 2, permuted({4096, 8192}, {1, 0})},
        // A batch of small images transposed, x.transpose(1, 2): output rows of 800 bytes, not
        // whole lines (whole-row tiles).
        {"batch of 100 800x800 int8 transposes", "int8", 1, permuted({100, 800, 800}, {0, 2, 1})},
        {"2-D transpose 2048x4096 fp64", "float64", 8, permuted({2048, 4096}, {1, 0})},
        {"2-D transpose 2048x2048 complex128", "complex128", 16, permuted({2048, 2048}, {1, 0})},
        // x[:, ::2].t() of a 4096 x 8192 tensor: a gap along the input's fastest dim (every
        // line of the source is read for half its bytes, so 1.5x a copy's memory traffic).
        {"2-D transpose of x[:, ::2], 4096x8192 fp32 (a gap)", "float32", 4,
         Layout{{4096, 4096}, {2, 8192}, 0}},
        {"3-D permute (2,0,1) 256^3 fp32", "float32", 4, permuted({256, 256, 256}, {2, 0, 1})},
        {"3-D permute (1,2,0) 256^3 fp32", "float32", 4, permuted({256, 256, 256}, {1, 2, 0})},
        {"4-D NCHW->NHWC 64x64x64x64 fp32", "float32", 4, permuted({64, 64, 64, 64}, {0, 2, 3, 1})},
        {"4-D NCHW->NHWC 64x3x256x256 fp32", "float32", 4, permuted({64, 3, 256, 256}, {0, 2, 3, 1})},
        {"4-D permute (0,2,1,3) 64^4 fp32", "float32", 4, permuted({64, 64, 64, 64}, {0, 2, 1, 3})},
        {"4-D permute (0,2,1,3) 64x64x512x8 fp32 (rows of 8)", "float32", 4,
         permuted({64, 64, 512, 8}, {0, 2, 1, 3})},
        {"5-D permute (4,2,0,3,1) 32x32x16x32x32 fp32", "float32", 4,
         permuted({32, 32, 16, 32, 32}, {4, 2, 0, 3, 1})},
        {"8-D reverse permute 8^8 fp32", "float32", 4,
         permuted({8, 8, 8, 8, 8, 8, 8, 8}, {7, 6, 5, 4, 3, 2, 1, 0})},
        // An RGBA image transposed (H, W, 4) -> (W, H, 4): rows of 4 bytes kept, which the CPU
        // backend moves as 4-byte elements.
        {"RGBA image 4096x4096 int8 (1,0,2): rows of 4 bytes", "int8", 1,
         permuted({4096, 4096, 4}, {1, 0, 2})},
        // An image's channels moved between last and first, as torchvision's ToTensor does with
        // permute(2, 0, 1), and back (48 MiB).
        {"HWC->CHW image 4096x4096x3 int8 (2,0,1)", "int8", 1, permuted({4096, 4096, 3}, {2, 0, 1})},
        {"CHW->HWC image 3x4096x4096 int8 (1,2,0)", "int8", 1, permuted({3, 4096, 4096}, {1, 2, 0})},
        // An RGB image transposed: rows of 3 bytes, moved as 3-byte pixels (48 MiB).
        {"RGB image 4096x4096 int8 (1,0,2): rows of 3 bytes", "int8", 1,
         permuted({4096, 4096, 3}, {1, 0, 2})},
    };
}

struct Timed {
    std::string name;
    std::string kernel;
    const LayoutCase* layoutCase; // null for the plain contiguous rows
    PreparedCopy* prepared;
    CopyKernel which;
    std::int64_t bytesMoved;
    std::vector<double> seconds;
};

void usage() {
    std::fprintf(
        stderr,
        "usage: stridescope_cpu_benchmark [--repeat N] [--threads N] [--stores auto|streaming|cached] "
        "[--clock wall|cpu] [--only TEXT] [--sse2-blocks] [--tile-shape auto|long-output|long-input] "
        "[--evict MIB] [--json]\n");
}

double processCpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

std::string shapeText(const Shape& s) {
    std::string out = "[";
    for (std::size_t i = 0; i < s.size(); ++i)
        out += (i ? "," : "") + std::to_string(s[i]);
    return out + "]";
}

} // namespace

int main(int argc, char** argv) {
    int repeat = 20;
    int threads = 0;
    bool json = false;
    CpuStores stores = CpuStores::Auto;
    // --clock cpu: each run's time is the CPU time the process spent in it divided by the
    // threads it used (1 for memcpy), instead of the wall clock. On a machine whose cores are
    // shared with other work, a run's wall time mostly says how often its threads lost their
    // core; CPU time (stalls on memory included: a stalled thread still holds its core) says
    // what the kernel costs when it has the cores. A proxy, labelled as such by scripts/bench-cpu.
    bool cpuClock = false;
    std::string only; // --only TEXT: the cases whose name contains TEXT (and the flat copy)
    // --evict MIB: before every timed run, a line of each 64 bytes of a buffer this large is
    // written (ordinary stores), so that no run finds its source or destination cached from the
    // run before. Without it, ordinary stores (--stores cached) are flattered: the lines a run
    // leaves in the last-level cache are hits for the next one.
    std::int64_t evictBytes = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--repeat" && i + 1 < argc)
            repeat = std::atoi(argv[++i]);
        else if (arg == "--threads" && i + 1 < argc)
            threads = std::atoi(argv[++i]);
        else if (arg == "--json")
            json = true;
        else if (arg == "--only" && i + 1 < argc)
            only = argv[++i];
        else if (arg == "--evict" && i + 1 < argc)
            evictBytes = std::int64_t(std::max(0, std::atoi(argv[++i]))) << 20;
        else if (arg == "--sse2-blocks") // the tiles through SSE2's register blocks, for comparison
            cpu::useWidestBlocks(false);
        else if (arg == "--tile-shape" && i + 1 < argc) { // the 2-8 byte tiles' shape, for comparison
            const std::string value = argv[++i];
            if (value == "long-output")
                cpu::useTileShape(cpu::TileShape::LongOutputPieces);
            else if (value == "long-input")
                cpu::useTileShape(cpu::TileShape::LongInputBursts);
            else if (value != "auto") {
                usage();
                return 2;
            }
        } else if (arg == "--clock" && i + 1 < argc) {
            const std::string value = argv[++i];
            if (value != "wall" && value != "cpu") {
                usage();
                return 2;
            }
            cpuClock = value == "cpu";
        } else if (arg == "--stores" && i + 1 < argc) {
            const std::string value = argv[++i];
            if (value == "streaming")
                stores = CpuStores::Streaming;
            else if (value == "cached")
                stores = CpuStores::Cached;
            else if (value != "auto") {
                usage();
                return 2;
            }
        } else {
            usage();
            return 2;
        }
    }
    if (repeat < 1) {
        usage();
        return 2;
    }

    CpuBackend backend(threads, stores);
    std::vector<std::unique_ptr<PreparedCopy>> prepared;
    std::vector<Timed> timed;

    // 64 MiB contiguous: memcpy on one thread (a labelled reference, not the limit) and our
    // copy on all threads.
    const Layout flat{{std::int64_t(16) << 20}, {1}, 0};
    prepared.push_back(backend.prepare(CopyProblem{flat, 4, flat.sizes[0]}));
    const std::int64_t flatBytes = 2 * flat.sizes[0] * 4;
    timed.push_back({"contiguous 64 MiB",
                     "memcpy_1_thread",
                     nullptr,
                     prepared.back().get(),
                     CopyKernel::Memcpy,
                     flatBytes,
                     {}});
    timed.push_back({"contiguous 64 MiB",
                     "baseline_copy",
                     nullptr,
                     prepared.back().get(),
                     CopyKernel::Baseline,
                     flatBytes,
                     {}});

    const auto cases = layoutCases();
    for (const auto& c : cases) {
        if (!only.empty() && c.name.find(only) == std::string::npos)
            continue;
        const std::int64_t numel = c.layout.numel();
        const std::int64_t storage = *requiredStorageElements(c.layout);
        prepared.push_back(backend.prepare(CopyProblem{c.layout, c.elementSize, storage}));
        const std::int64_t bytes = 2 * numel * c.elementSize;
        timed.push_back({c.name,
                         "read_through_layout",
                         &c,
                         prepared.back().get(),
                         CopyKernel::ReadThroughLayout,
                         bytes,
                         {}});
        if (backend.tiledApplies(c.layout))
            timed.push_back({c.name, "tiled", &c, prepared.back().get(), CopyKernel::Tiled, bytes, {}});
        timed.push_back(
            {c.name, "baseline_copy", &c, prepared.back().get(), CopyKernel::Baseline, bytes, {}});
    }

    const int teamSize = backend.threadCount();
    std::vector<unsigned char> evictBuffer(static_cast<std::size_t>(evictBytes), 1);
    auto timedRun = [&](Timed& t) {
        for (std::size_t line = 0; line < evictBuffer.size(); line += 64)
            evictBuffer[line] = static_cast<unsigned char>(evictBuffer[line] + 1);
        if (!cpuClock)
            return t.prepared->run(t.which);
        const double before = processCpuSeconds();
        t.prepared->run(t.which);
        return (processCpuSeconds() - before) / (t.which == CopyKernel::Memcpy ? 1 : teamSize);
    };
    for (auto& t : timed)
        timedRun(t); // warm-up round, dropped
    // Each round starts every case's kernels at the next one in turn: a run finds the memory as
    // the one before left it (lines of its output still cached, or queued on their way out), and
    // with a fixed order the limit would always follow the tiled kernel and the naive walk the
    // previous case. (In a fixed order the contiguous-in-effect walk, the very same copy as the
    // limit, measured 0.71x of it in two full runs and 0.91-0.96x when run alone.)
    for (int r = 0; r < repeat; ++r)
        for (std::size_t first = 0; first < timed.size();) {
            std::size_t last = first;
            while (last < timed.size() && timed[last].name == timed[first].name)
                ++last;
            const std::size_t count = last - first;
            for (std::size_t k = 0; k < count; ++k) {
                auto& t = timed[first + (k + std::size_t(r)) % count];
                t.seconds.push_back(timedRun(t));
            }
            first = last;
        }

    const auto info = backend.info();
    if (!json)
        std::printf("%-52s %-20s %12s %10s\n", "case", "kernel", "GB/s median", "GB/s best");
    for (auto& t : timed) {
        CaseResult r;
        r.bytesMoved = t.bytesMoved;
        r.seconds = t.seconds;
        summarize(r);
        const Layout& layout = t.layoutCase ? t.layoutCase->layout : flat;
        if (json)
            std::printf(
                "{\"backend\":\"cpu\",\"clock\":\"%s\",\"device\":\"%s\",\"threads\":%d,\"case\":\"%s\","
                "\"kernel\":\"%s\","
                "\"dtype\":\"%s\",\"element_size\":%d,\"shape\":%s,\"stride\":%s,\"storage_offset\":%lld,"
                "\"storage_elements\":%lld,\"bytes_moved\":%lld,\"repetitions\":%d,\"gbps_median\":%.4f,"
                "\"gbps_best\":%.4f,\"ms_median\":%.4f}\n",
                cpuClock ? "cpu" : "wall", info.device.c_str(), backend.threadCount(), t.name.c_str(),
                t.kernel.c_str(), t.layoutCase ? t.layoutCase->dtype.c_str() : "float32",
                t.layoutCase ? t.layoutCase->elementSize : 4, shapeText(layout.sizes).c_str(),
                shapeText(layout.strides).c_str(), static_cast<long long>(layout.storageOffset),
                static_cast<long long>(*requiredStorageElements(layout)),
                static_cast<long long>(t.bytesMoved), repeat, r.gbpsMedian, r.gbpsBest, r.msMedian);
        else
            std::printf("%-52s %-20s %12.2f %10.2f\n", t.name.c_str(), t.kernel.c_str(), r.gbpsMedian,
                        r.gbpsBest);
    }
    return 0;
}
