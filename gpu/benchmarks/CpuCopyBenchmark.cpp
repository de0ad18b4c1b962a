// A benchmark, not a test (it asserts nothing and is not registered with CTest): the CPU
// backend's kernels against std::memcpy on fixed layouts, for scripts/bench-cpu, which runs it
// next to PyTorch's .contiguous() on the same layouts.
//
// Cases are interleaved (one run of each case per round, `--repeat` rounds after a warm-up
// round), so a machine whose load changes during the run slows every case alike; the median
// and the best round are reported. GB/s = (bytes read + bytes written) / time, GB = 1e9.
#include "gpu/BandwidthBackend.h"
#include "gpu/BandwidthMethod.h"
#include "gpu/CopyPlan.h"
#include "gpu/CpuBackend.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace stridescope;
using namespace stridescope::gpu;

namespace {

struct Layoutcase {
    std::string name;  // as scripts/bench-cpu and its Python side name it
    Shape baseShape;   // a contiguous tensor of this shape ...
    Shape permutation; // ... permuted like this
};

// The view base.permute(perm): sizes and strides permuted.
Layout permuted(const Shape& base, const Shape& perm) {
    const Shape strides = contiguousStrides(base);
    Layout l;
    for (auto d : perm) {
        l.sizes.push_back(base[static_cast<std::size_t>(d)]);
        l.strides.push_back(strides[static_cast<std::size_t>(d)]);
    }
    return l;
}

struct Timed {
    std::string name;
    std::string kernel;
    Layout layout;
    PreparedCopy* prepared;
    CopyKernel which;
    std::int64_t bytesMoved;
    std::vector<double> seconds;
};

void usage() {
    std::fprintf(stderr, "usage: stridescope_cpu_benchmark [--repeat N] [--threads N] [--json]\n");
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
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--repeat" && i + 1 < argc)
            repeat = std::atoi(argv[++i]);
        else if (arg == "--threads" && i + 1 < argc)
            threads = std::atoi(argv[++i]);
        else if (arg == "--json")
            json = true;
        else if (arg == "--stores" && i + 1 < argc) {
            const std::string v = argv[++i];
            stores = v == "streaming" ? CpuStores::Streaming : v == "cached" ? CpuStores::Cached : CpuStores::Auto;
        }
        else {
            usage();
            return 2;
        }
    }
    if (repeat < 1) {
        usage();
        return 2;
    }

    // 64 MiB fp32 each (16 Mi elements), twice the 32 MiB L3 of the development machine;
    // NCHW with C = 3 is the common image case (50 MiB).
    const std::vector<Layoutcase> cases{
        {"2-D transpose 4096x4096 fp32", {4096, 4096}, {1, 0}},
        {"3-D permute (2,0,1) 256^3 fp32", {256, 256, 256}, {2, 0, 1}},
        {"3-D permute (1,2,0) 256^3 fp32", {256, 256, 256}, {1, 2, 0}},
        {"4-D NCHW->NHWC 64x64x64x64 fp32", {64, 64, 64, 64}, {0, 2, 3, 1}},
        {"4-D NCHW->NHWC 64x3x256x256 fp32", {64, 3, 256, 256}, {0, 2, 3, 1}},
    };

    CpuBackend backend(threads, stores);
    std::vector<std::unique_ptr<PreparedCopy>> prepared;
    std::vector<Timed> timed;

    // Copies of the same 64 MiB: std::memcpy on one thread against our baseline on all threads.
    const Layout flat{{std::int64_t(16) << 20}, {1}, 0};
    prepared.push_back(backend.prepare(CopyProblem{flat, 4, flat.sizes[0]}));
    const std::int64_t flatBytes = 2 * flat.sizes[0] * 4;
    timed.push_back(
        {"contiguous 64 MiB", "memcpy", flat, prepared.back().get(), CopyKernel::Memcpy, flatBytes, {}});
    timed.push_back({"contiguous 64 MiB",
                     "baseline_copy",
                     flat,
                     prepared.back().get(),
                     CopyKernel::Baseline,
                     flatBytes,
                     {}});
    for (const auto& c : cases) {
        const Layout layout = permuted(c.baseShape, c.permutation);
        std::int64_t numel = layout.numel();
        prepared.push_back(backend.prepare(CopyProblem{layout, 4, numel}));
        timed.push_back({c.name,
                         "read_through_layout",
                         layout,
                         prepared.back().get(),
                         CopyKernel::ReadThroughLayout,
                         2 * numel * 4,
                         {}});
        if (tiledApplies(layout))
            timed.push_back(
                {c.name, "tiled", layout, prepared.back().get(), CopyKernel::Tiled, 2 * numel * 4, {}});
    }

    for (auto& t : timed)
        t.prepared->run(t.which); // warm-up round, dropped
    for (int r = 0; r < repeat; ++r)
        for (auto& t : timed)
            t.seconds.push_back(t.prepared->run(t.which));

    const auto info = backend.info();
    if (!json)
        std::printf("%-36s %-20s %12s %10s\n", "case", "kernel", "GB/s median", "GB/s best");
    for (auto& t : timed) {
        CaseResult r;
        r.bytesMoved = t.bytesMoved;
        r.seconds = t.seconds;
        summarize(r);
        if (json)
            std::printf(
                "{\"backend\":\"cpu\",\"device\":\"%s\",\"threads\":%d,\"case\":\"%s\",\"kernel\":\"%s\","
                "\"shape\":%s,\"stride\":%s,\"bytes_moved\":%lld,\"repetitions\":%d,\"gbps_median\":%.4f,"
                "\"gbps_best\":%.4f,\"ms_median\":%.4f}\n",
                info.device.c_str(), backend.threadCount(), t.name.c_str(), t.kernel.c_str(),
                shapeText(t.layout.sizes).c_str(), shapeText(t.layout.strides).c_str(),
                static_cast<long long>(t.bytesMoved), repeat, r.gbpsMedian, r.gbpsBest, r.msMedian);
        else
            std::printf("%-36s %-20s %12.2f %10.2f\n", t.name.c_str(), t.kernel.c_str(), r.gbpsMedian,
                        r.gbpsBest);
    }
    return 0;
}
