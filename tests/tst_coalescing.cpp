// The coalescing model (core/CoalescingModel.h) against brute force: every address of the
// row-major walk computed one by one, grouped by warp, sectors and lines counted with std::set.
// Named rows state textbook figures (a contiguous fp32 warp is 4 sectors; a transposed one 32);
// a seeded sweep of random layouts covers steps, negative strides, overlaps and offsets.
#include "core/Analysis.h"
#include "core/CoalescingModel.h"
#include "core/Ops.h"

#include "TestMain.h"
#include <QTest>

#include <random>
#include <set>

using namespace stridescope;

namespace {

std::int64_t floorDiv(std::int64_t a, std::int64_t b) {
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

// Every logical element's storage index, by the definition offset + Σ i_k · s_k.
std::vector<std::int64_t> addresses(const Layout& l) {
    std::vector<std::int64_t> out;
    const auto n = l.numel();
    for (std::int64_t i = 0; i < n; ++i) {
        std::int64_t rest = i, at = l.storageOffset;
        for (auto d = l.dim() - 1; d >= 0; --d) {
            at += (rest % l.sizes[d]) * l.strides[d];
            rest /= l.sizes[d];
        }
        out.push_back(at);
    }
    return out;
}

GpuCoalescing bruteGpu(const Layout& l, int itemSize, const CoalescingGeometry& g = {}) {
    const auto a = addresses(l);
    GpuCoalescing total;
    total.threads = static_cast<std::int64_t>(a.size());
    for (std::size_t w = 0; w < a.size(); w += g.warpSize) {
        const auto threads = std::min<std::size_t>(g.warpSize, a.size() - w);
        std::set<std::int64_t> sectors, lines;
        for (std::size_t t = w; t < w + threads; ++t) {
            sectors.insert(floorDiv(a[t] * itemSize, g.sectorBytes));
            lines.insert(floorDiv(a[t] * itemSize, g.lineBytes));
        }
        ++total.requests;
        total.sectors += static_cast<std::int64_t>(sectors.size());
        total.lines += static_cast<std::int64_t>(lines.size());
        total.idealSectors +=
            (static_cast<std::int64_t>(threads) * itemSize + g.sectorBytes - 1) / g.sectorBytes;
        total.idealLines += (static_cast<std::int64_t>(threads) * itemSize + g.lineBytes - 1) / g.lineBytes;
    }
    return total;
}

CpuLineTraffic bruteCpu(const Layout& l, int itemSize, const CoalescingGeometry& g = {}) {
    const auto a = addresses(l);
    CpuLineTraffic traffic;
    traffic.elements = static_cast<std::int64_t>(a.size());
    traffic.idealLines = (traffic.elements * itemSize + g.cpuLineBytes - 1) / g.cpuLineBytes;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (i == 0 ||
            floorDiv(a[i] * itemSize, g.cpuLineBytes) != floorDiv(a[i - 1] * itemSize, g.cpuLineBytes))
            ++traffic.lineFetches;
    return traffic;
}

bool sameGpu(const GpuCoalescing& a, const GpuCoalescing& b) {
    return a.requests == b.requests && a.threads == b.threads && a.sectors == b.sectors &&
           a.lines == b.lines && a.idealSectors == b.idealSectors && a.idealLines == b.idealLines;
}

QString describe(const Layout& l, int itemSize) {
    auto list = [](const Shape& s) {
        QStringList parts;
        for (auto v : s)
            parts << QString::number(v);
        return parts.join(QLatin1Char(','));
    };
    return QStringLiteral("sizes (%1) strides (%2) offset %3 itemsize %4")
        .arg(list(l.sizes), list(l.strides))
        .arg(l.storageOffset)
        .arg(itemSize);
}

} // namespace

Q_DECLARE_METATYPE(stridescope::Layout)

class TestCoalescing : public QObject {
    Q_OBJECT

private slots:
    void textbookFigures_data();
    void textbookFigures();
    void matchesBruteForce_data();
    void matchesBruteForce();
    void randomLayoutsMatchBruteForce();
    void otherGeometries();
    void singleWarpRequest();
    void largeLayoutsAreFast();
    void emptyAndScalar();
};

void TestCoalescing::textbookFigures_data() {
    QTest::addColumn<Layout>("layout");
    QTest::addColumn<int>("itemSize");
    QTest::addColumn<double>("sectorsPerRequest");
    QTest::addColumn<double>("efficiency");
    QTest::addColumn<double>("cpuLinesPerElement");
    // 32 fp32 = 128 bytes = 4 sectors, all used; a CPU line holds 16 of them.
    QTest::newRow("contiguous fp32") << Layout{{4096}, {1}, 0} << 4 << 4.0 << 1.0 << 1.0 / 16;
    // Each thread in its own sector: 32 sectors for 4 sectors' worth of bytes.
    QTest::newRow("transposed fp32 (4096 x 4096)")
        << Layout{{4096, 4096}, {1, 4096}, 0} << 4 << 32.0 << 0.125 << 1.0;
    // Step 2: 256 bytes spanned, 8 sectors, half of each used.
    QTest::newRow("step 2 fp32") << Layout{{4096}, {2}, 0} << 4 << 8.0 << 0.5 << 1.0 / 8;
    // Offset of one element: every warp straddles one extra sector.
    QTest::newRow("contiguous fp32 off by one") << Layout{{4096}, {1}, 1} << 4 << 5.0 << 0.8 << 1.0 / 16;
    // A broadcast: all 32 threads read one sector (efficiency above 1, like nvprof's).
    QTest::newRow("stride 0 fp32") << Layout{{4096}, {0}, 0} << 4 << 1.0 << 4.0 << 1.0 / 4096;
    // fp64 contiguous: 256 bytes, 8 sectors.
    QTest::newRow("contiguous fp64") << Layout{{1024}, {1}, 0} << 8 << 8.0 << 1.0 << 1.0 / 8;
    // int8 contiguous: 32 bytes, exactly one sector.
    QTest::newRow("contiguous int8") << Layout{{1024}, {1}, 0} << 1 << 1.0 << 1.0 << 1.0 / 64;
}

void TestCoalescing::textbookFigures() {
    QFETCH(Layout, layout);
    QFETCH(int, itemSize);
    QFETCH(double, sectorsPerRequest);
    QFETCH(double, efficiency);
    QFETCH(double, cpuLinesPerElement);
    const auto gpu = gpuCoalescing(layout, itemSize);
    QVERIFY(gpu.has_value());
    QCOMPARE(gpu->sectorsPerRequest(), sectorsPerRequest);
    QCOMPARE(gpu->efficiency(), efficiency);
    // Within one line of the formula: the first access always fetches.
    const auto cpu = cpuLineTraffic(layout, itemSize);
    QVERIFY2(std::abs(cpu.linesPerElement() - cpuLinesPerElement) <= 1.0 / double(layout.numel()),
             qPrintable(QString::number(cpu.linesPerElement())));
}

void TestCoalescing::matchesBruteForce_data() {
    QTest::addColumn<Layout>("layout");
    QTest::addColumn<int>("itemSize");
    auto add = [](const char* name, const Tensor& t) {
        for (int size : {1, 2, 4, 8})
            QTest::addRow("%s, %d-byte items", name, size) << t.layout() << size;
    };
    auto A = [](std::int64_t n) {
        return ops::arange(Scalar::fromInt(0), Scalar::fromInt(n), Scalar::fromInt(1), std::nullopt);
    };
    add("transpose 33x65", ops::t(ops::view(A(33 * 65), {33, 65})));
    add("transpose 64x96 (rows a warp multiple)", ops::t(ops::view(A(64 * 96), {64, 96})));
    add("NCHW to NHWC, C = 3", ops::permute(ops::view(A(2 * 3 * 8 * 8), {2, 3, 8, 8}), {0, 2, 3, 1}));
    add("NHWC to NCHW, C = 32", ops::permute(ops::view(A(2 * 8 * 8 * 32), {2, 8, 8, 32}), {0, 3, 1, 2}));
    add("narrow 17 of 40 columns", ops::narrow(ops::view(A(30 * 40), {30, 40}), 1, 5, 17));
    add("rows of 32, every other row", ops::slice(ops::view(A(20 * 32), {20, 32}), 0, 1, std::nullopt, 2));
    add("step 3", ops::slice(A(500), 0, 7, std::nullopt, 3));
    add("diagonal", ops::diagonal(ops::view(A(50 * 50), {50, 50}), 0, 0, 1));
    add("unfold windows of 8 every 3", ops::unfold(A(300), 0, 8, 3));
    add("expand a column", ops::expand(ops::view(A(40), {40, 1}), {40, 70}));
    add("expand a row", ops::expand(ops::view(A(70), {1, 70}), {40, 70}));
    add("rank 5 permute", ops::permute(ops::view(A(2 * 3 * 4 * 5 * 6), {2, 3, 4, 5, 6}), {4, 2, 0, 3, 1}));
    add("select leaves an odd offset", ops::select(ops::view(A(7 * 64), {7, 64}), 0, 3));
}

void TestCoalescing::matchesBruteForce() {
    QFETCH(Layout, layout);
    QFETCH(int, itemSize);
    const auto model = gpuCoalescing(layout, itemSize);
    QVERIFY(model.has_value());
    QVERIFY(sameGpu(*model, bruteGpu(layout, itemSize)));
    const auto cpu = cpuLineTraffic(layout, itemSize);
    const auto brute = bruteCpu(layout, itemSize);
    QCOMPARE(cpu.lineFetches, brute.lineFetches);
    QCOMPARE(cpu.idealLines, brute.idealLines);
    QCOMPARE(cpu.elements, brute.elements);
}

void TestCoalescing::randomLayoutsMatchBruteForce() {
    // Sizes up to 70 (rows that are, and are not, warp multiples), strides 0, 1, small and large,
    // negative, offsets that misalign; all with the same seed on every run.
    std::mt19937_64 rng(20240601);
    int checked = 0;
    while (checked < 1500) {
        Layout l;
        const int rank = static_cast<int>(rng() % 5);
        for (int d = 0; d < rank; ++d) {
            l.sizes.push_back(1 + static_cast<std::int64_t>(rng() % (rng() % 3 == 0 ? 70 : 9)));
            const int kind = static_cast<int>(rng() % 6);
            std::int64_t stride = kind == 0 ? 0 : kind == 1 ? 1 : static_cast<std::int64_t>(rng() % 200);
            if (rng() % 7 == 0)
                stride = -stride;
            l.strides.push_back(stride);
        }
        l.storageOffset = 20000 + static_cast<std::int64_t>(rng() % 50); // keeps negative strides in range
        if (l.numel() > 20000)
            continue;
        const int itemSize = 1 << (rng() % 4);
        const auto model = gpuCoalescing(l, itemSize);
        QVERIFY(model.has_value());
        if (!sameGpu(*model, bruteGpu(l, itemSize)))
            QFAIL(qPrintable(QStringLiteral("GPU model differs: ") + describe(l, itemSize)));
        if (cpuLineTraffic(l, itemSize).lineFetches != bruteCpu(l, itemSize).lineFetches)
            QFAIL(qPrintable(QStringLiteral("CPU model differs: ") + describe(l, itemSize)));
        ++checked;
    }
}

void TestCoalescing::otherGeometries() {
    // 64-byte sectors and 16-thread "warps": the model is not tied to 32/32/128.
    CoalescingGeometry g;
    g.warpSize = 16;
    g.sectorBytes = 64;
    g.lineBytes = 256;
    g.cpuLineBytes = 128;
    for (const Layout& l :
         {Layout{{33, 65}, {1, 33}, 3}, Layout{{48, 16}, {20, 1}, 5}, Layout{{100}, {3}, 1}}) {
        for (int itemSize : {1, 4, 8}) {
            const auto model = gpuCoalescing(l, itemSize, g);
            QVERIFY(model.has_value());
            QVERIFY2(sameGpu(*model, bruteGpu(l, itemSize, g)), qPrintable(describe(l, itemSize)));
            QCOMPARE(cpuLineTraffic(l, itemSize, g).lineFetches, bruteCpu(l, itemSize, g).lineFetches);
        }
    }
}

void TestCoalescing::singleWarpRequest() {
    const Layout l{{33, 65}, {1, 33}, 3};
    const auto a = addresses(l);
    const std::int64_t warps = (l.numel() + 31) / 32;
    for (std::int64_t w = 0; w < warps; ++w) {
        const auto request = warpRequest(l, 4, w);
        std::set<std::int64_t> sectors, lines;
        const auto first = static_cast<std::size_t>(w * 32);
        const auto threads = std::min<std::size_t>(32, a.size() - first);
        for (std::size_t t = first; t < first + threads; ++t) {
            sectors.insert(a[t] * 4 / 32);
            lines.insert(a[t] * 4 / 128);
        }
        QCOMPARE(request.threads, std::int64_t(threads));
        QCOMPARE(request.sectors, std::int64_t(sectors.size()));
        QCOMPARE(request.lines, std::int64_t(lines.size()));
        QCOMPARE(request.idealSectors, (std::int64_t(threads) * 4 + 31) / 32);
    }
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, warpRequest(l, 4, warps));
}

void TestCoalescing::largeLayoutsAreFast() {
    // Residue counting makes these independent of numel: a 2^40-element transpose and a
    // 64 GiB-storage NHWC layout cost microseconds, and their figures are the textbook ones.
    const auto huge = gpuCoalescing(Layout{{1 << 20, 1 << 20}, {1, 1 << 20}, 0}, 4);
    QVERIFY(huge.has_value());
    QCOMPARE(huge->sectorsPerRequest(), 32.0);
    QCOMPARE(cpuLineTraffic(Layout{{1 << 20, 1 << 20}, {1, 1 << 20}, 0}, 4).linesPerElement(), 1.0);
    const auto nhwc = gpuCoalescing(Layout{{256, 224, 224, 64}, {3211264, 224, 1, 50176}, 0}, 4);
    QVERIFY(nhwc.has_value());
    QCOMPARE(nhwc->sectorsPerRequest(), 32.0);
    // A layout that needs enumeration says so instead of running for hours.
    QVERIFY(!gpuCoalescing(Layout{{(std::int64_t(1) << 31) + 1, 3}, {5, 1}, 0}, 4, {}, 1 << 20).has_value());
}

void TestCoalescing::emptyAndScalar() {
    const auto empty = gpuCoalescing(Layout{{0, 5}, {5, 1}, 0}, 4);
    QVERIFY(empty.has_value());
    QCOMPARE(empty->requests, std::int64_t(0));
    QCOMPARE(empty->efficiency(), 1.0);
    QCOMPARE(cpuLineTraffic(Layout{{0}, {1}, 0}, 4).lineFetches, std::int64_t(0));
    const auto scalar = gpuCoalescing(Layout{{}, {}, 7}, 8);
    QVERIFY(scalar.has_value());
    QCOMPARE(scalar->requests, std::int64_t(1));
    QCOMPARE(scalar->sectors, std::int64_t(1));
    QCOMPARE(cpuLineTraffic(Layout{{}, {}, 7}, 8).lineFetches, std::int64_t(1));
}

STRIDESCOPE_TEST_GUILESS_MAIN(TestCoalescing)
#include "tst_coalescing.moc"
