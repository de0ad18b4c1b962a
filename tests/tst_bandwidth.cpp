// The bandwidth backends and the method (gpu/): the kernels copy exactly the bytes core's
// contiguous() produces, for every dtype and many layouts (ranks 0-8, stride 0, offsets, steps,
// overlaps); the GPU index arithmetic against the plain formula; the scaling of a view into a
// working set keeps the dim order, the gaps and the stride-0 dims; the method's statistics.
// CUDA rows skip, saying why, where there is no device. Working sets here are tiny (KiBs).
#include "app/commands/BenchCommand.h"
#include "core/Analysis.h"
#include "core/ComplexOps.h"
#include "core/DType.h"
#include "core/DeviceMemory.h"
#include "core/Ops.h"
#include "gpu/BackendFactory.h"
#include "gpu/BandwidthMethod.h"
#include "gpu/CopyPlan.h"
#include "gpu/CpuBackend.h"
#include "gpu/CpuCopyKernels.h"
#include "gpu/CudaBackend.h"
#include "gpu/CudaDeviceInfo.h"
#include "gpu/CudaTileSteps.h"
#include "gpu/StridedIndexer.h"
#include "gpu/WorkingSet.h"
#include "stridescope_config.h"

#include "TestMain.h"
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <numeric>
#include <random>
#include <set>
#include <sstream>

using namespace stridescope;
using namespace stridescope::gpu;

namespace {

using MakeView = std::function<Tensor(DType)>;

Scalar N(std::int64_t v) { return Scalar::fromInt(v); }

// Distinct values in every dtype where the dtype can hold them (1-byte types wrap), so a wrong
// source element shows as a wrong byte. Complex elements get distinct real and imaginary parts
// (2k + 1, 2k + 2), so that a kernel moving only half of a 16-byte element, or swapping its
// halves, shows too.
Tensor base(DType dtype, const Shape& shape) {
    std::int64_t n = 1;
    for (auto s : shape)
        n *= s;
    if (isComplex(dtype)) {
        const DType part = dtype == DType::ComplexDouble ? DType::Float64 : DType::Float32;
        Shape pairs = shape;
        pairs.push_back(2);
        const Tensor flat = ops::to(ops::arange(N(1), N(2 * n + 1), N(1), DType::Int64), part);
        return ops::viewAsComplex(ops::view(flat, pairs));
    }
    const Tensor flat = ops::to(ops::arange(N(1), N(n + 1), N(1), DType::Int64), dtype);
    return ops::view(flat, shape);
}

// The storage's bytes as a backend's source buffer: each element encoded in its dtype.
void encode(const Scalar& value, DType dtype, unsigned char* out) {
    const Scalar v = castScalar(value, dtype);
    auto put = [out](auto typed) { std::memcpy(out, &typed, sizeof typed); };
    switch (dtype) {
    case DType::Bool:
    case DType::UInt8:
        put(static_cast<std::uint8_t>(v.intValue));
        break;
    case DType::Int8:
        put(static_cast<std::int8_t>(v.intValue));
        break;
    case DType::Int16:
        put(static_cast<std::int16_t>(v.intValue));
        break;
    case DType::Int32:
        put(static_cast<std::int32_t>(v.intValue));
        break;
    case DType::Int64:
        put(v.intValue);
        break;
    case DType::Float16:
        put(floatToHalfBits(static_cast<float>(v.floatValue)));
        break;
    case DType::BFloat16:
        put(floatToBFloat16Bits(static_cast<float>(v.floatValue)));
        break;
    case DType::Float32:
        put(static_cast<float>(v.floatValue));
        break;
    case DType::Float64:
        put(v.floatValue);
        break;
    case DType::ComplexFloat: { // the real part, then the imaginary part
        const float parts[2] = {static_cast<float>(v.floatValue), static_cast<float>(v.imagValue)};
        put(parts);
        break;
    }
    case DType::ComplexDouble: {
        const double parts[2] = {v.floatValue, v.imagValue};
        put(parts);
        break;
    }
    }
}

// The storage's length in elements of the view's dtype (a view_as_complex view counts its float
// storage's cells in pairs).
std::int64_t storageElements(const Tensor& t) { return t.storage()->nbytes() / itemSize(t.dtype()); }

std::vector<std::uint8_t> storageBytes(const Tensor& t) {
    const auto& storage = *t.storage();
    const int size = itemSize(t.dtype());
    const std::int64_t count = storageElements(t);
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(count * size));
    for (std::int64_t i = 0; i < count; ++i)
        encode(storage.load(t.dtype(), i), t.dtype(), bytes.data() + i * size);
    return bytes;
}

std::vector<std::uint8_t> contiguousBytes(const Tensor& t) {
    const Tensor c = ops::contiguous(t);
    const int size = itemSize(t.dtype());
    const auto values = c.values();
    std::vector<std::uint8_t> bytes(values.size() * static_cast<std::size_t>(size));
    for (std::size_t i = 0; i < values.size(); ++i)
        encode(values[i], t.dtype(), bytes.data() + i * static_cast<std::size_t>(size));
    return bytes;
}

// Every element size: 1, 2, 4, 8 and 16 bytes (complex128).
const std::vector<DType> kAllDTypes{DType::Bool,    DType::UInt8,        DType::Int8,
                                    DType::Int16,   DType::Int32,        DType::Int64,
                                    DType::Float16, DType::BFloat16,     DType::Float32,
                                    DType::Float64, DType::ComplexFloat, DType::ComplexDouble};

struct ViewCase {
    const char* name;
    MakeView make;
};

// Layouts covering what the kernels must get right. Each is built through core's ops, so the
// layouts are the ones PyTorch produces.
std::vector<ViewCase> viewCases() {
    return {
        {"rank 0 (select down to a scalar)", [](DType d) { return ops::select(base(d, {5}), 0, 3); }},
        {"rank 1 contiguous", [](DType d) { return base(d, {37}); }},
        {"rank 1 step 3 with offset",
         [](DType d) { return ops::slice(base(d, {40}), 0, 2, std::nullopt, 3); }},
        {"rank 1 expanded scalar (stride 0)",
         [](DType d) { return ops::expand(ops::view(base(d, {1}), {1}), {33}); }},
        {"rank 2 transpose",
         [](DType d) {
             return ops::t(base(d, {19, 23}));
         }},
        {"rank 2 transpose, tiles end mid-row",
         [](DType d) {
             return ops::t(base(d, {70, 130}));
         }},
        {"rank 2 narrow both dims (offset, gap)",
         [](DType d) {
             return ops::narrow(ops::narrow(base(d, {9, 12}), 0, 2, 5), 1, 3, 7);
         }},
        {"rank 2 broadcast row (stride 0 outer)",
         [](DType d) {
             return ops::expand(base(d, {1, 17}), {5, 17});
         }},
        {"rank 2 broadcast column (stride 0 inner)",
         [](DType d) {
             return ops::expand(base(d, {6, 1}), {6, 45});
         }},
        {"rank 2 transposed narrow (gap in the tile dim)",
         [](DType d) {
             return ops::t(ops::narrow(base(d, {40, 50}), 1, 5, 33));
         }},
        {"rank 2 diagonal as a view",
         [](DType d) {
             return ops::diagonal(base(d, {8, 8}), 1, 0, 1);
         }},
        {"rank 2 unfold (overlapping windows)", [](DType d) { return ops::unfold(base(d, {30}), 0, 7, 3); }},
        {"rank 2 as_strided with overlap",
         [](DType d) {
             return ops::asStrided(base(d, {64}), {6, 9}, {5, 2}, 3);
         }},
        {"rank 3 permute (2, 0, 1)",
         [](DType d) {
             return ops::permute(base(d, {5, 6, 7}), {2, 0, 1});
         }},
        {"rank 3 permute (1, 2, 0) with steps",
         [](DType d) {
             return ops::permute(ops::slice(base(d, {9, 8, 10}), 2, 1, std::nullopt, 2), {1, 2, 0});
         }},
        {"rank 4 NCHW to NHWC",
         [](DType d) {
             return ops::permute(base(d, {2, 3, 5, 7}), {0, 2, 3, 1});
         }},
        {"rank 4 NHWC view of channels_last",
         [](DType d) {
             return ops::permute(ops::contiguous(ops::permute(base(d, {2, 3, 4, 5}), {0, 2, 3, 1})),
                                 {0, 3, 1, 2});
         }},
        {"rank 4 expand middle dims",
         [](DType d) {
             return ops::expand(base(d, {3, 1, 1, 4}), {3, 2, 5, 4});
         }},
        {"rank 5 permute with a size-1 dim",
         [](DType d) {
             return ops::permute(base(d, {2, 1, 3, 4, 5}), {4, 1, 0, 3, 2});
         }},
        {"rank 6 permute and select",
         [](DType d) {
             return ops::select(ops::permute(base(d, {2, 3, 2, 3, 2, 3, 2}), {6, 5, 4, 3, 2, 1, 0}), 3, 1);
         }},
        {"rank 8 permute",
         [](DType d) {
             return ops::permute(base(d, {2, 2, 2, 2, 2, 2, 2, 3}), {7, 0, 6, 1, 5, 2, 4, 3});
         }},
        {"rank 8 narrowed and expanded",
         [](DType d) {
             const Tensor x = ops::narrow(base(d, {3, 2, 2, 1, 2, 2, 2, 4}), 7, 1, 2);
             return ops::expand(x, {3, 2, 2, 3, 2, 2, 2, 2});
         }},
        {"empty view",
         [](DType d) {
             return ops::narrow(base(d, {4, 5}), 1, 2, 0);
         }},
    };
}

void addKernelRows() {
    QTest::addColumn<MakeView>("make");
    QTest::addColumn<DType>("dtype");
    for (const auto& c : viewCases())
        for (auto dtype : kAllDTypes)
            QTest::addRow("%s, %s", c.name, dtypeShortName(dtype).c_str()) << c.make << dtype;
}

// Runs every applicable kernel of `backend` on the view and compares with contiguous().
void checkKernels(BandwidthBackend& backend, const Tensor& view) {
    const auto source = storageBytes(view);
    const auto expected = contiguousBytes(view);
    CopyProblem problem{view.layout(), view.elementSize(), storageElements(view)};
    auto prepared = backend.prepare(problem, source);
    std::vector<CopyKernel> kernels{CopyKernel::ReadThroughLayout};
    if (backend.tiledApplies(view.layout()))
        kernels.push_back(CopyKernel::Tiled);
    for (auto kernel : kernels) {
        // Fresh destination contents each time, so a kernel that writes nothing cannot pass on
        // the previous kernel's output.
        auto fresh = backend.prepare(problem, source);
        fresh->run(kernel);
        const auto got = fresh->destination();
        QVERIFY2(got == expected, qPrintable(QStringLiteral("%1 kernel differs from contiguous()")
                                                 .arg(QString::fromStdString(caseName(kernel)))));
    }
    if (view.numel() > 0) {
        // The baseline copies the first numel elements of the source buffer verbatim (past the
        // storage's end, for a broadcast, the buffer holds the backend's fill pattern).
        prepared->run(CopyKernel::Baseline);
        const auto baseline = prepared->destination();
        const auto common = static_cast<std::ptrdiff_t>(std::min(baseline.size(), source.size()));
        QVERIFY(std::equal(baseline.begin(), baseline.begin() + common, source.begin()));
    }
}

std::string reasonCudaIsUnavailable() {
    auto cuda = makeCudaBackend();
    return cuda->isAvailable() ? std::string() : cuda->unavailableReason();
}

QString describe(const Shape& s) {
    QStringList parts;
    for (auto v : s)
        parts << QString::number(v);
    return QLatin1Char('(') + parts.join(QStringLiteral(", ")) + QLatin1Char(')');
}

// Dims of size > 1 and non-zero stride, ordered by |stride| (ties: later dim first).
std::vector<std::int64_t> strideOrder(const Layout& l) {
    std::vector<std::int64_t> order;
    for (std::int64_t d = 0; d < l.dim(); ++d)
        if (l.sizes[d] > 1 && l.strides[d] != 0)
            order.push_back(d);
    std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) {
        const auto sa = std::llabs(l.strides[a]), sb = std::llabs(l.strides[b]);
        return sa != sb ? sa < sb : a > b;
    });
    return order;
}

} // namespace

Q_DECLARE_METATYPE(MakeView)
Q_DECLARE_METATYPE(stridescope::DType)
Q_DECLARE_METATYPE(stridescope::Layout)

class TestBandwidth : public QObject {
    Q_OBJECT

private slots:
    void cpuKernelsEqualContiguous_data() { addKernelRows(); }
    void cpuKernelsEqualContiguous();
    void cpuKernelsWithAnyThreadCount_data();
    void cpuKernelsWithAnyThreadCount();
    void largeCopiesTakeEveryStorePath_data();
    void largeCopiesTakeEveryStorePath();
    void cudaTileStepsEmulated();
    void fastDivmodIsExact();
    void stridedIndexerMatchesLayout();
    void collapseKeepsAddresses();
    void tilePlan_data();
    void tilePlan();
    void rowTilePlan_data();
    void rowTilePlan();
    void shortRowsWiden_data();
    void shortRowsWiden();
    void onlyTheCpuTilesRows();
    void scalingKeepsOrderGapsAndBroadcast_data();
    void scalingKeepsOrderGapsAndBroadcast();
    void scalingExactForDenseLayouts();
    void scalingKeepsShortRows_data();
    void scalingKeepsShortRows();
    void scalingRefusesWhatCannotBeScaled_data();
    void scalingRefusesWhatCannotBeScaled();
    void summaryMedianAndBest();
    void measureLayoutOnCpu();
    void measureIsInterruptible();
    void cpuRefusesWhatDoesNotFit();
    void cpuSourceHoldsTheBytePattern();
    void cpuRefusesOtherElementSizes_data();
    void cpuRefusesOtherElementSizes();
    void backendSelection();
    void cudaAvailabilityIsExplained();
    void cudaKernelsEqualContiguous_data();
    void cudaKernelsEqualContiguous();
    void cudaDeviceDescription();
    void cudaMeasuresTransfersAndLayouts();
    void cudaRefusesWhatDoesNotFit();
    void benchCommandRefuses_data();
    void benchCommandRefuses();
    void benchCommandJson();
    void benchCommandTable();
    void benchCommandMeasuresEveryElementSize_data();
    void benchCommandMeasuresEveryElementSize();
    void benchCommandTableOfComplex128();
};

void TestBandwidth::cpuKernelsEqualContiguous() {
    QFETCH(MakeView, make);
    QFETCH(DType, dtype);
    static CpuBackend backend(2);
    checkKernels(backend, make(dtype));
}

void TestBandwidth::cpuKernelsWithAnyThreadCount_data() {
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("stores");
    for (int threads : {1, 3, 7})
        QTest::addRow("%d threads", threads) << threads << int(CpuStores::Auto);
    QTest::newRow("2 threads, streaming stores") << 2 << int(CpuStores::Streaming);
}

void TestBandwidth::cpuKernelsWithAnyThreadCount() {
    // Chunks split mid-row and mid-tile in different places for each team size; streaming
    // stores on small, unaligned views exercise their alignment fallbacks.
    QFETCH(int, threads);
    QFETCH(int, stores);
    CpuBackend backend(threads, CpuStores(stores));
    for (const auto& c : viewCases())
        for (auto dtype : {DType::Int32, DType::ComplexDouble})
            checkKernels(backend, c.make(dtype));
}

void TestBandwidth::largeCopiesTakeEveryStorePath_data() {
    // Multi-MiB copies through every store path: streaming and cached stores, register
    // transposes for 4- and 8-byte elements, scalar tiles for the others, rows too unaligned to
    // stream. Checked against the storage index of every element (raw buffers: core keeps
    // values only up to 4 Mi elements).
    QTest::addColumn<Layout>("layout");
    QTest::addColumn<int>("elementSize");
    QTest::newRow("fp32 transpose 2048 x 1100 (aligned rows)") << Layout{{1100, 2048}, {1, 1100}, 0} << 4;
    QTest::newRow("fp32 transpose 2049 x 1101 (unaligned rows)") << Layout{{1101, 2049}, {1, 1101}, 3} << 4;
    QTest::newRow("fp64 transpose 1024 x 1030") << Layout{{1030, 1024}, {1, 1030}, 0} << 8;
    QTest::newRow("fp16 transpose 2048 x 2100 (word blocks)") << Layout{{2100, 2048}, {1, 2100}, 0} << 2;
    QTest::newRow("fp32 NCHW to NHWC 4 x 35 x 130 x 130")
        << Layout{{4, 130, 130, 35}, {591500, 130, 1, 16900}, 0} << 4;
    QTest::newRow("fp32 NCHW to NHWC, 3 channels, 2 x 3 x 67 x 131 (interleaved rows)")
        << Layout{{2, 67, 131, 3}, {3 * 67 * 131, 131, 1, 67 * 131}, 0} << 4;
    QTest::newRow("fp32 NCHW to NHWC, 2 channels, offset 1 (unaligned)")
        << Layout{{3, 45, 259, 2}, {2 * 45 * 259, 259, 1, 45 * 259}, 1} << 4;
    QTest::newRow("int8 contiguous, odd byte count") << Layout{{(9 << 20) + 13}, {1}, 0} << 1;
    // The three-step tiles for every element size (bursts into a buffer, register blocks,
    // bursts out), with ragged tile edges, offsets and gaps.
    QTest::newRow("int8 transpose 2051 x 1029, offset 5") << Layout{{1029, 2051}, {1, 1029}, 5} << 1;
    // Output rows of whole lines: int8 tiles of 256 x 128 bytes, ragged along both (1344 rows
    // of 21 lines, 1000-byte input rows), and an offset that misaligns the input.
    QTest::newRow("int8 transpose 1344 x 1000, offset 7 (256 x 128-byte tiles)")
        << Layout{{1000, 1344}, {1, 1000}, 7} << 1;
    QTest::newRow("int16 transpose 1500 x 1301, offset 1") << Layout{{1301, 1500}, {1, 1301}, 1} << 2;
    QTest::newRow("fp64 transpose 1029 x 517, offset 3") << Layout{{517, 1029}, {1, 517}, 3} << 8;
    // Whole-row tiles: 1- and 2-byte output rows up to 4 KiB that are not whole lines, all of b
    // in one tile and the output one dense run: a batch whose matrices start on lines; rows not
    // a multiple of 16 bytes (unaligned block stores into the unpadded buffer) and matrices that
    // start mid-line; the longest rows that take them (4095 bytes) and the shortest that do not.
    QTest::newRow("int8 batch of 5 800 x 800 transposes (whole-row tiles)")
        << Layout{{5, 800, 800}, {640000, 1, 800}, 0} << 1;
    QTest::newRow("int8 batch of 3 801 x 803 transposes, offset 7 (whole-row tiles, unaligned)")
        << Layout{{3, 803, 801}, {801 * 803, 1, 803}, 7} << 1;
    QTest::newRow("fp16 batch of 2 1080 x 1917 transposes, offset 1 (whole-row tiles)")
        << Layout{{2, 1917, 1080}, {1917 * 1080, 1, 1917}, 1} << 2;
    QTest::newRow("int8 transpose 4095 x 1500 (whole-row tiles of 4095 bytes)")
        << Layout{{1500, 4095}, {1, 1500}, 0} << 1;
    QTest::newRow("fp16 transpose 2049 x 1500 (rows of 4098 bytes: shifted tiles)")
        << Layout{{1500, 2049}, {1, 1500}, 0} << 2;
    // Tiles spanning all of group B whose rows are not whole lines, with an unpadded buffer
    // leaving as one run: channels of 8-byte and 2-byte elements (NCHW -> NHWC), rows of 300
    // int8 with a batch outside, an offset.
    QTest::newRow("fp64 NCHW to NHWC, 20 channels, offset 3 (dense runs)")
        << Layout{{3, 61, 67, 20}, {20 * 61 * 67, 67, 1, 61 * 67}, 3} << 8;
    QTest::newRow("fp16 NCHW to NHWC, 40 channels (dense runs)")
        << Layout{{2, 90, 91, 40}, {40 * 90 * 91, 91, 1, 90 * 91}, 0} << 2;
    QTest::newRow("int8 [3, 70, 300, 200] permuted (0, 1, 3, 2), offset 1 (dense runs of 300-byte rows)")
        << Layout{{3, 70, 200, 300}, {70 * 300 * 200, 300 * 200, 1, 200}, 1} << 1;
    // Fewer rows than a register block (int8 with 9-15 channels): the block's missing rows read
    // the last one again, its rows moved to the tile buffer in order; odd sizes, an offset.
    QTest::newRow("int8 NCHW to NHWC, 10 channels, offset 1 (rows short of a block)")
        << Layout{{2, 90, 131, 10}, {10 * 90 * 131, 131, 1, 90 * 131}, 1} << 1;
    QTest::newRow("int8 NCHW to NHWC, 15 channels (rows short of a block)")
        << Layout{{3, 64, 77, 15}, {15 * 64 * 77, 77, 1, 64 * 77}, 0} << 1;
    QTest::newRow("int8 RGB image 6 x 5000 transposed (3-byte pixels, rows short of a block)")
        << Layout{{5000, 6, 3}, {3, 15000, 1}, 0} << 1;
    QTest::newRow("int16 RGB image 3 x 3001 transposed, offset 3 (6-byte pixels, rows short of a block)")
        << Layout{{3001, 3, 3}, {3, 9003, 1}, 3} << 2;
    // A dim that continues a in the input and precedes the output's short last dim goes to group
    // B (x.permute(3, 0, 2, 1) of [N, 3, H, 64]): the output's rows are 3 x H elements, the tiles
    // read a alone; fp32, and int8 with odd sizes and an offset.
    QTest::newRow("fp32 [40, 3, 70, 64] permuted (3, 0, 2, 1) (a dim given to group B)")
        << Layout{{64, 40, 70, 3}, {1, 3 * 70 * 64, 64, 70 * 64}, 0} << 4;
    QTest::newRow("int8 [30, 3, 91, 67] permuted (3, 0, 2, 1), offset 5 (a dim given to group B)")
        << Layout{{67, 30, 91, 3}, {1, 3 * 91 * 67, 67, 91 * 67}, 5} << 1;
    QTest::newRow("fp32 transpose of a narrowed 1100 x 2100 (gaps between rows)")
        << Layout{{1000, 1100}, {1, 2100}, 37} << 4;
    QTest::newRow("int8 NCHW to NHWC 2 x 64 x 90 x 130")
        << Layout{{2, 90, 130, 64}, {64 * 90 * 130, 130, 1, 90 * 130}, 0} << 1;
    QTest::newRow("fp32 NCHW to NHWC, 4 channels (narrow tiles)")
        << Layout{{2, 300, 257, 4}, {4 * 300 * 257, 257, 1, 300 * 257}, 0} << 4;
    QTest::newRow("fp32 transpose with a gap along the tile's fast dim (packed rows)")
        << Layout{{700, 900}, {2, 1400}, 1} << 4;
    // Every other element along a (x[..., ::2]): 1-, 2-, 4- and 8-byte elements through the even
    // blocks (the widest pass) and, for 1, 4 and 8 bytes, packed rows (the SSE2 pass: a vector at
    // a time for 1 and 4); odd counts (scalar tails) and unaligned rows; a step of 3 (packed
    // element by element); a step of 9 (scalar gathers).
    QTest::newRow("int8 transpose of every other element, offset 3 (even blocks, packed rows)")
        << Layout{{1001, 2100}, {2, 4003}, 3} << 1;
    QTest::newRow("int16 transpose of every other element, odd counts (even blocks)")
        << Layout{{777, 1500}, {2, 1601}, 1} << 2;
    QTest::newRow("fp64 transpose of every other element (even blocks, packed rows)")
        << Layout{{500, 900}, {2, 1003}, 0} << 8;
    // Every other element with blocks that keep the even elements as they read (1, 2 and 4
    // bytes): rows whose last tile ends on a whole block, so that the tail block (its second load
    // moved one element back) ends the last row at the storage's last element; x[:, 1::2]. The
    // 2 MiB ones end the backend's buffer too (it rounds to 2 MiB), so that a load past the
    // storage is a heap overflow under the sanitizers.
    QTest::newRow("fp32 transpose of x[:, 1::2], 700 x 1809 (even blocks, tail at the storage end)")
        << Layout{{904, 700}, {2, 1809}, 1} << 4;
    QTest::newRow("int8 transpose of x[:, 1::2], 300 x 4161 (even blocks, tail at the storage end)")
        << Layout{{2080, 300}, {2, 4161}, 1} << 1;
    QTest::newRow("int16 transpose of x[:, 1::2], 400 x 2065 (even blocks, tail at the storage end)")
        << Layout{{1032, 400}, {2, 2065}, 1} << 2;
    QTest::newRow("fp32 transpose of x[:, 1::2] of 256 x 2048 (2 MiB: the tail ends the buffer)")
        << Layout{{1024, 256}, {2, 2048}, 1} << 4;
    QTest::newRow("int8 transpose of x[:, 1::2] of 512 x 4096 (2 MiB: the tail ends the buffer)")
        << Layout{{2048, 512}, {2, 4096}, 1} << 1;
    QTest::newRow("int16 transpose of x[:, 1::2] of 512 x 2048 (2 MiB: the tail ends the buffer)")
        << Layout{{1024, 512}, {2, 2048}, 1} << 2;
    QTest::newRow("fp64 transpose of x[:, 1::2] of 128 x 2048 (2 MiB: the tail ends the buffer)")
        << Layout{{1024, 128}, {2, 2048}, 1} << 8;
    QTest::newRow("fp32 transpose with a step of 3 (packed rows)") << Layout{{600, 800}, {3, 1801}, 2} << 4;
    QTest::newRow("fp32 transpose with a step of 9 (scalar gathers)")
        << Layout{{300, 700}, {9, 2701}, 0} << 4;
    QTest::newRow("fp32 NCHW to NHWC, 3 channels, every other column (packed, interleaved rows)")
        << Layout{{2, 67, 131, 3}, {3 * 67 * 262, 262, 2, 67 * 262}, 0} << 4;
    QTest::newRow("fp64 rank-5 permute 6 x 40 x 7 x 33 x 30 (4, 2, 0, 3, 1)")
        << Layout{{30, 7, 6, 33, 40}, {1, 990, 277200, 30, 6930}, 0} << 8;
    QTest::newRow("fp32 rank-8 reverse permute of 6 x 5 x 4 x 7 x 3 x 8 x 5 x 9")
        << Layout{{9, 5, 8, 3, 7, 4, 5, 6}, {1, 9, 45, 360, 1080, 7560, 30240, 151200}, 0} << 4;
    QTest::newRow("int16 rank-8 reverse permute of 4^8, offset 3 (tiles over groups of dims)")
        << Layout{{4, 4, 4, 4, 4, 4, 4, 4}, {1, 4, 16, 64, 256, 1024, 4096, 16384}, 3} << 2;
    QTest::newRow("fp32 grouped tile dims with a gap along the fast dim (packed rows)")
        << Layout{{8, 8, 8, 300}, {2, 16, 38400, 128}, 1} << 4;
    QTest::newRow("int16 contiguous in effect after collapsing, offset 7 (a plain copy)")
        << Layout{{300, 1, 700, 11}, {7700, 5, 11, 1}, 7} << 2;
    QTest::newRow("fp32 short contiguous rows permuted (1, 0, 2), rows of 5")
        << Layout{{400, 600, 5}, {5, 2000, 1}, 0} << 4;
    QTest::newRow("int8 long contiguous rows permuted (1, 0, 2), streamed per row")
        << Layout{{40, 50, 3000}, {3000, 120000, 1}, 2} << 1;
    // Tiles of whole rows (planRowTiles): whole-line rows streamed straight, others staged.
    QTest::newRow("fp32 (0, 2, 1, 3) of 24 x 40 x 48 x 64: rows of 64, whole lines")
        << Layout{{24, 48, 40, 64}, {122880, 64, 3072, 1}, 0} << 4;
    QTest::newRow("fp32 (0, 2, 1, 3) of 24 x 40 x 48 x 64, offset 1: rows off their lines")
        << Layout{{24, 48, 40, 64}, {122880, 64, 3072, 1}, 1} << 4;
    QTest::newRow("fp64 (2, 0, 1, 3) of 30 x 20 x 50 x 19: rows of 152 bytes, a gap between rows")
        << Layout{{50, 30, 20, 19}, {20, 20000, 1000, 1}, 3} << 8;
    QTest::newRow("int16 (1, 0, 2) of 700 x 300 x 12, rows narrowed from 16 (short rows, gaps)")
        << Layout{{300, 700, 12}, {16, 4800, 1}, 2} << 2;
    // Short rows (2-8 bytes) moved as wide elements through the transposing tiles: an RGBA
    // image, pairs of fp32, rows of 8 int8, rows of 2 int16; and where an offset or a stride is
    // not a whole row, the row tiles.
    QTest::newRow("int8 RGBA image 900 x 1100 transposed, offset 8 (4-byte elements)")
        << Layout{{1100, 900, 4}, {4, 4400, 1}, 8} << 1;
    QTest::newRow("fp32 pairs (1, 0, 2) of 700 x 900 x 2 (8-byte elements)")
        << Layout{{900, 700, 2}, {2, 1800, 1}, 0} << 4;
    QTest::newRow("int8 (0, 2, 1, 3) of 6 x 50 x 700 x 8, offset 16 (8-byte elements)")
        << Layout{{6, 700, 50, 8}, {280000, 8, 5600, 1}, 16} << 1;
    QTest::newRow("int16 (1, 0, 2) of 1000 x 1200 x 2 (4-byte elements)")
        << Layout{{1200, 1000, 2}, {2, 2400, 1}, 0} << 2;
    QTest::newRow("int8 RGBA image 900 x 1100 transposed, offset 3 (row tiles)")
        << Layout{{1100, 900, 4}, {4, 4400, 1}, 3} << 1;
    QTest::newRow("int8 rows of 2, 3 apart (row tiles)") << Layout{{1300, 1000, 2}, {3, 3901, 1}, 0} << 1;
    // RGB pixels (3-byte rows) as 3-byte elements: the AVX2 blocks' two overlapping loads per row
    // and two stores 12 bytes apart; output rows shifted to line boundaries within pixels; the
    // last block of the last row ending the storage at the end of the backend's 2 MiB buffer, so
    // that a load past the last pixel is a heap overflow under the sanitizers; a gap of pixels
    // (x[:, ::2], packed rows).
    QTest::newRow("int8 RGB image 1100 x 900 transposed, offset 3 (3-byte pixels, shifted rows)")
        << Layout{{900, 1100, 3}, {3, 2700, 1}, 3} << 1;
    QTest::newRow("int8 RGB image 682 x 1024 transposed, offset 2046 (the last pixel ends the buffer)")
        << Layout{{1024, 682, 3}, {3, 3072, 1}, 2046} << 1;
    QTest::newRow("int8 RGB image 768 x 512 transposed (3-byte pixels, output rows of whole lines)")
        << Layout{{512, 768, 3}, {3, 1536, 1}, 0} << 1;
    QTest::newRow("int8 RGB image x[:, ::2] of 400 x 1400 transposed (3-byte pixels, packed rows)")
        << Layout{{700, 400, 3}, {6, 4200, 1}, 0} << 1;
    QTest::newRow("int8 RGB image 16 x 5000 transposed (3-byte pixels, output rows of 16: padded buffer)")
        << Layout{{5000, 16, 3}, {3, 15000, 1}, 0} << 1;
    QTest::newRow("int16 RGB image 1100 x 900 transposed, offset 3 (6-byte pixels, shifted rows)")
        << Layout{{900, 1100, 3}, {3, 2700, 1}, 3} << 2;
    QTest::newRow("int16 RGB image 682 x 512 transposed, offset 1023 (the last pixel ends the buffer)")
        << Layout{{512, 682, 3}, {3, 1536, 1}, 1023} << 2;
    QTest::newRow("int16 RGB image 8 x 5000 transposed (6-byte pixels, output rows of 8: padded buffer)")
        << Layout{{5000, 8, 3}, {3, 15000, 1}, 0} << 2;
    QTest::newRow("int16 RGB image x[:, ::2] of 300 x 1000 transposed (6-byte pixels, packed rows)")
        << Layout{{500, 300, 3}, {6, 3000, 1}, 0} << 2;
    QTest::newRow("int8 (0, 2, 1, 3) of 3 x 130 x 170 x 3 (3-byte pixels over an outer dim)")
        << Layout{{3, 170, 130, 3}, {66300, 3, 510, 1}, 0} << 1;
    // Channels (CHW <-> HWC, NCHW <-> NHWC): 2-8 channel rows interleaved into pixels or pixels
    // split into channel rows by byte shuffles, for every element size: odd pixel counts (scalar
    // tails) and an offset; image rows that are not whole lines (a split through the tile
    // buffer, shifted); whole lines (a split straight to the output); a batch dim outside; a
    // tiny image.
    for (int size : {1, 2, 4, 8}) {
        for (std::int64_t c : {2, 3, 4, 5, 6, 7, 8}) {
            const auto n = static_cast<long long>(c);
            QTest::addRow("%d-byte CHW -> HWC, %lld channels, 37 x 301, offset 5", size, n)
                << Layout{{37, 301, c}, {301, 1, 37 * 301}, 5} << size;
            QTest::addRow("%d-byte HWC -> CHW, %lld channels, 37 x 301, offset 7", size, n)
                << Layout{{c, 37, 301}, {1, 301 * c, c}, 7} << size;
            QTest::addRow("%d-byte HWC -> CHW, %lld channels, 64 x 512 (rows of whole lines)", size, n)
                << Layout{{c, 64, 512}, {1, 512 * c, c}, 0} << size;
            QTest::addRow("%d-byte NHWC -> NCHW, %lld channels, 3 x 40 x 96", size, n)
                << Layout{{3, c, 40, 96}, {40 * 96 * c, 1, 96 * c, c}, 0} << size;
            QTest::addRow("%d-byte NCHW -> NHWC, %lld channels, 3 x 40 x 96", size, n)
                << Layout{{3, 40, 96, c}, {c * 40 * 96, 96, 1, 40 * 96}, 0} << size;
            QTest::addRow("%d-byte HWC -> CHW, %lld channels, 5 x 7", size, n)
                << Layout{{c, 5, 7}, {1, 7 * c, c}, 0} << size;
        }
    }
    // More channels than the shuffles take: SSE2's 16 x 16 byte blocks where AVX2's are too
    // wide (12, 16, 24 int8 channels), and output rows under a line copied as one dense run.
    for (std::int64_t c : {12, 16, 24}) {
        const auto n = static_cast<long long>(c);
        QTest::addRow("int8 NHWC -> NCHW, %lld channels, 2 x 37 x 301, offset 5", n)
            << Layout{{2, c, 37, 301}, {37 * 301 * c, 1, 301 * c, c}, 5} << 1;
        QTest::addRow("int8 NCHW -> NHWC, %lld channels, 2 x 37 x 301, offset 5", n)
            << Layout{{2, 37, 301, c}, {c * 37 * 301, 301, 1, 37 * 301}, 5} << 1;
    }
    QTest::newRow("int8 CHW -> HWC of x[..., ::3], 3 channels (packed rows, interleaved)")
        << Layout{{67, 131, 3}, {393, 3, 67 * 393}, 0} << 1;
    // Rows of 3-15 bytes through the row tiles' staging, two overlapping moves per row.
    QTest::newRow("int8 RGB image 700 x 900 transposed, offset 1 (rows of 3 bytes)")
        << Layout{{900, 700, 3}, {3, 2700, 1}, 1} << 1;
    QTest::newRow("int16 (1, 0, 2) of 800 x 600 x 5 (rows of 10 bytes)")
        << Layout{{600, 800, 5}, {5, 4000, 1}, 0} << 2;
    QTest::newRow("int8 (1, 0, 2) of 500 x 700 x 7, offset 2 (rows of 7 bytes)")
        << Layout{{700, 500, 7}, {7, 4900, 1}, 2} << 1;
    QTest::newRow("fp32 (0, 2, 1, 3) of 4 x 90 x 300 x 3 (rows of 12 bytes)")
        << Layout{{4, 300, 90, 3}, {81000, 3, 900, 1}, 0} << 4;
    QTest::newRow("int8 (1, 0, 2) of 400 x 300 x 15 (rows of 15 bytes)")
        << Layout{{300, 400, 15}, {15, 4500, 1}, 0} << 1;
    // Rows with a step (x[..., ::2] permuted): packed a vector at a time (a step of 2, 1-4 byte
    // elements) or element by element, then streamed from the staging buffer.
    QTest::newRow("fp32 (0, 2, 1, 3) of x[..., ::2] of 24 x 40 x 48 x 64, offset 1: rows of 32, step 2")
        << Layout{{24, 48, 40, 32}, {122880, 64, 3072, 2}, 1} << 4;
    QTest::newRow("int8 (1, 0, 2) of x[..., ::2] of 300 x 400 x 154, offset 3: rows of 77, step 2")
        << Layout{{400, 300, 77}, {154, 61600, 2}, 3} << 1;
    QTest::newRow("int16 (1, 0, 2) of x[..., ::2] of 200 x 300 x 38: rows of 19, step 2")
        << Layout{{300, 200, 19}, {38, 11400, 2}, 0} << 2;
    QTest::newRow("int16 (1, 0, 2) of x[..., ::3] of 200 x 300 x 57: rows of 19, step 3")
        << Layout{{300, 200, 19}, {57, 17100, 3}, 0} << 2;
    QTest::newRow("fp64 (1, 0, 2) of x[..., ::2] of 50 x 60 x 128: rows of 64 (whole lines), step 2")
        << Layout{{60, 50, 64}, {128, 7680, 2}, 0} << 8;
    QTest::newRow("complex128 (1, 0, 2) of x[..., ::2] of 100 x 200 x 20: rows of 10, step 2")
        << Layout{{200, 100, 10}, {20, 4000, 2}, 0} << 16;
    // 16-byte elements (complex128): 1 x 1 blocks, tiles of 64 x 32 elements (1024 x 512 bytes),
    // output rows shifted by up to 3 elements to their line boundaries.
    QTest::newRow("complex128 transpose 1024 x 600 (aligned rows)") << Layout{{600, 1024}, {1, 600}, 0} << 16;
    QTest::newRow("complex128 transpose 1029 x 517, offset 3 (odd sizes, shifted rows)")
        << Layout{{517, 1029}, {1, 517}, 3} << 16;
    QTest::newRow("complex128 NCHW to NHWC, 3 channels (tiles made longer along a)")
        << Layout{{2, 67, 131, 3}, {3 * 67 * 131, 131, 1, 67 * 131}, 0} << 16;
    QTest::newRow("complex128 3-D permute (2, 0, 1) of 60 x 70 x 90")
        << Layout{{90, 60, 70}, {1, 6300, 90}, 0} << 16;
    QTest::newRow("complex128 transpose of a narrowed 600 x 1100 (gaps between rows), offset 37")
        << Layout{{500, 600}, {1, 1100}, 37} << 16;
    QTest::newRow("complex128 transpose with a step along the tile's fast dim (packed rows)")
        << Layout{{300, 400}, {2, 700}, 1} << 16;
    QTest::newRow("complex128 broadcast over a transpose (stride 0 outer)")
        << Layout{{3, 500, 700}, {0, 1, 500}, 0} << 16;
    QTest::newRow("complex128 broadcast column (stride 0 inner)") << Layout{{1000, 700}, {1, 0}, 5} << 16;
    QTest::newRow("complex128 rank-8 reverse permute of 4^8, offset 3 (tiles over groups of dims)")
        << Layout{{4, 4, 4, 4, 4, 4, 4, 4}, {1, 4, 16, 64, 256, 1024, 4096, 16384}, 3} << 16;
    QTest::newRow("complex128 contiguous in effect after collapsing, offset 7 (a plain copy)")
        << Layout{{100, 1, 300, 11}, {3300, 5, 11, 1}, 7} << 16;
    QTest::newRow("complex128 contiguous, 9 MiB (streamed)") << Layout{{(9 << 16) + 3}, {1}, 1} << 16;
    QTest::newRow("complex128 short contiguous rows permuted (1, 0, 2), rows of 3")
        << Layout{{200, 300, 3}, {3, 600, 1}, 0} << 16;
}

void TestBandwidth::largeCopiesTakeEveryStorePath() {
    QFETCH(Layout, layout);
    QFETCH(int, elementSize);
    const auto storage = *requiredStorageElements(layout);
    // Element i of the storage holds i (truncated to the element size); a 16-byte element holds
    // i, then ~i, so that each of its halves is checked.
    std::vector<std::uint8_t> source(static_cast<std::size_t>(storage * elementSize));
    for (std::int64_t i = 0; i < storage; ++i) {
        const std::int64_t parts[2] = {i, ~i};
        std::memcpy(source.data() + i * elementSize, parts, static_cast<std::size_t>(elementSize));
    }
    const auto addresses = logicalToStorage(layout);
    // The tiles run through the widest register blocks and stores (AVX2 blocks, AVX-512 stores
    // where present) in both tile shapes (long input bursts, the Xeon's; long output pieces, the
    // EPYC's) and, again, through SSE2's (the path of a CPU without them), so that every path is
    // checked on any machine.
    struct WidestAgain {
        ~WidestAgain() {
            gpu::cpu::useWidestBlocks(true);
            gpu::cpu::useTileShape(gpu::cpu::TileShape::Auto);
        }
    } restore;
    using gpu::cpu::TileShape;
    struct Run {
        CopyKernel kernel;
        bool widest;
        TileShape shape;
    };
    for (auto stores : {CpuStores::Streaming, CpuStores::Cached}) {
        CpuBackend backend(2, stores);
        auto prepared = backend.prepare(CopyProblem{layout, elementSize, storage}, source);
        std::vector<Run> kernels{{CopyKernel::ReadThroughLayout, true, TileShape::Auto},
                                 {CopyKernel::Baseline, true, TileShape::Auto}};
        if (backend.tiledApplies(layout)) {
            kernels.push_back({CopyKernel::Tiled, true, TileShape::LongInputBursts});
            kernels.push_back({CopyKernel::Tiled, true, TileShape::LongOutputPieces});
            kernels.push_back({CopyKernel::Tiled, false, TileShape::Auto});
        }
        for (auto [kernel, widest, shape] : kernels) {
            gpu::cpu::useWidestBlocks(widest);
            gpu::cpu::useTileShape(shape);
            prepared->run(kernel);
            const auto out = prepared->destination();
            for (std::size_t i = 0; i < addresses.size(); ++i) {
                // The baseline copies the source buffer verbatim; past the storage's end (a
                // broadcast reads fewer elements than it has) the buffer is the backend's own.
                if (kernel == CopyKernel::Baseline && std::int64_t(i) >= storage)
                    break;
                const std::int64_t from = kernel == CopyKernel::Baseline ? std::int64_t(i) : addresses[i];
                if (std::memcmp(out.data() + i * elementSize, source.data() + from * elementSize,
                                static_cast<std::size_t>(elementSize)) != 0)
                    QFAIL(qPrintable(QStringLiteral("%1, %2 stores: element %3 differs")
                                         .arg(QString::fromStdString(caseName(kernel)) +
                                                  (widest ? QString() : QStringLiteral(" (SSE2 blocks)")) +
                                                  (shape == TileShape::LongInputBursts
                                                       ? QStringLiteral(" (long input bursts)")
                                                   : shape == TileShape::LongOutputPieces
                                                       ? QStringLiteral(" (long output pieces)")
                                                       : QString()),
                                              stores == CpuStores::Streaming ? QStringLiteral("streaming")
                                                                             : QStringLiteral("cached"))
                                         .arg(i)));
            }
        }
    }
}

void TestBandwidth::cudaTileStepsEmulated() {
    // The CUDA tiled transpose run on the host: for every tile, all 32 x 8 threads load, then
    // (the barrier) all store, exactly the kernel's steps; the result must equal the
    // read-through-layout order, for every layout the tiled kernel takes. Runs without a GPU.
    for (const auto& c : viewCases()) {
        const Tensor view = c.make(DType::Int32);
        const auto plan = planTiled(view.layout());
        if (!plan)
            continue;
        const TileParams p = makeTileParams(*plan);
        const auto expected = logicalToStorage(view.layout());
        std::vector<std::int64_t> source(static_cast<std::size_t>(view.storage()->elementCount()));
        std::iota(source.begin(), source.end(), 0);
        std::vector<std::int64_t> out(expected.size(), -1);
        std::int64_t tile[kCudaTile][kCudaTile + 1];
        for (std::int64_t item = 0; item < p.tiles; ++item) {
            const TileOrigin origin = tileOrigin(p, item);
            for (unsigned ty = 0; ty < kCudaTileRows; ++ty)
                for (unsigned tx = 0; tx < kCudaTile; ++tx)
                    loadTile(source.data(), tile, p, origin, tx, ty);
            for (unsigned ty = 0; ty < kCudaTileRows; ++ty)
                for (unsigned tx = 0; tx < kCudaTile; ++tx)
                    storeTile(out.data(), tile, p, origin, tx, ty);
        }
        QVERIFY2(out == expected, c.name);
    }
}

void TestBandwidth::fastDivmodIsExact() {
    std::mt19937 rng(7);
    std::vector<std::uint32_t> divisors;
    for (std::uint32_t d = 1; d <= 1100; ++d)
        divisors.push_back(d);
    for (int i = 0; i < 300; ++i)
        divisors.push_back(1 + rng() % 0x7fffffffu);
    divisors.push_back(0x7fffffffu);
    divisors.push_back(0x40000000u);
    divisors.push_back(0x40000001u);
    for (auto d : divisors) {
        const FastDivmod divider(d);
        std::vector<std::uint32_t> numerators{0, 1, d - 1, d, d + 1, 0x7fffffffu, 0x7ffffffeu};
        for (int i = 0; i < 200; ++i)
            numerators.push_back(rng() % 0x80000000u);
        for (auto n : numerators) {
            if (n >= 0x80000000u)
                continue;
            if (divider.divide(n) != n / d)
                QFAIL(qPrintable(QStringLiteral("%1 / %2").arg(n).arg(d)));
        }
    }
}

void TestBandwidth::stridedIndexerMatchesLayout() {
    for (const auto& c : viewCases()) {
        const Tensor view = c.make(DType::Float32);
        if (view.numel() == 0)
            continue;
        const auto collapsed = collapseLayout(view.layout());
        const auto narrow = makeStridedIndexer(collapsed);
        const auto wide = makeWideStridedIndexer(collapsed);
        const auto expected = logicalToStorage(view.layout());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(narrow.storageIndex(static_cast<std::uint32_t>(i)), expected[i]);
            QCOMPARE(wide.storageIndex(static_cast<std::int64_t>(i)), expected[i]);
        }
    }
}

void TestBandwidth::collapseKeepsAddresses() {
    for (const auto& c : viewCases()) {
        const Tensor view = c.make(DType::Int16);
        const auto collapsed = collapseLayout(view.layout());
        QCOMPARE(collapsed.numel(), view.numel());
        if (view.numel() == 0)
            continue;
        const Layout asLayout{collapsed.sizes, collapsed.strides, collapsed.storageOffset};
        QCOMPARE(logicalToStorage(asLayout), logicalToStorage(view.layout()));
    }
    // A contiguous view collapses to one dim, a transpose stays two.
    QCOMPARE(collapseLayout(Layout{{2, 3, 4}, {12, 4, 1}, 5}).sizes, Shape({24}));
    QCOMPARE(collapseLayout(Layout{{4, 3}, {1, 4}, 0}).sizes, Shape({4, 3}));
}

void TestBandwidth::tilePlan_data() {
    QTest::addColumn<Layout>("layout");
    QTest::addColumn<bool>("applies");
    QTest::addColumn<int>("inputFast");
    QTest::newRow("2-D transpose") << Layout{{6, 4}, {1, 6}, 0} << true << 0;
    QTest::newRow("contiguous") << Layout{{6, 4}, {4, 1}, 0} << false << -1;
    QTest::newRow("row step (last dim strided, nothing faster)") << Layout{{6, 4}, {16, 2}, 0} << false << -1;
    QTest::newRow("broadcast last dim") << Layout{{6, 4}, {1, 0}, 0} << false << -1;
    QTest::newRow("NCHW to NHWC: (H·W) fast, C last")
        << Layout{{2, 5, 7, 3}, {105, 7, 1, 35}, 0} << true << 1;
    QTest::newRow("transposed 3-D, batch outer") << Layout{{3, 5, 4}, {20, 1, 5}, 0} << true << 1;
    QTest::newRow("vector") << Layout{{9}, {3}, 0} << false << -1;
}

void TestBandwidth::tilePlan() {
    QFETCH(Layout, layout);
    QFETCH(bool, applies);
    QFETCH(int, inputFast);
    const auto plan = planTiled(layout);
    QCOMPARE(plan.has_value(), applies);
    if (plan) {
        QCOMPARE(plan->inputFastDim, inputFast);
        QCOMPARE(plan->outputFastDim, plan->dims.rank() - 1);
    }
}

void TestBandwidth::rowTilePlan_data() {
    QTest::addColumn<Layout>("layout");
    QTest::addColumn<bool>("applies");
    QTest::addColumn<int>("inputFast");
    QTest::newRow("(0, 2, 1, 3) of attention heads, rows of 64")
        << Layout{{2, 5, 3, 64}, {960, 64, 320, 1}, 0} << true << 1;
    QTest::newRow("(1, 0, 2): rows of 5") << Layout{{4, 6, 5}, {5, 20, 1}, 0} << true << 0;
    QTest::newRow("(0, 2, 1, 3) of x[..., ::2]: rows with a step of 2")
        << Layout{{2, 5, 3, 32}, {960, 64, 320, 2}, 0} << true << 1;
    QTest::newRow("rows with a step of 9: the naive walk")
        << Layout{{2, 5, 3, 8}, {1080, 72, 360, 9}, 0} << false << -1;
    QTest::newRow("rows already in input order, with gaps")
        << Layout{{4, 6, 5}, {60, 10, 1}, 0} << false << -1;
    QTest::newRow("a transpose: the last dim is strided") << Layout{{6, 4}, {1, 6}, 0} << false << -1;
    QTest::newRow("rank 2: nothing to reorder") << Layout{{6, 5}, {10, 1}, 0} << false << -1;
    QTest::newRow("contiguous in effect (one dim)") << Layout{{2, 3, 4}, {12, 4, 1}, 0} << false << -1;
    QTest::newRow("broadcast rows along b") << Layout{{4, 6, 5}, {5, 0, 1}, 0} << false << -1;
}

void TestBandwidth::rowTilePlan() {
    QFETCH(Layout, layout);
    QFETCH(bool, applies);
    QFETCH(int, inputFast);
    const auto plan = planRowTiles(layout);
    QCOMPARE(plan.has_value(), applies);
    if (plan) {
        QVERIFY(plan->wholeRows);
        QCOMPARE(plan->inputFastDim, inputFast);
        QCOMPARE(plan->outputFastDim, plan->dims.rank() - 2);
    }
}

void TestBandwidth::shortRowsWiden_data() {
    QTest::addColumn<Layout>("layout");
    QTest::addColumn<int>("elementSize");
    QTest::addColumn<int>("wideSize"); // 0: stays row tiles
    QTest::addColumn<Layout>("wide");  // the transposing layout of wide elements
    QTest::newRow("an RGBA image transposed: 4-byte pixels")
        << Layout{{5, 3, 4}, {4, 20, 1}, 8} << 1 << 4 << Layout{{5, 3}, {1, 5}, 2};
    QTest::newRow("pairs of fp32 transposed: 8-byte elements")
        << Layout{{5, 3, 2}, {2, 10, 1}, 0} << 4 << 8 << Layout{{5, 3}, {1, 5}, 0};
    QTest::newRow("(0, 2, 1, 3) with rows of 2 int16: 4-byte elements")
        << Layout{{2, 5, 3, 2}, {30, 2, 10, 1}, 0} << 2 << 4 << Layout{{2, 5, 3}, {15, 1, 5}, 0};
    QTest::newRow("rows of 8 int8: 8-byte elements")
        << Layout{{3, 6, 8}, {8, 24, 1}, 16} << 1 << 8 << Layout{{3, 6}, {1, 3}, 2};
    QTest::newRow("an offset not a whole row: row tiles")
        << Layout{{5, 3, 4}, {4, 20, 1}, 3} << 1 << 0 << Layout{};
    QTest::newRow("a stride not a whole row: row tiles")
        << Layout{{5, 3, 2}, {3, 16, 1}, 0} << 1 << 0 << Layout{};
    QTest::newRow("16-byte rows: row tiles") << Layout{{5, 3, 4}, {4, 20, 1}, 0} << 4 << 0 << Layout{};
    QTest::newRow("an RGB image transposed: 3-byte pixels")
        << Layout{{5, 3, 3}, {3, 15, 1}, 6} << 1 << 3 << Layout{{5, 3}, {1, 5}, 2};
    QTest::newRow("rows of 3 int16: 6-byte pixels")
        << Layout{{5, 3, 3}, {3, 15, 1}, 0} << 2 << 6 << Layout{{5, 3}, {1, 5}, 0};
    QTest::newRow("rows of 5 bytes: row tiles") << Layout{{5, 3, 5}, {5, 25, 1}, 0} << 1 << 0 << Layout{};
    QTest::newRow("rows with a step: row tiles") << Layout{{5, 3, 2}, {4, 20, 2}, 0} << 1 << 0 << Layout{};
}

void TestBandwidth::shortRowsWiden() {
    QFETCH(Layout, layout);
    QFETCH(int, elementSize);
    QFETCH(int, wideSize);
    QFETCH(Layout, wide);
    const auto rows = planRowTiles(layout);
    QVERIFY(rows.has_value());
    const auto widened = widenShortRows(*rows, elementSize);
    QCOMPARE(widened.has_value(), wideSize != 0);
    if (!widened)
        return;
    QCOMPARE(widened->elementSize, wideSize);
    QVERIFY(!widened->plan.wholeRows);
    QCOMPARE(widened->plan.dims.sizes, wide.sizes);
    QCOMPARE(widened->plan.dims.strides, wide.strides);
    QCOMPARE(widened->plan.dims.storageOffset, wide.storageOffset);
    QCOMPARE(widened->plan.outputFastDim, widened->plan.dims.rank() - 1);
    QCOMPARE(widened->plan.inputFastDim, rows->inputFastDim);
    // The same plan as planTiled's for the wide layout itself.
    const auto direct = planTiled(wide);
    QVERIFY(direct.has_value());
    QCOMPARE(widened->plan.inputFastDim, direct->inputFastDim);
    QCOMPARE(widened->plan.outputStrides, direct->outputStrides);
}

void TestBandwidth::onlyTheCpuTilesRows() {
    // The CPU's tiled kernel takes kept rows; the shared rule (what the CUDA backend uses) is
    // transposes only, and a kept-rows layout measures three kernels there, four on the CPU.
    const Layout heads{{2, 5, 3, 64}, {960, 64, 320, 1}, 0};
    CpuBackend backend(1);
    QVERIFY(backend.tiledApplies(heads));
    QVERIFY(!tiledApplies(heads));
    QVERIFY(backend.tiledApplies(Layout{{6, 4}, {1, 6}, 0}));
    QVERIFY(!backend.tiledApplies(Layout{{6, 4}, {4, 1}, 0}));
    QCOMPARE(int(defaultKernels(backend, heads).size()), 4);
}

void TestBandwidth::scalingKeepsOrderGapsAndBroadcast_data() {
    QTest::addColumn<Layout>("view");
    QTest::addColumn<int>("elementSize");
    QTest::addColumn<qint64>("target");
    const qint64 mib = kMiB;
    QTest::newRow("transpose 4x6 fp32 to 1 MiB") << Layout{{6, 4}, {1, 6}, 0} << 4 << mib;
    QTest::newRow("narrow 5 of 8 columns, offset 2") << Layout{{3, 5}, {8, 1}, 2} << 4 << mib;
    QTest::newRow("step 2 in a row") << Layout{{4, 3}, {6, 2}, 0} << 2 << mib;
    QTest::newRow("broadcast row") << Layout{{5, 7}, {0, 1}, 0} << 8 << mib;
    QTest::newRow("complex128 transpose 4x6 to 1 MiB") << Layout{{6, 4}, {1, 6}, 0} << 16 << mib;
    QTest::newRow("complex128 narrow with offset") << Layout{{3, 5}, {8, 1}, 2} << 16 << mib;
    QTest::newRow("broadcast column") << Layout{{5, 7}, {1, 0}, 0} << 4 << mib;
    QTest::newRow("NHWC view of NCHW") << Layout{{2, 4, 4, 3}, {48, 4, 1, 16}, 0} << 4 << 4 * mib;
    QTest::newRow("unfold windows overlap") << Layout{{8, 7}, {3, 1}, 0} << 4 << mib;
    QTest::newRow("select leaves an offset") << Layout{{4, 6}, {1, 4}, 48} << 1 << mib;
    QTest::newRow("size-1 dims stay 1") << Layout{{1, 6, 1, 4}, {24, 1, 99, 6}, 0} << 4 << mib;
    QTest::newRow("rank 8 permute") << Layout{{2, 2, 2, 2, 2, 2, 2, 3}, {1, 192, 2, 96, 4, 48, 8, 16}, 0} << 4
                                    << 2 * mib;
    QTest::newRow("bigger than the target shrinks") << Layout{{4096, 4096}, {1, 4096}, 0} << 4 << mib;
}

void TestBandwidth::scalingKeepsOrderGapsAndBroadcast() {
    QFETCH(Layout, view);
    QFETCH(int, elementSize);
    QFETCH(qint64, target);
    const ScaledLayout s = scaleToWorkingSet(view, elementSize, target);
    const Layout& l = s.layout;
    const QString context = describe(l.sizes) + QStringLiteral(" strides ") + describe(l.strides);

    // Within 10% of the target (rounding of a few small sizes), and well-formed.
    const double ratio = double(s.logicalBytes()) / double(target);
    QVERIFY2(ratio > 0.9 && ratio < 1.1, qPrintable(context));
    const auto needed = requiredStorageElements(l);
    QVERIFY(needed.has_value());
    QVERIFY2(*needed <= s.storageElements, qPrintable(context));
    QVERIFY(extentOf(l)->lowest >= 0);

    // Same dims; size-1 stays 1, stride-0 stays 0, every other size grows or shrinks alike.
    QCOMPARE(l.dim(), view.dim());
    for (std::int64_t d = 0; d < view.dim(); ++d) {
        if (view.sizes[d] == 1)
            QCOMPARE(l.sizes[d], std::int64_t(1));
        if (view.strides[d] == 0)
            QCOMPARE(l.strides[d], std::int64_t(0));
        else if (view.sizes[d] > 1)
            QVERIFY(l.strides[d] != 0);
        if (view.sizes[d] > 1) {
            const double grow = double(l.sizes[d]) / double(view.sizes[d]);
            QVERIFY2(std::abs(grow / s.factor - 1.0) < 0.2 || l.sizes[d] == 2, qPrintable(context));
        }
    }
    // Same order by stride, the innermost stride (a step) kept.
    const auto before = strideOrder(view);
    QCOMPARE(strideOrder(l), before);
    if (!before.empty())
        QCOMPARE(l.strides[before.front()], view.strides[before.front()]);
    // Gap ratios kept: each stride over the extent of the dim before it in that order.
    for (std::size_t k = 1; k < before.size(); ++k) {
        const auto d = before[k], p = before[k - 1];
        const double was = double(view.strides[d]) / double(view.strides[p] * view.sizes[p]);
        const double now = double(l.strides[d]) / double(l.strides[p] * l.sizes[p]);
        QVERIFY2(std::abs(now / was - 1.0) < 0.05, qPrintable(context));
    }
    // Dense stays dense, overlapping stays overlapping, a broadcast stays a broadcast.
    QCOMPARE(isNonOverlappingAndDense(l), isNonOverlappingAndDense(view));
    QCOMPARE(isContiguous(l), isContiguous(view));
    QCOMPARE(hasInternalOverlap(l), hasInternalOverlap(view));
}

void TestBandwidth::scalingKeepsShortRows_data() {
    QTest::addColumn<Layout>("view");
    QTest::addColumn<int>("elementSize");
    QTest::addColumn<int>("keptDim"); // -1: every dim grows
    QTest::newRow("an RGBA image transposed: 4 channels stay 4")
        << Layout{{5, 3, 4}, {4, 20, 1}, 0} << 1 << 2;
    QTest::newRow("pairs of fp32 transposed, offset of a pair") << Layout{{5, 3, 2}, {2, 10, 1}, 2} << 4 << 2;
    QTest::newRow("(0, 2, 1, 3) with heads of 8 fp32 (32 bytes)")
        << Layout{{2, 5, 3, 8}, {120, 8, 40, 1}, 0} << 4 << 3;
    QTest::newRow("an RGB image's channels moved first (HWC -> CHW): 3 stay 3")
        << Layout{{3, 6, 7}, {1, 21, 3}, 0} << 1 << 0;
    QTest::newRow("an RGB image's planes interleaved (CHW -> HWC): 3 stay 3")
        << Layout{{6, 7, 3}, {7, 1, 42}, 0} << 1 << 2;
    QTest::newRow("NHWC -> NCHW with 4 channels, offset of a pixel")
        << Layout{{5, 4, 6, 7}, {168, 1, 28, 4}, 4} << 4 << 1;
    QTest::newRow("rows of 16 fp32 (a whole line) grow") << Layout{{5, 3, 16}, {16, 80, 1}, 0} << 4 << -1;
    QTest::newRow("narrowed rows (a gap) grow") << Layout{{3, 5}, {8, 1}, 2} << 4 << -1;
    QTest::newRow("a broadcast row grows") << Layout{{5, 7}, {0, 1}, 0} << 8 << -1;
    QTest::newRow("a transpose's last dim is strided: grows") << Layout{{6, 4}, {1, 6}, 0} << 4 << -1;
    QTest::newRow("NCHW -> NHWC of a batch of one: 3 channels stay 3")
        << Layout{{1, 6, 7, 3}, {126, 7, 1, 42}, 0} << 4 << 3;
    QTest::newRow("channels moved first with a short batch dim: all grow")
        << Layout{{2, 3, 6, 7}, {126, 1, 21, 3}, 0} << 1 << -1;
    QTest::newRow("5 channels moved first grow") << Layout{{5, 6, 7}, {1, 35, 5}, 0} << 1 << -1;
    QTest::newRow("3 channels moved first but not packed (a gap): grow")
        << Layout{{3, 6, 7}, {1, 42, 6}, 0} << 1 << -1;
}

void TestBandwidth::scalingKeepsShortRows() {
    QFETCH(Layout, view);
    QFETCH(int, elementSize);
    QFETCH(int, keptDim);
    const qint64 target = kMiB;
    const ScaledLayout s = scaleToWorkingSet(view, elementSize, target);
    const Layout& l = s.layout;
    const QString context = describe(l.sizes) + QStringLiteral(" strides ") + describe(l.strides);
    const double ratio = double(s.logicalBytes()) / double(target);
    QVERIFY2(ratio > 0.9 && ratio < 1.1, qPrintable(context));
    for (std::int64_t d = 0; d < view.dim(); ++d) {
        if (d == keptDim || view.sizes[d] == 1) {
            QCOMPARE(l.sizes[d], view.sizes[d]);
            continue;
        }
        const double grow = double(l.sizes[d]) / double(view.sizes[d]);
        QVERIFY2(grow > 1.0 && std::abs(grow / s.factor - 1.0) < 0.2, qPrintable(context));
    }
    QCOMPARE(strideOrder(l), strideOrder(view));
    QCOMPARE(isNonOverlappingAndDense(l), isNonOverlappingAndDense(view));
    // The offset of a whole row stays a whole row: the CPU's wide elements need it.
    if (keptDim >= 0 && view.strides[keptDim] == 1)
        QCOMPARE(l.storageOffset % view.sizes[keptDim], std::int64_t(0));
}

void TestBandwidth::scalingExactForDenseLayouts() {
    // 6x4 transposed fp32 scaled by exactly 10: (60, 40) with strides (1, 60).
    const ScaledLayout t = scaleToWorkingSet(Layout{{6, 4}, {1, 6}, 0}, 4, 60 * 40 * 4);
    QCOMPARE(t.layout.sizes, Shape({60, 40}));
    QCOMPARE(t.layout.strides, Shape({1, 60}));
    QCOMPARE(t.storageElements, std::int64_t(2400));
    // narrow(1, 2, 5) of an (3, 8) tensor: offset 2, row stride 8 → scaled by 4: sizes (12, 20),
    // row stride 32 (8/5 of the 20-wide row), offset 2·4 = 8.
    const ScaledLayout n = scaleLayout(Layout{{3, 5}, {8, 1}, 2}, 4, 4.0);
    QCOMPARE(n.layout.sizes, Shape({12, 20}));
    QCOMPARE(n.layout.strides, Shape({32, 1}));
    QCOMPARE(n.layout.storageOffset, std::int64_t(8));
    QCOMPARE(n.storageElements, std::int64_t(8 + 11 * 32 + 19 + 1));
}

void TestBandwidth::scalingRefusesWhatCannotBeScaled_data() {
    QTest::addColumn<Layout>("view");
    QTest::addColumn<int>("elementSize");
    QTest::addColumn<qint64>("target");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << Layout{{3, 0}, {0, 1}, 0} << 4 << qint64(kMiB)
                           << QStringLiteral("the tensor is empty: there is nothing to read");
    QTest::newRow("single element") << Layout{{1, 1}, {1, 1}, 0} << 4 << qint64(kMiB)
                                    << QStringLiteral(
                                           "the tensor has a single element: there is no layout to scale");
    QTest::newRow("zero target") << Layout{{4}, {1}, 0} << 4 << qint64(0)
                                 << QStringLiteral("the working set must be larger than 0 bytes");
    QTest::newRow("element size 3") << Layout{{4}, {1}, 0} << 3 << qint64(kMiB)
                                    << QStringLiteral("element size must be 1, 2, 4, 8 or 16 bytes, not 3");
    QTest::newRow("element size 32") << Layout{{4}, {1}, 0} << 32 << qint64(kMiB)
                                     << QStringLiteral("element size must be 1, 2, 4, 8 or 16 bytes, not 32");
}

void TestBandwidth::scalingRefusesWhatCannotBeScaled() {
    QFETCH(Layout, view);
    QFETCH(int, elementSize);
    QFETCH(qint64, target);
    QFETCH(QString, message);
    try {
        scaleToWorkingSet(view, elementSize, target);
        QFAIL("no exception");
    } catch (const std::invalid_argument& e) {
        QCOMPARE(QString::fromStdString(e.what()), message);
    }
}

void TestBandwidth::summaryMedianAndBest() {
    CaseResult odd;
    odd.bytesMoved = 2'000'000'000;
    odd.seconds = {0.4, 0.1, 0.2};
    summarize(odd);
    QCOMPARE(odd.msMedian, 200.0);
    QCOMPARE(odd.msBest, 100.0);
    QCOMPARE(odd.gbpsMedian, 10.0);
    QCOMPARE(odd.gbpsBest, 20.0);
    CaseResult even;
    even.bytesMoved = 1'000'000'000;
    even.seconds = {0.5, 0.1, 0.3, 0.2};
    summarize(even);
    QCOMPARE(even.msMedian, 250.0);
    QCOMPARE(even.gbpsMedian, 4.0);
}

void TestBandwidth::measureLayoutOnCpu() {
    CpuBackend backend(2);
    const ScaledLayout ws = scaleToWorkingSet(Layout{{6, 4}, {1, 6}, 0}, 4, 256 << 10);
    MeasureOptions options;
    options.repetitions = 3;
    int polls = 0;
    options.interrupted = [&] { return ++polls < 0; };
    const auto m = measureLayout(backend, ws, options, defaultKernels(backend, ws.layout), true);
    QCOMPARE(m.backend.backend, std::string("cpu"));
    QCOMPARE(int(m.cases.size()), 4);
    QCOMPARE(m.cases[0].kernel, CopyKernel::ReadThroughLayout);
    QCOMPARE(m.cases[1].kernel, CopyKernel::Tiled);
    QCOMPARE(m.cases[2].kernel, CopyKernel::Baseline);
    QCOMPARE(m.cases[3].kernel, CopyKernel::Memcpy);
    for (const auto& c : m.cases) {
        QCOMPARE(c.bytesMoved, 2 * ws.logicalBytes());
        QCOMPARE(int(c.seconds.size()), 3);
        QCOMPARE(c.layout, ws.layout);
        QVERIFY(c.gbpsBest >= c.gbpsMedian);
        QVERIFY(c.msMedian >= c.msBest);
    }
    // Warm-up and timed runs each poll once per kernel: 4 kernels x (1 + 3), plus preparation.
    QCOMPARE(polls, 4 * 4 + 1);
    QVERIFY(m.gpuModel.has_value());
    QVERIFY(m.cpuModel.has_value());
    QVERIFY(m.gpuModel->efficiency() < 0.2); // fp32 transpose: one element per 32-byte sector
}

void TestBandwidth::measureIsInterruptible() {
    CpuBackend backend(2);
    const ScaledLayout ws = scaleToWorkingSet(Layout{{4}, {1}, 0}, 4, 64 << 10);
    MeasureOptions options;
    options.repetitions = 1000;
    int polls = 0;
    options.interrupted = [&] { return ++polls > 5; };
    QVERIFY_THROWS_EXCEPTION(Interrupted, measureLayout(backend, ws, options, {CopyKernel::Baseline}));
    QCOMPARE(polls, 6);
}

void TestBandwidth::cpuRefusesWhatDoesNotFit() {
    CpuBackend backend(1);
    const CopyProblem huge{Layout{{std::int64_t(1) << 40}, {1}, 0}, 8, std::int64_t(1) << 40};
    try {
        backend.prepare(huge);
        QFAIL("no exception");
    } catch (const std::runtime_error& e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("of RAM but only")), e.what());
    }
}

// With no source given, a prepared copy's storage holds fillBytePattern's bytes, not a constant
// (some machines copy constant bytes faster: the benchmark would time another workload), across
// the page-sized ranges its threads fill; the copies move them as any other bytes.
void TestBandwidth::cpuSourceHoldsTheBytePattern() {
    CpuBackend backend(2);
    const std::int64_t rows = 257, columns = 4099; // a storage of several pages, no whole page per row
    const Layout transposed{{columns, rows}, {1, columns}, 0};
    const CopyProblem problem{transposed, 2, rows * columns};
    std::vector<unsigned char> storage(static_cast<std::size_t>(problem.sourceBytes()));
    fillBytePattern(storage.data(), std::int64_t(storage.size()));
    std::set<unsigned char> distinct(storage.begin(), storage.end());
    QVERIFY(distinct.size() > 100);
    auto prepared = backend.prepare(problem);
    prepared->run(CopyKernel::Baseline);
    std::vector<std::uint8_t> flat = prepared->destination();
    QVERIFY(std::equal(flat.begin(), flat.end(), storage.begin()));
    prepared->run(CopyKernel::Tiled);
    const std::vector<unsigned char> expected = gatherRowMajor(storage.data(), transposed, 2);
    const std::vector<std::uint8_t> moved = prepared->destination();
    QVERIFY(std::equal(moved.begin(), moved.end(), expected.begin(), expected.end()));
}

void TestBandwidth::cpuRefusesOtherElementSizes_data() {
    QTest::addColumn<int>("elementSize");
    for (int size : {0, 3, 12, 32})
        QTest::addRow("%d bytes", size) << size;
}

void TestBandwidth::cpuRefusesOtherElementSizes() {
    QFETCH(int, elementSize);
    CpuBackend backend(1);
    try {
        backend.prepare(CopyProblem{Layout{{64}, {1}, 0}, elementSize, 64});
        QFAIL("no exception");
    } catch (const std::invalid_argument& e) {
        QCOMPARE(QString::fromUtf8(e.what()),
                 QStringLiteral("element size must be 1, 2, 4, 8 or 16 bytes, not %1").arg(elementSize));
    }
}

void TestBandwidth::backendSelection() {
    QCOMPARE(backendChoiceFromName("auto"), std::optional(BackendChoice::Auto));
    QCOMPARE(backendChoiceFromName("gpu"), std::optional<BackendChoice>());
    auto cpu = selectBackend(BackendChoice::Cpu);
    QCOMPARE(cpu.backend->name(), std::string("cpu"));
    QVERIFY(cpu.note.empty());
    auto automatic = selectBackend(BackendChoice::Auto);
    const std::string reason = reasonCudaIsUnavailable();
    if (reason.empty()) {
        QCOMPARE(automatic.backend->name(), std::string("cuda"));
    } else {
        QCOMPARE(automatic.backend->name(), std::string("cpu"));
        QCOMPARE(automatic.note, reason + ": measuring on the CPU");
    }
    auto cuda = selectBackend(BackendChoice::Cuda);
    QCOMPARE(cuda.backend->name(), std::string("cuda"));
}

void TestBandwidth::cudaAvailabilityIsExplained() {
    auto cuda = makeCudaBackend();
    if (cuda->isAvailable()) {
        QVERIFY(cuda->unavailableReason().empty());
        return;
    }
    const std::string reason = cuda->unavailableReason();
    QVERIFY(!reason.empty());
    if (!STRIDESCOPE_HAVE_CUDA)
        QCOMPARE(reason, std::string("built without CUDA"));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, cuda->prepare(CopyProblem{Layout{{4}, {1}, 0}, 4, 4}));
    QCOMPARE(queryCudaDevices().error.empty(), false);
}

void TestBandwidth::cudaKernelsEqualContiguous_data() {
    // Skipping here skips every row at once, with one line saying why.
    const std::string reason = reasonCudaIsUnavailable();
    if (!reason.empty())
        QSKIP(qPrintable(QStringLiteral("CUDA backend unavailable: %1").arg(QString::fromStdString(reason))));
    addKernelRows();
}

void TestBandwidth::cudaKernelsEqualContiguous() {
    QFETCH(MakeView, make);
    QFETCH(DType, dtype);
    static auto backend = makeCudaBackend();
    checkKernels(*backend, make(dtype));
}

void TestBandwidth::cudaDeviceDescription() {
    const std::string reason = reasonCudaIsUnavailable();
    if (!reason.empty())
        QSKIP(qPrintable(QStringLiteral("CUDA backend unavailable: %1").arg(QString::fromStdString(reason))));
    auto backend = makeCudaBackend();
    const BackendInfo info = backend->info();
    QVERIFY(info.cudaDevice.has_value());
    QVERIFY(!info.device.empty());
    QVERIFY(info.parallelism > 0);
    QVERIFY(info.cudaDevice->memoryBusWidthBits > 0);
    QVERIFY(info.cudaDevice->memoryClockKHz > 0);
    QVERIFY(info.cudaDevice->l2CacheBytes > 0);
    QCOMPARE(*info.theoreticalPeakGBps,
             2.0 * info.cudaDevice->memoryClockKHz * 1e3 * info.cudaDevice->memoryBusWidthBits / 8.0 / 1e9);
}

void TestBandwidth::cudaMeasuresTransfersAndLayouts() {
    const std::string reason = reasonCudaIsUnavailable();
    if (!reason.empty())
        QSKIP(qPrintable(QStringLiteral("CUDA backend unavailable: %1").arg(QString::fromStdString(reason))));
    auto backend = makeCudaBackend();
    QVERIFY(backend->measuresTransfers());
    const auto transfers = backend->measureTransfers({4096, 1 << 20}, 2, {});
    QCOMPARE(int(transfers.size()), 2 * 2 * 2); // sizes x directions x pageable/pinned
    for (const auto& t : transfers)
        QVERIFY(t.gbpsMedian > 0);
    const ScaledLayout ws = scaleToWorkingSet(Layout{{6, 4}, {1, 6}, 0}, 4, 4 << 20);
    MeasureOptions options;
    options.repetitions = 3;
    const auto m = measureLayout(*backend, ws, options, defaultKernels(*backend, ws.layout));
    QCOMPARE(int(m.cases.size()), 4);
    for (const auto& c : m.cases)
        QVERIFY(c.gbpsMedian > 0);
}

void TestBandwidth::cudaRefusesWhatDoesNotFit() {
    const std::string reason = reasonCudaIsUnavailable();
    if (!reason.empty())
        QSKIP(qPrintable(QStringLiteral("CUDA backend unavailable: %1").arg(QString::fromStdString(reason))));
    auto backend = makeCudaBackend();
    const CopyProblem huge{Layout{{std::int64_t(1) << 42}, {1}, 0}, 8, std::int64_t(1) << 42};
    try {
        backend->prepare(huge);
        QFAIL("no exception");
    } catch (const std::runtime_error& e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("of device memory but only")), e.what());
    }
    // The backend stays usable after the refusal.
    auto small = backend->prepare(CopyProblem{Layout{{64}, {1}, 0}, 4, 64});
    QVERIFY(small->run(CopyKernel::Baseline) >= 0);
}

namespace {

struct BenchRun {
    int status = 0;
    std::string out;
    std::string err;
};

BenchRun bench(const std::vector<std::string>& args, const std::string& script) {
    std::istringstream in(script);
    std::ostringstream out, err;
    BenchRun run;
    run.status = app::runBenchCommand(args, in, out, err);
    run.out = out.str();
    run.err = err.str();
    return run;
}

const char* kTransposeScript = "import torch\nx = torch.arange(24, dtype=torch.float32).view(4, 6)\nx.t()\n";

} // namespace

void TestBandwidth::benchCommandRefuses_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("script");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("message");
    const QString ok = QString::fromLatin1(kTransposeScript);
    auto L = [](std::initializer_list<const char*> items) {
        QStringList list;
        for (auto item : items)
            list << QString::fromLatin1(item);
        return list;
    };
    QTest::newRow("--mib 0") << L({"--mib", "0"}) << ok << 2
                             << QStringLiteral("--mib 0: the working set must be a positive number of MiB");
    QTest::newRow("--mib negative") << L({"--mib", "-5"}) << ok << 2
                                    << QStringLiteral(
                                           "--mib -5: the working set must be a positive number of MiB");
    QTest::newRow("--mib not a number")
        << L({"--mib=lots"}) << ok << 2
        << QStringLiteral("--mib lots: the working set must be a positive number of MiB");
    QTest::newRow("--mib more than RAM")
        << L({"--mib", "1e9"}) << ok << 2 << QStringLiteral("--mib 1e9: more than this machine's RAM");
    QTest::newRow("--mib inf") << L({"--mib", "inf"}) << ok << 2
                               << QStringLiteral(
                                      "--mib inf: the working set must be a positive number of MiB");
    QTest::newRow("--repeat 0") << L({"--repeat", "0"}) << ok << 2
                                << QStringLiteral("--repeat 0: must be a whole number from 1 to 100000");
    QTest::newRow("--repeat 2.5") << L({"--repeat", "2.5"}) << ok << 2
                                  << QStringLiteral("--repeat 2.5: must be a whole number from 1 to 100000");
    QTest::newRow("unknown backend") << L({"--backend", "gpu"}) << ok << 2
                                     << QStringLiteral("unknown backend 'gpu' (auto, cpu or cuda)");
    QTest::newRow("unknown option") << L({"--fast"}) << ok << 2 << QStringLiteral("unknown option '--fast'");
    QTest::newRow("two scripts") << L({"a.py", "b.py"}) << ok << 2 << QStringLiteral("one script at a time");
    QTest::newRow("unreadable file") << L({"/nonexistent/x.py"}) << ok << 2
                                     << QStringLiteral("cannot read '/nonexistent/x.py'");
    QTest::newRow("no script given") << L({"--backend", "cpu"}) << ok << 2
                                     << QStringLiteral("no script given (a FILE, or - for standard input)");
    QTest::newRow("script error") << L({"--backend", "cpu", "-"})
                                  << QStringLiteral("import torch\nx = torch.zeros(3)\nx.view(2, 2)\n") << 1
                                  << QStringLiteral(
                                         "RuntimeError: shape '[2, 2]' is invalid for input of size 3");
    QTest::newRow("no tensor") << L({"--backend", "cpu", "-"}) << QStringLiteral("import torch\nn = 3\n") << 1
                               << QStringLiteral("the script produces no tensor; nothing to measure");
    QTest::newRow("a single element")
        << L({"--backend", "cpu", "-"}) << QStringLiteral("import torch\nx = torch.zeros(1)\n") << 1
        << QStringLiteral("the tensor has a single element");
    QTest::newRow("an empty tensor") << L({"--backend", "cpu", "-"})
                                     << QStringLiteral("import torch\nx = torch.zeros(0, 3)\n") << 1
                                     << QStringLiteral("the tensor is empty");
    const std::string reason = reasonCudaIsUnavailable();
    if (!reason.empty())
        QTest::newRow("cuda without a device")
            << L({"--backend", "cuda", "--mib", "1", "-"}) << ok << 1
            << QStringLiteral("cuda backend unavailable: ") + QString::fromStdString(reason);
}

void TestBandwidth::benchCommandRefuses() {
    QFETCH(QStringList, args);
    QFETCH(QString, script);
    QFETCH(int, status);
    QFETCH(QString, message);
    std::vector<std::string> argv;
    for (const auto& a : args)
        argv.push_back(a.toStdString());
    const auto run = bench(argv, script.toStdString());
    QCOMPARE(run.status, status);
    QVERIFY2(QString::fromStdString(run.err).contains(message), run.err.c_str());
    QVERIFY(run.out.empty());
}

void TestBandwidth::benchCommandJson() {
    const auto run = bench({"--json", "--mib", "1", "--repeat", "2", "-"}, kTransposeScript);
    QCOMPARE(run.status, 0);
    const std::string reason = reasonCudaIsUnavailable();
    if (!reason.empty())
        QCOMPARE(QString::fromStdString(run.err),
                 QStringLiteral("stridescope bench: %1: measuring on the CPU\n")
                     .arg(QString::fromStdString(reason)));
    const QStringList lines = QString::fromStdString(run.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QStringList cases;
    for (const auto& line : lines) {
        QJsonParseError error;
        const auto doc = QJsonDocument::fromJson(line.toUtf8(), &error);
        QVERIFY2(doc.isObject(), qPrintable(line));
        const QJsonObject o = doc.object();
        for (const char* key :
             {"backend", "case", "shape", "stride", "bytes_moved", "gbps_median", "gbps_best", "ms_median"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        cases << o.value(QStringLiteral("case")).toString();
        if (cases.last() == QLatin1String("theoretical_peak"))
            continue;
        QCOMPARE(o.value(QStringLiteral("view_shape")).toArray(), QJsonArray({6, 4}));
        QCOMPARE(o.value(QStringLiteral("view_stride")).toArray(), QJsonArray({1, 6}));
        QCOMPARE(o.value(QStringLiteral("dtype")).toString(), QStringLiteral("float32"));
        QCOMPARE(o.value(QStringLiteral("repetitions")).toInt(), 2);
        // The scaled layout is still a transpose, 1 MiB read: bytes moved = read + written.
        const auto shape = o.value(QStringLiteral("shape")).toArray();
        const auto stride = o.value(QStringLiteral("stride")).toArray();
        QCOMPARE(stride.at(0).toInteger(), qint64(1));
        QCOMPARE(stride.at(1).toInteger(), shape.at(0).toInteger());
        const qint64 bytes = shape.at(0).toInteger() * shape.at(1).toInteger() * 4;
        QCOMPARE(o.value(QStringLiteral("bytes_moved")).toInteger(), 2 * bytes);
        QVERIFY(o.value(QStringLiteral("gbps_median")).toDouble() > 0);
        QVERIFY(o.value(QStringLiteral("gbps_best")).toDouble() >=
                o.value(QStringLiteral("gbps_median")).toDouble());
        // The ratio to the same run's limit (the contiguous copy): 1 for the limit itself.
        const double vsLimit = o.value(QStringLiteral("vs_limit")).toDouble();
        QVERIFY(vsLimit > 0);
        if (cases.last() == QLatin1String("baseline_copy"))
            QCOMPARE(vsLimit, 1.0);
    }
    const QStringList expected =
        reason.empty() ? QStringList{QStringLiteral("read_through_layout"), QStringLiteral("tiled"),
                                     QStringLiteral("baseline_copy"), QStringLiteral("memcpy"),
                                     QStringLiteral("theoretical_peak")}
                       : QStringList{QStringLiteral("read_through_layout"), QStringLiteral("tiled"),
                                     QStringLiteral("baseline_copy"), QStringLiteral("memcpy")};
    QCOMPARE(cases, expected);
    // The model rides on the read-through-layout line.
    const auto first = QJsonDocument::fromJson(lines.at(0).toUtf8()).object();
    QVERIFY(first.value(QStringLiteral("coalescing_efficiency")).toDouble() < 0.13);
    QVERIFY(first.value(QStringLiteral("cpu_lines_per_element")).toDouble() > 0.99);
}

void TestBandwidth::benchCommandTable() {
    // No `import torch`: it is imported already, as in `eval`.
    const auto run = bench({"--backend", "cpu", "--mib", "1", "--repeat", "1", "-"},
                           "x = torch.arange(48, dtype=torch.int16).view(6, 8)\ny = x[:, 1:6]\n");
    QCOMPARE(run.status, 0);
    QVERIFY(run.err.empty());
    const QString out = QString::fromStdString(run.out);
    QVERIFY2(out.contains(QStringLiteral("tensor    shape [6, 5] stride [8, 1] offset 1 int16")),
             run.out.c_str());
    QVERIFY(out.contains(QStringLiteral("read_through_layout")));
    QVERIFY(out.contains(QStringLiteral("baseline_copy")));
    QVERIFY(!out.contains(QStringLiteral("tiled"))); // rows stay rows: nothing to tile
    // Ratios against the limit (the same run's contiguous copy), memcpy labelled as one thread.
    QVERIFY(out.contains(QStringLiteral("vs limit")));
    QVERIFY(!out.contains(QStringLiteral("vs baseline")));
    QVERIFY(out.contains(QStringLiteral("the limit: contiguous copy of the same bytes")));
    QVERIFY(out.contains(QStringLiteral("std::memcpy on 1 thread")));
}

void TestBandwidth::benchCommandMeasuresEveryElementSize_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<int>("elementSize");
    QTest::addColumn<bool>("tiled");
    QTest::newRow("complex128 transpose")
        << QStringLiteral("x = torch.zeros(64, 64, dtype=torch.complex128).t()\n")
        << QStringLiteral("complex128") << 16 << true;
    QTest::newRow("complex128 3-D permute with an offset")
        << QStringLiteral("x = torch.ones(5, 6, 7, dtype=torch.cdouble)[1:].permute(2, 0, 1)\n")
        << QStringLiteral("complex128") << 16 << true;
    QTest::newRow("complex128 narrowed rows (nothing to tile)")
        << QStringLiteral("x = (torch.arange(48.) * 1j).view(6, 8).to(torch.complex128)[:, 1:6]\n")
        << QStringLiteral("complex128") << 16 << false;
    QTest::newRow("complex128 broadcast")
        << QStringLiteral("x = torch.zeros(1, 9, dtype=torch.complex128).expand(7, 9)\n")
        << QStringLiteral("complex128") << 16 << false;
    QTest::newRow("complex128 conjugate view of a transpose")
        << QStringLiteral("x = torch.zeros(8, 5, dtype=torch.complex128).t().conj()\n")
        << QStringLiteral("complex128") << 16 << true;
    QTest::newRow("complex64 transpose")
        << QStringLiteral("x = torch.zeros(8, 5, dtype=torch.complex64).t()\n") << QStringLiteral("complex64")
        << 8 << true;
    QTest::newRow("float64 transpose") << QStringLiteral("x = torch.zeros(8, 5, dtype=torch.float64).t()\n")
                                       << QStringLiteral("float64") << 8 << true;
}

void TestBandwidth::benchCommandMeasuresEveryElementSize() {
    QFETCH(QString, script);
    QFETCH(QString, dtype);
    QFETCH(int, elementSize);
    QFETCH(bool, tiled);
    const auto run =
        bench({"--backend", "cpu", "--json", "--mib", "1", "--repeat", "2", "-"}, script.toStdString());
    QCOMPARE(run.status, 0);
    QVERIFY2(run.err.empty(), run.err.c_str());
    QStringList cases;
    for (const auto& line : QString::fromStdString(run.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
        QVERIFY2(!o.isEmpty(), qPrintable(line));
        cases << o.value(QStringLiteral("case")).toString();
        QCOMPARE(o.value(QStringLiteral("dtype")).toString(), dtype);
        QCOMPARE(o.value(QStringLiteral("element_size")).toInt(), elementSize);
        // Read + written: 2 x numel x the element size of the scaled layout, about 1 MiB read.
        qint64 numel = 1;
        for (const auto& s : o.value(QStringLiteral("shape")).toArray())
            numel *= s.toInteger();
        QCOMPARE(o.value(QStringLiteral("bytes_moved")).toInteger(), 2 * numel * elementSize);
        QVERIFY(std::abs(double(numel * elementSize) / double(kMiB) - 1.0) < 0.1);
        QVERIFY(o.value(QStringLiteral("gbps_median")).toDouble() > 0);
    }
    QStringList expected{QStringLiteral("read_through_layout")};
    if (tiled)
        expected << QStringLiteral("tiled");
    expected << QStringLiteral("baseline_copy") << QStringLiteral("memcpy");
    QCOMPARE(cases, expected);
}

void TestBandwidth::benchCommandTableOfComplex128() {
    // The issue's command: a complex128 transpose was refused ("element size must be 1, 2, 4 or 8
    // bytes, not 16"); it is measured like any other dtype.
    const auto run = bench({"--backend", "cpu", "--mib", "8", "--repeat", "2", "-"},
                           "x = torch.zeros(64, 64, dtype=torch.complex128).t()\n");
    QCOMPARE(run.status, 0);
    QVERIFY2(run.err.empty(), run.err.c_str());
    const QString out = QString::fromStdString(run.out);
    QVERIFY2(out.contains(QStringLiteral("tensor    shape [64, 64] stride [1, 64] offset 0 complex128")),
             run.out.c_str());
    // 8 MiB of 16-byte elements: 724 x 724, still a transpose.
    QVERIFY2(
        out.contains(QStringLiteral("measured  shape [724, 724] stride [1, 724] offset 0 (8.0 MiB read")),
        run.out.c_str());
    for (const char* name : {"read_through_layout", "tiled", "baseline_copy", "memcpy"})
        QVERIFY2(out.contains(
                     QRegularExpression(QStringLiteral("\\n%1 +[0-9.]+ +[0-9.]+").arg(QLatin1String(name)))),
                 name);
    QVERIFY(!out.contains(QStringLiteral("element size")));
}

STRIDESCOPE_TEST_GUILESS_MAIN(TestBandwidth)
#include "tst_bandwidth.moc"
