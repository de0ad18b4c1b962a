// Layout analysis: contiguity flags and dense-stride inference against PyTorch 1.13 (rows
// generated with Debian's python3-torch: as_strided views of one storage, `torch.empty_like`
// telling non-overlapping-and-dense apart), and the view rule, extent and fan-in against brute force.
#include "core/Analysis.h"
#include "core/Error.h"
#include "core/Layout.h"
#include "core/LayoutWalk.h"
#include "core/Ops.h"

#include "TestMain.h"
#include <QtTest>

#include <algorithm>
#include <limits>
#include <random>
#include <set>

using namespace stridescope;

Q_DECLARE_METATYPE(stridescope::Shape)

namespace {

QString describe(const Shape& sizes, const Shape& strides, std::int64_t offset) {
    return QString::fromStdString(concatMessage("sizes ", sizes, " strides ", strides, " offset ", offset));
}

// Every storage index the layout reaches, by brute force over the index space.
std::vector<std::int64_t> bruteForceMap(const Layout& layout) {
    std::vector<std::int64_t> result;
    const auto n = layout.numel();
    for (std::int64_t linear = 0; linear < n; ++linear) {
        std::int64_t rest = linear, at = layout.storageOffset;
        for (std::int64_t d = layout.dim() - 1; d >= 0; --d) {
            at += (rest % layout.sizes[d]) * layout.strides[d];
            rest /= layout.sizes[d];
        }
        result.push_back(at);
    }
    return result;
}

Layout randomLayout(std::mt19937& rng) {
    std::uniform_int_distribution<int> rank(0, 4), size(0, 4), stride(0, 13), offset(0, 3);
    Layout layout;
    const int r = rank(rng);
    for (int d = 0; d < r; ++d) {
        layout.sizes.push_back(size(rng));
        layout.strides.push_back(stride(rng));
    }
    layout.storageOffset = offset(rng);
    return layout;
}

} // namespace

class TestAnalysis : public QObject {
    Q_OBJECT

private slots:
    void flagsMatchPyTorch_data();
    void flagsMatchPyTorch();
    void viewRuleKeepsEveryElementInPlace();
    void viewRuleRefusesOnlyImpossibleViews();
    void extentAndFanInMatchBruteForce();
    void exactOverlapAgreesWithFanIn();
    void layoutWalkMatchesBruteForce_data();
    void layoutWalkMatchesBruteForce();
    void layoutWalkMatchesBruteForceOnRandomLayouts();
    void addressFormulaSpellsTheSum();
    void contiguityExplanationNamesTheFirstBadDim();
    void inferSizeErrors_data();
    void inferSizeErrors();
};

void TestAnalysis::flagsMatchPyTorch_data() {
    QTest::addColumn<Shape>("sizes");
    QTest::addColumn<Shape>("strides");
    QTest::addColumn<qint64>("offset");
    QTest::addColumn<bool>("contiguous");
    QTest::addColumn<bool>("channelsLast");
    QTest::addColumn<bool>("nonOverlappingAndDense");
    QTest::addColumn<Shape>("denseStrides");
    auto addRow = [](Shape sizes, Shape strides, qint64 offset, bool contiguous, bool channelsLast, bool dense,
                     Shape denseStrides) {
        const QString name = describe(sizes, strides, offset);
        QTest::newRow(qPrintable(name)) << sizes << strides << offset << contiguous << channelsLast << dense
                                        << denseStrides;
    };
    addRow({2, 3, 4}, {12, 4, 1}, 0, true, false, true, {12, 4, 1});
    addRow({3, 2, 4}, {4, 12, 1}, 0, false, false, true, {4, 12, 1});
    addRow({4, 3, 2}, {1, 4, 12}, 0, false, false, true, {1, 4, 12});
    addRow({2, 3, 4}, {0, 4, 1}, 0, false, false, false, {12, 4, 1});
    addRow({2, 2}, {1, 1}, 0, false, false, false, {2, 1});
    addRow({2, 3, 2}, {6, 2, 1}, 0, true, false, true, {6, 2, 1});
    addRow({1, 3, 4, 5}, {60, 1, 15, 3}, 0, false, true, true, {60, 1, 15, 3});
    addRow({2, 1, 3, 4}, {12, 12, 4, 1}, 0, true, true, true, {12, 12, 4, 1});
    addRow({2, 3, 0, 4}, {0, 1, 12, 3}, 0, true, true, true, {0, 1, 12, 3});
    addRow({0, 3}, {5, 1}, 0, true, false, true, {5, 1});
    addRow({3}, {2}, 0, false, false, false, {1});
    addRow({1}, {7}, 0, true, false, true, {7});
    addRow({}, {}, 3, true, false, true, {});
    addRow({2, 3, 4, 5}, {60, 1, 15, 3}, 0, false, true, true, {60, 1, 15, 3});
    addRow({2, 3, 4, 5}, {60, 20, 5, 1}, 0, true, false, true, {60, 20, 5, 1});
    addRow({2, 3, 4, 5}, {1, 2, 6, 24}, 0, false, false, true, {1, 2, 6, 24});
    addRow({5, 1}, {1, 5}, 0, true, false, true, {1, 5});
    addRow({4, 4}, {1, 3}, 0, false, false, false, {1, 4});
    addRow({3, 3}, {3, 0}, 0, false, false, false, {3, 1});
    addRow({2, 3}, {3, 1}, 5, true, false, true, {3, 1});
    addRow({1, 2, 4}, {0, 1, 1}, 2, false, false, false, {8, 1, 2});
    addRow({3}, {3}, 0, false, false, false, {1});
    addRow({2}, {12}, 0, false, false, false, {1});
    addRow({0, 3}, {12, 0}, 0, true, false, true, {12, 0});
    addRow({4, 4}, {0, 12}, 0, false, false, false, {4, 1});
    addRow({0, 3}, {2, 4}, 3, true, false, true, {2, 4});
    addRow({3, 0}, {4, 2}, 0, true, false, true, {4, 2});
    addRow({1, 0}, {1, 0}, 1, true, false, true, {1, 0});
    addRow({4, 3, 2, 1}, {24, 24, 6, 4}, 1, false, false, false, {6, 2, 1, 1});
    addRow({4, 1}, {1, 4}, 3, true, false, true, {1, 4});
    addRow({4, 2, 1}, {1, 1, 12}, 1, false, false, false, {2, 1, 8});
    addRow({1, 2, 2}, {0, 1, 6}, 2, false, false, false, {4, 1, 2});
    addRow({3, 2, 3}, {24, 1, 1}, 2, false, false, false, {6, 1, 2});
    addRow({4, 4, 0, 0}, {4, 24, 4, 12}, 2, true, false, true, {4, 24, 4, 12});
    addRow({2}, {6}, 1, false, false, false, {1});
    addRow({2}, {0}, 1, false, false, false, {1});
    addRow({1, 4, 1}, {12, 12, 24}, 0, false, false, false, {1, 1, 4});
    addRow({2, 2}, {4, 2}, 3, false, false, false, {2, 1});
    addRow({4, 2, 1}, {12, 3, 2}, 0, false, false, false, {2, 1, 1});
    addRow({1, 1}, {3, 0}, 3, true, false, true, {3, 0});
    addRow({1, 1}, {0, 2}, 3, true, false, true, {0, 2});
    addRow({3, 3, 1}, {2, 0, 24}, 3, false, false, false, {1, 3, 9});
    addRow({2, 2, 0, 2}, {12, 0, 3, 1}, 1, true, false, true, {12, 0, 3, 1});
    addRow({1, 0, 1, 3}, {0, 1, 0, 2}, 0, true, false, true, {0, 1, 0, 2});
    addRow({3, 0, 0}, {3, 12, 2}, 2, true, false, true, {3, 12, 2});
    addRow({3, 1, 2}, {1, 1, 24}, 3, false, false, false, {1, 1, 3});
    addRow({2, 1, 0, 1}, {1, 6, 4, 24}, 1, true, false, true, {1, 6, 4, 24});
    addRow({1}, {6}, 1, true, false, true, {6});
    addRow({3}, {4}, 0, false, false, false, {1});
    addRow({3, 1, 1}, {6, 3, 6}, 1, false, false, false, {1, 1, 1});
    addRow({1, 2}, {3, 3}, 3, false, false, false, {1, 1});
    addRow({4, 0, 0}, {4, 24, 4}, 1, true, false, true, {4, 24, 4});
    addRow({2, 4, 1}, {6, 1, 3}, 0, false, false, false, {4, 1, 4});
    addRow({2, 1}, {6, 3}, 3, false, false, false, {1, 1});
    addRow({2}, {6}, 0, false, false, false, {1});
    addRow({2}, {3}, 3, false, false, false, {1});
    addRow({2, 4}, {6, 1}, 3, false, false, false, {4, 1});
    addRow({2, 4, 0, 4}, {2, 2, 2, 0}, 1, true, false, true, {2, 2, 2, 0});
    addRow({4, 1, 3, 3}, {24, 6, 2, 2}, 0, false, false, false, {9, 9, 3, 1});
    addRow({4}, {1}, 1, true, false, true, {1});
}

void TestAnalysis::flagsMatchPyTorch() {
    QFETCH(Shape, sizes);
    QFETCH(Shape, strides);
    QFETCH(qint64, offset);
    QFETCH(bool, contiguous);
    QFETCH(bool, channelsLast);
    QFETCH(bool, nonOverlappingAndDense);
    QFETCH(Shape, denseStrides);
    const Layout layout{sizes, strides, offset};
    QCOMPARE(isContiguous(layout), contiguous);
    QCOMPARE(isChannelsLastContiguous(layout), channelsLast);
    QCOMPARE(isNonOverlappingAndDense(layout), nonOverlappingAndDense);
    // empty_like(preserve) keeps the strides of a dense input and infers them otherwise.
    if (!nonOverlappingAndDense)
        QCOMPARE(inferDenseStrides(sizes, strides), denseStrides);
    // A clone follows the same rule and copies every value to the same logical place.
    auto storage = ops::arange(Scalar::fromInt(0), Scalar::fromInt(4096), Scalar::fromInt(1), std::nullopt);
    const Tensor view = ops::asStrided(storage, sizes, strides, offset);
    const Tensor copy = ops::clone(view);
    QCOMPARE(copy.strides(), denseStrides);
    QVERIFY(!copy.sharesStorageWith(view));
    QCOMPARE(copy.values(), view.values());
}

void TestAnalysis::viewRuleKeepsEveryElementInPlace() {
    // Whenever computeViewStrides grants a view, reading the new layout must visit exactly the
    // storage elements the old one does, in the same row-major order.
    std::mt19937 rng(2024);
    int granted = 0;
    for (int trial = 0; trial < 4000; ++trial) {
        const Layout old = randomLayout(rng);
        const auto numel = old.numel();
        if (numel == 0)
            continue;
        // A random factorisation of numel into 1-4 dims, with 1s sprinkled in.
        Shape shape;
        std::int64_t rest = numel;
        std::uniform_int_distribution<int> coin(0, 3);
        while (rest > 1) {
            std::int64_t factor = rest;
            for (std::int64_t f = 2; f <= rest; ++f)
                if (rest % f == 0 && coin(rng) == 0) {
                    factor = f;
                    break;
                }
            shape.push_back(factor);
            rest /= factor;
            if (coin(rng) == 0)
                shape.push_back(1);
        }
        const auto strides = computeViewStrides(old.sizes, old.strides, shape);
        if (!strides)
            continue;
        ++granted;
        const Layout viewed{shape, *strides, old.storageOffset};
        QCOMPARE(bruteForceMap(viewed), bruteForceMap(old));
    }
    QVERIFY2(granted > 500, "too few views were granted for the property to mean anything");
}

void TestAnalysis::viewRuleRefusesOnlyImpossibleViews() {
    // Flattening to 1-D is possible exactly when the old layout's elements sit at a constant
    // step in row-major order, which brute force can decide independently.
    std::mt19937 rng(99);
    for (int trial = 0; trial < 3000; ++trial) {
        const Layout old = randomLayout(rng);
        const auto numel = old.numel();
        if (numel < 2)
            continue;
        const auto map = bruteForceMap(old);
        const std::int64_t step = map[1] - map[0];
        bool arithmetic = step >= 0;
        for (std::size_t i = 1; i < map.size(); ++i)
            arithmetic &= map[i] - map[i - 1] == step;
        const auto strides = computeViewStrides(old.sizes, old.strides, {numel});
        QVERIFY2(strides.has_value() == arithmetic, qPrintable(describe(old.sizes, old.strides, old.storageOffset)));
    }
}

void TestAnalysis::extentAndFanInMatchBruteForce() {
    std::mt19937 rng(5);
    for (int trial = 0; trial < 2000; ++trial) {
        const Layout layout = randomLayout(rng);
        const auto map = bruteForceMap(layout);
        QCOMPARE(logicalToStorage(layout), map);
        const auto extent = extentOf(layout);
        QCOMPARE(extent.has_value(), !map.empty());
        if (map.empty())
            continue;
        QCOMPARE(extent->lowest, *std::min_element(map.begin(), map.end()));
        QCOMPARE(extent->highest, *std::max_element(map.begin(), map.end()));
        std::map<std::int64_t, std::int64_t> counts;
        for (auto at : map)
            ++counts[at];
        QCOMPARE(fanIn(layout), counts);
    }
}

void TestAnalysis::exactOverlapAgreesWithFanIn() {
    std::mt19937 rng(11);
    for (int trial = 0; trial < 2000; ++trial) {
        const Layout layout = randomLayout(rng);
        const auto map = bruteForceMap(layout);
        const std::set<std::int64_t> distinct(map.begin(), map.end());
        QCOMPARE(hasInternalOverlap(layout), distinct.size() < map.size());
        const auto report = analyse(layout);
        QCOMPARE(report.internalOverlap, distinct.size() < map.size());
        // PyTorch's conservative check never says "yes" without a real overlap.
        if (internalOverlap(layout) == MemOverlap::Yes)
            QVERIFY(report.internalOverlap);
        if (isNonOverlappingAndDense(layout))
            QVERIFY(!report.internalOverlap);
    }
}

namespace {

// Both walks of core/LayoutWalk.h over the first min(numel, limit) elements, checked element by
// element against the brute-force map and the logical index recomputed from the linear one.
void checkLayoutWalks(const Layout& layout, std::int64_t limit) {
    const auto map = bruteForceMap(layout);
    const auto expected = static_cast<std::size_t>(std::clamp<std::int64_t>(limit, 0, layout.numel()));
    const QString where =
        describe(layout.sizes, layout.strides, layout.storageOffset) + " limit " + QString::number(limit);
    std::vector<std::int64_t> walked;
    forEachStorageIndex(layout, limit, [&](std::int64_t at, std::int64_t i) {
        QVERIFY2(i == static_cast<std::int64_t>(walked.size()), qPrintable(where));
        walked.push_back(at);
    });
    QVERIFY2(walked == std::vector<std::int64_t>(map.begin(), map.begin() + expected), qPrintable(where));
    std::size_t seen = 0;
    forEachIndexAndStorage(layout, limit, [&](const Shape& index, std::int64_t at, std::int64_t i) {
        QVERIFY2(i == static_cast<std::int64_t>(seen), qPrintable(where));
        Shape logical(layout.sizes.size(), 0);
        for (std::int64_t d = layout.dim() - 1, rest = i; d >= 0; --d) {
            logical[static_cast<std::size_t>(d)] = rest % layout.sizes[static_cast<std::size_t>(d)];
            rest /= layout.sizes[static_cast<std::size_t>(d)];
        }
        QVERIFY2(index == logical, qPrintable(where));
        QVERIFY2(at == storageIndexOf(layout, index) && at == map[seen], qPrintable(where));
        ++seen;
    });
    QVERIFY2(seen == expected, qPrintable(where));
}

} // namespace

void TestAnalysis::layoutWalkMatchesBruteForce_data() {
    QTest::addColumn<Shape>("sizes");
    QTest::addColumn<Shape>("strides");
    QTest::addColumn<qint64>("offset");
    QTest::addColumn<qint64>("limit");
    const qint64 all = std::numeric_limits<qint64>::max();
    QTest::newRow("0-dim") << Shape{} << Shape{} << qint64(5) << all;
    QTest::newRow("0-dim, limit 0") << Shape{} << Shape{} << qint64(5) << qint64(0);
    QTest::newRow("empty inner dim") << Shape{3, 0} << Shape{1, 1} << qint64(0) << all;
    QTest::newRow("empty outer dim") << Shape{0, 4} << Shape{4, 1} << qint64(2) << all;
    QTest::newRow("1-D with offset") << Shape{5} << Shape{3} << qint64(2) << all;
    QTest::newRow("contiguous 3-D") << Shape{2, 3, 4} << Shape{12, 4, 1} << qint64(0) << all;
    QTest::newRow("transposed") << Shape{4, 3} << Shape{1, 4} << qint64(1) << all;
    QTest::newRow("expanded (stride 0)") << Shape{3, 1, 4} << Shape{0, 7, 1} << qint64(3) << all;
    QTest::newRow("limit inside a row") << Shape{3, 4} << Shape{4, 1} << qint64(0) << qint64(6);
    QTest::newRow("limit at a row's end") << Shape{3, 4} << Shape{4, 1} << qint64(0) << qint64(8);
    QTest::newRow("limit negative") << Shape{3, 4} << Shape{4, 1} << qint64(0) << qint64(-1);
    QTest::newRow("size-1 inner dim") << Shape{2, 3, 1} << Shape{3, 1, 9} << qint64(0) << all;
    QTest::newRow("permuted 4-D") << Shape{2, 4, 5, 3} << Shape{60, 5, 1, 20} << qint64(0) << all;
}

void TestAnalysis::layoutWalkMatchesBruteForce() {
    QFETCH(Shape, sizes);
    QFETCH(Shape, strides);
    QFETCH(qint64, offset);
    QFETCH(qint64, limit);
    checkLayoutWalks(Layout{sizes, strides, offset}, limit);
}

void TestAnalysis::layoutWalkMatchesBruteForceOnRandomLayouts() {
    std::mt19937 rng(17);
    std::uniform_int_distribution<int> limit(-1, 70);
    for (int trial = 0; trial < 2000; ++trial) {
        const Layout layout = randomLayout(rng);
        checkLayoutWalks(layout, std::numeric_limits<std::int64_t>::max());
        checkLayoutWalks(layout, limit(rng));
    }
}

void TestAnalysis::addressFormulaSpellsTheSum() {
    const Layout layout{{3, 2, 4}, {4, 12, 1}, 5};
    QCOMPARE(QString::fromStdString(addressFormula(layout, {2, 1, 3})),
             QString::fromUtf8("5 + 2\u00b74 + 1\u00b712 + 3\u00b71 = 28"));
    const Tensor x = ops::arange(Scalar::fromInt(0), Scalar::fromInt(24), Scalar::fromInt(1), DType::Float32);
    const Tensor t = ops::transpose(ops::view(x, {2, 3, 4}), 0, 1);
    QCOMPARE(addressOf(t, {1, 1, 2}), x.storage()->baseAddress() + (1 * 4 + 1 * 12 + 2) * 4);
    QCOMPARE(x.storage()->baseAddress() % 64, 0u);
}

void TestAnalysis::contiguityExplanationNamesTheFirstBadDim() {
    QCOMPARE(QString::fromStdString(explainContiguity({{3, 2, 4}, {4, 12, 1}, 0})),
             QString::fromUtf8("not contiguous because dim 1's stride 12 \u2260 4 (the product of the sizes after it)"));
    QVERIFY(QString::fromStdString(explainContiguity({{2, 3}, {3, 1}, 0})).startsWith(QLatin1String("contiguous")));
    QVERIFY(QString::fromStdString(explainContiguity({{0, 3}, {7, 9}, 0})).contains(QLatin1String("empty")));
}

void TestAnalysis::inferSizeErrors_data() {
    QTest::addColumn<Shape>("shape");
    QTest::addColumn<qint64>("numel");
    QTest::addColumn<QString>("message");
    QTest::newRow("two inferred dims") << Shape{-1, -1} << qint64(24) << "only one dimension can be inferred";
    QTest::newRow("a negative dim other than -1") << Shape{-2, 12} << qint64(24) << "invalid shape dimension -2";
    QTest::newRow("a product that differs") << Shape{5, 5} << qint64(24) << "shape '[5, 5]' is invalid for input of size 24";
    QTest::newRow("an inferred dim that does not divide")
        << Shape{5, -1} << qint64(24) << "shape '[5, -1]' is invalid for input of size 24";
    QTest::newRow("an ambiguous inferred dim of an empty tensor")
        << Shape{-1, 0} << qint64(0)
        << "cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified dimension size -1 can be "
           "any value and is ambiguous";
}

void TestAnalysis::inferSizeErrors() {
    QFETCH(Shape, shape);
    QFETCH(qint64, numel);
    QFETCH(QString, message);
    try {
        inferSize(shape, numel);
        QFAIL("inferSize accepted an impossible shape");
    } catch (const TensorError& error) {
        QCOMPARE(QString::fromStdString(error.message()), message);
        QCOMPARE(error.kind(), ErrorKind::RuntimeError);
    }
}

STRIDESCOPE_TEST_GUILESS_MAIN(TestAnalysis)
#include "tst_analysis.moc"
