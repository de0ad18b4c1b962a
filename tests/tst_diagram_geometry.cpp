// The diagram's geometry without painting: every storage cell and every logical cell maps to a
// rectangle whose centre hit-tests back to it, gaps hit nothing, the stride arrows start and end
// in the right cells, and the level of detail keeps huge storages to a bounded number of units.
// Plus the model facts the picture states (reach, fan-in, notes).
#include "app/diagram/DiagramGeometry.h"
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramTheme.h"
#include "tests/DiagramCases.h"

#include "TestMain.h"
#include <QtTest>

using namespace stridescope;
using namespace stridescope::app;

namespace {

void addCaseRows() {
    QTest::addColumn<QString>("script");
    for (const auto& c : diagram_cases::all())
        QTest::newRow(c.sentence) << QString::fromUtf8(c.script);
}

QString describe(const DiagramHit& hit) {
    switch (hit.kind) {
    case DiagramHit::Kind::None:
        return QStringLiteral("nothing");
    case DiagramHit::Kind::StorageCell:
        return QStringLiteral("storage unit %1 (element %2)").arg(hit.unit).arg(hit.storageIndex);
    case DiagramHit::Kind::GridCell:
        return QStringLiteral("logical cell %1").arg(DiagramModel::indexText(hit.index));
    }
    return {};
}

} // namespace

class TestDiagramGeometry : public QObject {
    Q_OBJECT

private slots:
    void everyStorageCellHitsItself_data() { addCaseRows(); }
    void everyStorageCellHitsItself();
    void everyLogicalCellHitsItself_data() { addCaseRows(); }
    void everyLogicalCellHitsItself();
    void arrowsRunFromTheFocusToItsNeighbours_data() { addCaseRows(); }
    void arrowsRunFromTheFocusToItsNeighbours();
    void lanesLieUnderTheirCells_data() { addCaseRows(); }
    void lanesLieUnderTheirCells();
    void gapsAndMarginsHitNothing();
    void movingTheFocusMovesTheArrows_data();
    void movingTheFocusMovesTheArrows();
    void arrowHeadFollowsTheFinalSegment_data();
    void arrowHeadFollowsTheFinalSegment();
    void levelOfDetailBoundsTheStrip_data();
    void levelOfDetailBoundsTheStrip();
    void stripStatesReachAndFanIn_data();
    void stripStatesReachAndFanIn();
    void notesExplainTheUnusual_data();
    void notesExplainTheUnusual();
    void valuesAreFormattedCompactly_data();
    void valuesAreFormattedCompactly();
};

void TestDiagramGeometry::everyStorageCellHitsItself() {
    QFETCH(QString, script);
    BUILD_DIAGRAM(built, script.toStdString());
    const auto& model = built.model;
    for (const auto& theme : {DiagramTheme::light(), DiagramTheme::presentation()}) {
        const auto g = DiagramGeometry::compute(model, theme);
        QCOMPARE(g.unitCount, model.unitCount());
        for (std::int64_t unit = 0; unit < model.unitCount(); ++unit) {
            const auto element = model.unitFirst(unit);
            const QRectF rect = g.cellRect(element);
            QVERIFY2(!rect.isNull(), qPrintable(QStringLiteral("unit %1 has no rectangle").arg(unit)));
            QCOMPARE(rect, g.unitRect(unit));
            // The last element of a block maps to the same rectangle as its first.
            QCOMPARE(g.cellRect(model.unitEnd(unit) - 1), rect);
            QVERIFY(QRectF(QPointF(0, 0), g.size).contains(rect));
            const DiagramHit hit = g.hitTest(rect.center());
            QVERIFY2(hit.kind == DiagramHit::Kind::StorageCell && hit.unit == unit &&
                         hit.storageIndex == element,
                     qPrintable(QStringLiteral("centre of unit %1 hits %2").arg(unit).arg(describe(hit))));
            // Corners just inside still hit it.
            QCOMPARE(g.hitTest(rect.topLeft() + QPointF(0.5, 0.5)).unit, unit);
            QCOMPARE(g.hitTest(rect.bottomRight() - QPointF(0.5, 0.5)).unit, unit);
        }
        QVERIFY(g.cellRect(model.stripFirst - 1).isNull());
        QVERIFY(g.cellRect(model.stripEnd).isNull());
    }
}

void TestDiagramGeometry::everyLogicalCellHitsItself() {
    QFETCH(QString, script);
    BUILD_DIAGRAM(built, script.toStdString());
    const auto& model = built.model;
    const auto g = DiagramGeometry::compute(model, DiagramTheme::light());
    int shown = 0;
    for (const auto& cell : model.cells) {
        if (!cell.shown)
            continue;
        ++shown;
        const QRectF rect = g.gridCellRect(cell.index);
        QVERIFY2(!rect.isNull(),
                 qPrintable(DiagramModel::indexText(cell.index) + QStringLiteral(" has no rectangle")));
        QVERIFY(g.gridArea.contains(rect));
        const DiagramHit hit = g.hitTest(rect.center());
        QVERIFY2(hit.kind == DiagramHit::Kind::GridCell && hit.index == cell.index,
                 qPrintable(DiagramModel::indexText(cell.index) + QStringLiteral(" hits ") + describe(hit)));
        QCOMPARE(hit.storageIndex, cell.storageIndex);
        QCOMPARE(hit.storageIndex, storageIndexOf(model.tensor.layout(), cell.index));
        QCOMPARE(model.cellAt(cell.index), &cell);
    }
    QCOMPARE(shown > 0, model.numel > 0);
    // An elided index has no cell.
    for (std::size_t d = 0; d < model.gridSlots.size(); ++d) {
        const auto& shown = model.gridSlots[d];
        if (std::find(shown.begin(), shown.end(), -1) == shown.end())
            continue;
        Shape index(model.gridSlots.size(), 0);
        index[d] = shown.front() + 1;
        while (std::find(shown.begin(), shown.end(), index[d]) != shown.end())
            ++index[d];
        QVERIFY(g.gridCellRect(index).isNull());
        QVERIFY(model.cellAt(index) == nullptr);
    }
}

void TestDiagramGeometry::arrowsRunFromTheFocusToItsNeighbours() {
    QFETCH(QString, script);
    BUILD_DIAGRAM(built, script.toStdString());
    const auto& model = built.model;
    const auto g = DiagramGeometry::compute(model, DiagramTheme::light());
    const auto& layout = model.tensor.layout();
    if (model.numel == 0) {
        QVERIFY(!model.focus);
        QVERIFY(g.arrows.empty());
        return;
    }
    QCOMPARE(*model.focus, Shape(static_cast<std::size_t>(layout.dim()), 0));
    QCOMPARE(model.focusStorage, layout.storageOffset);
    std::size_t expected = 0;
    for (std::int64_t d = 0; d < layout.dim(); ++d) {
        const auto* arrow = g.arrowPath(static_cast<int>(d));
        if (layout.sizes[d] < 2) {
            QVERIFY2(!arrow, "a dim of size 1 has no neighbour to point at");
            continue;
        }
        ++expected;
        QVERIFY(arrow);
        const auto from = model.focusStorage;
        const auto to = from + layout.strides[d];
        QVERIFY2(g.cellRect(from).contains(arrow->start),
                 qPrintable(QStringLiteral("dim %1 starts outside its cell").arg(d)));
        QVERIFY2(g.cellRect(to).contains(arrow->end),
                 qPrintable(QStringLiteral("dim %1 ends outside its cell").arg(d)));
        QCOMPARE(arrow->loop, model.unitOf(from) == model.unitOf(to));
        QCOMPARE(arrow->crossRow, g.rowOfUnit(model.unitOf(from)) != g.rowOfUnit(model.unitOf(to)));
        QVERIFY(arrow->label.startsWith(QStringLiteral("dim %1: +%2").arg(d).arg(layout.strides[d])));
        QVERIFY(!DiagramGeometry::arrowHead(arrow->headFrom, arrow->end, 8).isEmpty());
        QVERIFY(QRectF(QPointF(0, 0), g.size).contains(arrow->labelRect));
    }
    QCOMPARE(g.arrows.size(), expected);
    // Labels never overlap each other.
    for (std::size_t i = 0; i < g.arrows.size(); ++i)
        for (std::size_t j = i + 1; j < g.arrows.size(); ++j)
            QVERIFY2(!g.arrows[i].labelRect.intersects(g.arrows[j].labelRect),
                     qPrintable(g.arrows[i].label + QStringLiteral(" overlaps ") + g.arrows[j].label));
}

void TestDiagramGeometry::lanesLieUnderTheirCells() {
    QFETCH(QString, script);
    BUILD_DIAGRAM(built, script.toStdString());
    const auto& model = built.model;
    const auto g = DiagramGeometry::compute(model, DiagramTheme::light());
    QCOMPARE(g.laneCount, static_cast<int>(model.lanes.size()));
    for (int lane = 0; lane < g.laneCount; ++lane) {
        QCOMPARE(model.lanes[static_cast<std::size_t>(lane)].coverage.size(), model.units.size());
        for (std::int64_t unit = 0; unit < model.unitCount(); ++unit) {
            const QRectF cell = g.unitRect(unit);
            const QRectF mark = g.laneCellRect(lane, unit);
            QCOMPARE(mark.left(), cell.left());
            QCOMPARE(mark.width(), cell.width());
            QVERIFY(mark.top() >= cell.bottom());
            QVERIFY(g.laneRect(lane, g.rowOfUnit(unit)).contains(mark.center()));
            QCOMPARE(g.hitTest(mark.center()).kind, DiagramHit::Kind::None);
        }
    }
    // The primary's lane is its own reach.
    if (!model.lanes.empty()) {
        QVERIFY(model.lanes.front().primary);
        for (std::size_t u = 0; u < model.units.size(); ++u)
            QCOMPARE(model.lanes.front().coverage[u] > 0.0F, model.units[u].reached > 0.0F);
    }
}

void TestDiagramGeometry::gapsAndMarginsHitNothing() {
    BUILD_DIAGRAM(built, "x = torch.arange(24).reshape(2, 3, 4)");
    const auto g = DiagramGeometry::compute(built.model, DiagramTheme::light());
    QCOMPARE(g.hitTest(QPointF(1, 1)).kind, DiagramHit::Kind::None);
    QCOMPARE(g.hitTest(QPointF(g.size.width() - 1, g.size.height() - 1)).kind, DiagramHit::Kind::None);
    const QRectF first = g.unitRect(0);
    const QRectF second = g.unitRect(1);
    QVERIFY(second.left() > first.right());
    QCOMPARE(g.hitTest(QPointF((first.right() + second.left()) / 2, first.center().y())).kind,
             DiagramHit::Kind::None);
    QCOMPARE(g.hitTest(QPointF(first.center().x(), first.top() - 2)).kind, DiagramHit::Kind::None);
    const QRectF a = g.gridCellRect({0, 0, 0});
    const QRectF b = g.gridCellRect({0, 0, 1});
    QCOMPARE(g.hitTest(QPointF((a.right() + b.left()) / 2, a.center().y())).kind, DiagramHit::Kind::None);
    // Between two blocks of the grid.
    const QRectF nextBlock = g.gridCellRect({1, 0, 0});
    QVERIFY(nextBlock.left() > g.gridCellRect({0, 0, 3}).right());
    QCOMPARE(g.hitTest(QPointF(nextBlock.left() - 8, nextBlock.center().y())).kind, DiagramHit::Kind::None);
}

void TestDiagramGeometry::movingTheFocusMovesTheArrows_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QList<qint64>>("focus");
    QTest::addColumn<QList<int>>("dims");
    QTest::newRow("the middle of a 2x3x4 has neighbours along dims 1 and 2")
        << QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)") << QList<qint64>{1, 1, 2}
        << QList<int>{1, 2};
    QTest::newRow("the last element has no neighbour at all")
        << QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)") << QList<qint64>{1, 2, 3} << QList<int>{};
    QTest::newRow("an index beyond the shape is clamped to the last element")
        << QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)") << QList<qint64>{5, 9, 9} << QList<int>{};
    QTest::newRow("a transpose's dim 1 jumps 12 elements from anywhere")
        << QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)\ny = x.transpose(0, 1)")
        << QList<qint64>{2, 0, 3} << QList<int>{1};
    QTest::newRow("a channels-last tensor in its last channel")
        << QStringLiteral("x = torch.arange(96).reshape(2, 3, 4, 4)\nc = "
                          "x.contiguous(memory_format=torch.channels_last)")
        << QList<qint64>{0, 2, 1, 1} << QList<int>{0, 2, 3};
}

void TestDiagramGeometry::movingTheFocusMovesTheArrows() {
    QFETCH(QString, script);
    QFETCH(QList<qint64>, focus);
    QFETCH(QList<int>, dims);
    auto built = diagram_cases::build(script.toStdString());
    QVERIFY2(built.error.empty(), built.error.c_str());
    auto& model = built.model;
    model.setFocus(Shape(focus.begin(), focus.end()));
    const auto& layout = model.tensor.layout();
    for (std::int64_t d = 0; d < layout.dim(); ++d)
        QVERIFY((*model.focus)[static_cast<std::size_t>(d)] < layout.sizes[d]);
    QCOMPARE(model.focusStorage, storageIndexOf(layout, *model.focus));
    QList<int> got;
    for (const auto& arrow : model.arrows) {
        got.append(arrow.dim);
        QCOMPARE(arrow.fromStorage, model.focusStorage);
        QCOMPARE(arrow.toStorage, model.focusStorage + layout.strides[static_cast<std::size_t>(arrow.dim)]);
    }
    QCOMPARE(got, dims);
    const auto g = DiagramGeometry::compute(model, DiagramTheme::light());
    for (const auto& arrow : model.arrows) {
        const auto* path = g.arrowPath(arrow.dim);
        QVERIFY(path);
        QVERIFY(g.cellRect(arrow.fromStorage).contains(path->start));
        QVERIFY(g.cellRect(arrow.toStorage).contains(path->end));
    }
}

void TestDiagramGeometry::arrowHeadFollowsTheFinalSegment_data() {
    QTest::addColumn<QPointF>("from");
    QTest::addColumn<QPointF>("tip");
    QTest::addColumn<bool>("drawn");
    QTest::newRow("a segment pointing down") << QPointF(10, 0) << QPointF(10, 20) << true;
    QTest::newRow("a segment pointing left") << QPointF(30, 5) << QPointF(0, 5) << true;
    QTest::newRow("a diagonal segment") << QPointF(0, 0) << QPointF(7, 7) << true;
    QTest::newRow("a zero-length segment draws no head") << QPointF(4, 4) << QPointF(4, 4) << false;
}

void TestDiagramGeometry::arrowHeadFollowsTheFinalSegment() {
    QFETCH(QPointF, from);
    QFETCH(QPointF, tip);
    QFETCH(bool, drawn);
    const QPolygonF head = DiagramGeometry::arrowHead(from, tip, 8);
    QCOMPARE(!head.isEmpty(), drawn);
    if (!drawn)
        return;
    QCOMPARE(head.size(), 3);
    QCOMPARE(head[0], tip);
    // The base of the head lies behind the tip, towards `from`, symmetric about the shaft.
    const QPointF base = (head[1] + head[2]) / 2;
    const QPointF back = from - tip;
    const QPointF toBase = base - tip;
    const double cross = back.x() * toBase.y() - back.y() * toBase.x();
    QVERIFY(std::abs(cross) < 1e-6);
    QVERIFY(back.x() * toBase.x() + back.y() * toBase.y() > 0);
}

void TestDiagramGeometry::levelOfDetailBoundsTheStrip_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<int>("detail");
    QTest::addColumn<qint64>("unitSize");
    QTest::newRow("24 elements get one cell each with their values")
        << QStringLiteral("x = torch.arange(24)") << static_cast<int>(StripDetail::Full) << qint64(1);
    QTest::newRow("1,024 elements get compact cells")
        << QStringLiteral("x = torch.arange(1024)") << static_cast<int>(StripDetail::Compact) << qint64(1);
    QTest::newRow("4,096 elements still get one cell each")
        << QStringLiteral("x = torch.arange(4096)") << static_cast<int>(StripDetail::Tiny) << qint64(1);
    QTest::newRow("4,097 elements are drawn as blocks")
        << QStringLiteral("x = torch.arange(4097)") << static_cast<int>(StripDetail::Blocks) << qint64(8);
    QTest::newRow("a million elements are drawn as blocks of 1,024")
        << QStringLiteral("x = torch.arange(1048576)") << static_cast<int>(StripDetail::Blocks)
        << qint64(1024);
    QTest::newRow("2^40 layout-only elements are drawn as 1,024 blocks")
        << QStringLiteral("x = torch.empty(1048576, 1048576)") << static_cast<int>(StripDetail::Blocks)
        << qint64(std::int64_t(1) << 30);
    QTest::newRow("a short view of a long storage shows only the part it reaches")
        << QStringLiteral("x = torch.arange(100000)\ny = x[70000:70010]")
        << static_cast<int>(StripDetail::Full) << qint64(1);
}

void TestDiagramGeometry::levelOfDetailBoundsTheStrip() {
    QFETCH(QString, script);
    QFETCH(int, detail);
    QFETCH(qint64, unitSize);
    BUILD_DIAGRAM(built, script.toStdString());
    const auto& model = built.model;
    QCOMPARE(static_cast<int>(model.detail), detail);
    QCOMPARE(model.unitSize, unitSize);
    QVERIFY(model.unitCount() <= 4096);
    QVERIFY(model.stripFirst <= model.extent->lowest && model.extent->highest < model.stripEnd);
    const auto g = DiagramGeometry::compute(model, DiagramTheme::light());
    QVERIFY2(g.size.width() < 2000 && g.size.height() < 4000,
             qPrintable(QStringLiteral("%1 x %2").arg(g.size.width()).arg(g.size.height())));
}

void TestDiagramGeometry::stripStatesReachAndFanIn_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QList<qint64>>("reached");    // storage elements the view reaches
    QTest::addColumn<QList<qint64>>("fanIn");      // logical elements per storage element
    QTest::addColumn<QList<qint64>>("firstOrder"); // first row-major position landing there
    QTest::newRow("a narrow reaches the middle rows only")
        << QStringLiteral("m = torch.arange(12).reshape(4, 3)\nn = m.narrow(0, 1, 2)")
        << QList<qint64>{0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0}
        << QList<qint64>{0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0}
        << QList<qint64>{-1, -1, -1, 0, 1, 2, 3, 4, 5, -1, -1, -1};
    QTest::newRow("a transpose reaches everything in another order")
        << QStringLiteral("x = torch.arange(6).reshape(2, 3)\ny = x.t()") << QList<qint64>{1, 1, 1, 1, 1, 1}
        << QList<qint64>{1, 1, 1, 1, 1, 1} << QList<qint64>{0, 2, 4, 1, 3, 5};
    QTest::newRow("an expand reads each element four times")
        << QStringLiteral("v = torch.arange(3.)\ne = v.expand(4, 3)") << QList<qint64>{1, 1, 1}
        << QList<qint64>{4, 4, 4} << QList<qint64>{0, 1, 2};
    QTest::newRow("overlapping windows read the middle twice")
        << QStringLiteral("b = torch.arange(6.)\nw = b.as_strided((3, 2), (2, 1))")
        << QList<qint64>{1, 1, 1, 1, 1, 1} << QList<qint64>{1, 1, 1, 1, 1, 1}
        << QList<qint64>{0, 1, 2, 3, 4, 5};
    QTest::newRow("sliding windows of three read the middle three times")
        << QStringLiteral("b = torch.arange(5.)\nw = b.as_strided((3, 3), (1, 1))")
        << QList<qint64>{1, 1, 1, 1, 1} << QList<qint64>{1, 2, 3, 2, 1} << QList<qint64>{0, 1, 2, 5, 8};
    QTest::newRow("every other element")
        << QStringLiteral("x = torch.arange(6)\ny = x[1::2]") << QList<qint64>{0, 1, 0, 1, 0, 1}
        << QList<qint64>{0, 1, 0, 1, 0, 1} << QList<qint64>{-1, 0, -1, 1, -1, 2};
}

void TestDiagramGeometry::stripStatesReachAndFanIn() {
    QFETCH(QString, script);
    QFETCH(QList<qint64>, reached);
    QFETCH(QList<qint64>, fanIn);
    QFETCH(QList<qint64>, firstOrder);
    BUILD_DIAGRAM(built, script.toStdString());
    const auto& model = built.model;
    QCOMPARE(model.unitCount(), static_cast<std::int64_t>(reached.size()));
    QList<qint64> gotReached, gotFanIn, gotOrder;
    for (const auto& unit : model.units) {
        gotReached.append(unit.reached > 0.0F ? 1 : 0);
        gotFanIn.append(unit.fanIn);
        gotOrder.append(unit.firstOrder);
    }
    QCOMPARE(gotReached, reached);
    QCOMPARE(gotFanIn, fanIn);
    QCOMPARE(gotOrder, firstOrder);
    QVERIFY(!model.coverageApproximate);
}

void TestDiagramGeometry::notesExplainTheUnusual_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("note");
    QTest::newRow("an empty tensor says so with its shape")
        << QStringLiteral("z = torch.empty(2, 0, 3)") << QStringLiteral("empty: shape (2, 0, 3)");
    QTest::newRow("a huge tensor says its values are not kept")
        << QStringLiteral("h = torch.empty(1048576, 1048576)") << QStringLiteral("layout only");
    QTest::newRow("blocks say how many elements each holds")
        << QStringLiteral("x = torch.arange(1048576.)") << QStringLiteral("block of 1,024 elements");
    QTest::newRow("a window says which part of the storage it shows")
        << QStringLiteral("x = torch.arange(100000)\ny = x[70000:70010]")
        << QStringLiteral("storage elements 70,000 to 70,015 of 100,000 shown");
    QTest::newRow("fan-in is explained")
        << QStringLiteral("v = torch.arange(3.)\ne = v.expand(4, 3)") << QStringLiteral("(up to 4 here)");
}

void TestDiagramGeometry::notesExplainTheUnusual() {
    QFETCH(QString, script);
    QFETCH(QString, note);
    BUILD_DIAGRAM(built, script.toStdString());
    const QString all = built.model.notes.join(QLatin1Char('\n'));
    QVERIFY2(all.contains(note), qPrintable(all));
    const auto g = DiagramGeometry::compute(built.model, DiagramTheme::light());
    QCOMPARE(g.notes.size(), static_cast<std::size_t>(built.model.notes.size()));
    for (std::size_t i = 1; i < g.notes.size(); ++i)
        QVERIFY(g.notes[i].rect.top() >= g.notes[i - 1].rect.bottom());
}

void TestDiagramGeometry::valuesAreFormattedCompactly_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QStringList>("values");
    QTest::newRow("integers as they are")
        << QStringLiteral("x = torch.tensor([0, -7, 123456])")
        << QStringList{QStringLiteral("0"), QStringLiteral("-7"), QStringLiteral("123456")};
    QTest::newRow("integral floats with PyTorch's trailing dot")
        << QStringLiteral("x = torch.tensor([1., -0., 2.5])")
        << QStringList{QStringLiteral("1."), QStringLiteral("-0."), QStringLiteral("2.5")};
    QTest::newRow("long floats in four significant digits")
        << QStringLiteral("x = torch.tensor([0.123456, 1e-5, 123456789.])")
        << QStringList{QStringLiteral("0.1235"), QStringLiteral("1e-05"), QStringLiteral("1.235e+08")};
    QTest::newRow("bools as Python spells them")
        << QStringLiteral("x = torch.tensor([True, False])")
        << QStringList{QStringLiteral("True"), QStringLiteral("False")};
    QTest::newRow("bfloat16 rounds as PyTorch does")
        << QStringLiteral("x = torch.arange(255, 258, dtype=torch.bfloat16)")
        << QStringList{QStringLiteral("255."), QStringLiteral("256."), QStringLiteral("256.")};
    QTest::newRow("layout-only values are an ellipsis")
        << QStringLiteral("x = torch.empty(5000000)[:2]")
        << QStringList{QStringLiteral("\u2026"), QStringLiteral("\u2026")};
}

void TestDiagramGeometry::valuesAreFormattedCompactly() {
    QFETCH(QString, script);
    QFETCH(QStringList, values);
    BUILD_DIAGRAM(built, script.toStdString());
    QStringList got;
    for (const auto& cell : built.model.cells)
        got << cell.value;
    QCOMPARE(got, values);
}

STRIDESCOPE_TEST_MAIN(TestDiagramGeometry)
#include "tst_diagram_geometry.moc"
