// Which source cells a copying index read (core/GatheredCells.h): the storage indices recorded
// for x[[0, 2]], x[mask], index_select, masked_select, gather and take on several layouts, none
// for views and arithmetic; and the diagram's source strip and the properties panel's words.
#include "app/diagram/DiagramGeometry.h"
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramTheme.h"
#include "app/diagram/GatheredSource.h"
#include "app/window/PropertiesPanel.h"
#include "core/GatheredCells.h"
#include "core/script/Interpreter.h"

#include "TestMain.h"
#include <QTest>

using namespace stridescope;
using namespace stridescope::script;
using namespace stridescope::app;

namespace {

using Cells = std::vector<std::int64_t>;

Tensor tensorNamed(const Workspace& workspace, const char* name) {
    const Value* value = workspace.find(name);
    return value && value->isTensor() ? value->asTensor() : Tensor();
}

void run(Workspace& workspace, const QByteArray& script) {
    Interpreter interpreter(workspace);
    for (const auto& outcome : interpreter.run("import torch\nx = torch.arange(12.).view(3, 4)\n" + script.toStdString()))
        QVERIFY2(!outcome.error, script.constData());
}

} // namespace

Q_DECLARE_METATYPE(Cells)

class TestGatheredCells : public QObject {
    Q_OBJECT
private slots:
    void recordsTheCellsRead_data();
    void recordsTheCellsRead();
    void viewsAndArithmeticRecordNothing_data();
    void viewsAndArithmeticRecordNothing();
    void diagramDrawsTheSourceStrip();
    void diagramWithoutRecordHasNoSourceStrip();
    void propertiesPanelListsTheCells();
};

// Each script runs after x = torch.arange(12.).view(3, 4) and binds r; the storage indices of
// x's storage that r's elements read, in r's logical order (worked out from x's strides (4, 1)).
void TestGatheredCells::recordsTheCellsRead_data() {
    QTest::addColumn<QByteArray>("script");
    QTest::addColumn<Cells>("cells");
    QTest::newRow("integer list") << QByteArray("r = x[[0, 2]]\n") << Cells{0, 1, 2, 3, 8, 9, 10, 11};
    QTest::newRow("repeated rows") << QByteArray("r = x[[0, 0]]\n") << Cells{0, 1, 2, 3, 0, 1, 2, 3};
    QTest::newRow("boolean mask") << QByteArray("r = x[x > 6]\n") << Cells{7, 8, 9, 10, 11};
    QTest::newRow("list with a slice") << QByteArray("r = x[1:, [3, 0]]\n") << Cells{7, 4, 11, 8};
    QTest::newRow("two lists") << QByteArray("r = x[[2, 0], [1, 3]]\n") << Cells{9, 3};
    QTest::newRow("list on a transpose") << QByteArray("r = x.t()[[1]]\n") << Cells{1, 5, 9};
    QTest::newRow("list on an offset view") << QByteArray("y = x[1:, 1:]\nr = y[[0]]\n") << Cells{5, 6, 7};
    QTest::newRow("index_select") << QByteArray("r = x.index_select(1, torch.tensor([3, 0]))\n")
                                  << Cells{3, 0, 7, 4, 11, 8};
    QTest::newRow("torch.index_select dim 0") << QByteArray("r = torch.index_select(x, 0, torch.tensor([2]))\n")
                                              << Cells{8, 9, 10, 11};
    QTest::newRow("masked_select") << QByteArray("r = x.masked_select(x % 5 == 0)\n") << Cells{0, 5, 10};
    QTest::newRow("masked_select broadcast mask")
        << QByteArray("r = x.masked_select(torch.tensor([True, False, False, True]))\n") << Cells{0, 3, 4, 7, 8, 11};
    QTest::newRow("gather") << QByteArray("r = x.gather(1, torch.tensor([[0], [2], [1]]))\n") << Cells{0, 6, 9};
    QTest::newRow("gather on a transpose") << QByteArray("r = x.t().gather(0, torch.tensor([[2, 0]]))\n")
                                           << Cells{2, 4};
    QTest::newRow("take") << QByteArray("r = x.take(torch.tensor([5, -1]))\n") << Cells{5, 11};
    QTest::newRow("take on a transpose") << QByteArray("r = torch.take(x.t(), torch.tensor([1, 3]))\n")
                                         << Cells{4, 1};
}

void TestGatheredCells::recordsTheCellsRead() {
    QFETCH(QByteArray, script);
    QFETCH(Cells, cells);
    Workspace workspace;
    run(workspace, script);
    const Tensor x = tensorNamed(workspace, "x");
    const Tensor r = tensorNamed(workspace, "r");
    QVERIFY(r.defined());
    QVERIFY(!r.sharesStorageWith(x));
    const auto read = gatheredCellsOf(r);
    QVERIFY(read);
    QVERIFY(read->source == x.storage());
    QCOMPARE(read->elementSize, 4);
    QCOMPARE(read->indices, cells);
    // A view of the result shares its storage and so its record.
    QVERIFY(gatheredCellsOf(r.withLayout(r.layout())));
}

void TestGatheredCells::viewsAndArithmeticRecordNothing_data() {
    QTest::addColumn<QByteArray>("script");
    QTest::newRow("basic index") << QByteArray("r = x[0]\n");
    QTest::newRow("slice") << QByteArray("r = x[:, ::2]\n");
    QTest::newRow("0-dim integer tensor index") << QByteArray("r = x[torch.tensor(1)]\n");
    QTest::newRow("arithmetic") << QByteArray("r = x + 1\n");
    QTest::newRow("clone") << QByteArray("r = x.clone()\n");
    QTest::newRow("empty result") << QByteArray("r = x[x > 100]\n");
}

void TestGatheredCells::viewsAndArithmeticRecordNothing() {
    QFETCH(QByteArray, script);
    Workspace workspace;
    run(workspace, script);
    const Tensor r = tensorNamed(workspace, "r");
    QVERIFY(r.defined());
    QVERIFY(!gatheredCellsOf(r));
    QCOMPARE(gatheredCellsText(r), QString());
    QCOMPARE(gatheredSourceName(r, workspace.tensors()), QString());
}

void TestGatheredCells::diagramDrawsTheSourceStrip() {
    Workspace workspace;
    run(workspace, "c = x[[0, 2]]\nm = x[x > 6][[0, 0]]\n");
    const Tensor c = tensorNamed(workspace, "c");
    QCOMPARE(gatheredSourceName(c, workspace.tensors()), QStringLiteral("x"));
    QCOMPARE(gatheredCellsText(c), QStringLiteral("0, 1, 2, 3, 8, 9, 10, 11"));
    QCOMPARE(gatheredCellsText(c, 5), QStringLiteral("0, 1, 2, 3, 8, \u2026"));

    DiagramOptions options;
    options.gatheredSourceName = QStringLiteral("x");
    const DiagramModel model = DiagramModel::build({QStringLiteral("c"), QStringLiteral("x[[0, 2]]"), c}, {}, options);
    QVERIFY(model.gathered);
    QCOMPARE(model.gathered->sourceElements, 12);
    QCOMPARE(model.gathered->reads, (std::vector<int>{1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1}));
    QCOMPARE(model.gathered->values.at(9), QStringLiteral("9."));
    QCOMPARE(model.gathered->heading,
             QStringLiteral("read from x's storage: 8 of its 12 cells (copied into this tensor's own storage)"));
    // The tensor's own strip is its own storage of 8 cells.
    QCOMPARE(model.storageElements, 8);

    const DiagramGeometry g = DiagramGeometry::compute(model, DiagramTheme::light());
    QCOMPARE(g.gatheredCells.size(), std::size_t(12));
    QVERIFY(g.gatheredHeading.rect.top() > g.rowTop.back() + g.cellHeight);
    QVERIFY(g.gatheredHeading.rect.bottom() <= g.gatheredCells.front().top());
    QVERIFY(g.gatheredCells.back().bottom() < g.gridHeading.rect.top());
    for (std::size_t i = 1; i < g.gatheredCells.size(); ++i)
        QVERIFY(!g.gatheredCells[i].intersects(g.gatheredCells[i - 1]));
    QVERIFY(g.size.height() > g.gatheredCells.back().bottom());

    // A chain: m reads the storage of x[x > 6] (no name), its cell 0 twice.
    const Tensor m = tensorNamed(workspace, "m");
    QCOMPARE(gatheredSourceName(m, workspace.tensors()), QString());
    const DiagramModel chained = DiagramModel::build({QStringLiteral("m"), QString(), m});
    QVERIFY(chained.gathered);
    QCOMPARE(chained.gathered->reads, (std::vector<int>{2, 0, 0, 0, 0}));
    QCOMPARE(chained.gathered->heading, QStringLiteral("read from the source storage: 1 of its 5 cells (copied "
                                                       "into this tensor's own storage)"));
}

void TestGatheredCells::diagramWithoutRecordHasNoSourceStrip() {
    Workspace workspace;
    run(workspace, "v = x.t()\n");
    const DiagramModel model = DiagramModel::build({QStringLiteral("v"), QString(), tensorNamed(workspace, "v")});
    QVERIFY(!model.gathered);
    const DiagramGeometry g = DiagramGeometry::compute(model, DiagramTheme::light());
    QVERIFY(g.gatheredCells.empty());
    QVERIFY(g.gatheredHeading.text.isEmpty());
}

void TestGatheredCells::propertiesPanelListsTheCells() {
    SessionModel session;
    QVERIFY(session.run(QStringLiteral("x = torch.arange(12.).view(3, 4)\nc = x[[0, 2]]\nv = x.t()")));
    const Workspace& workspace = session.workspace();
    PropertiesPanel panel;
    panel.setTensor(
        app::ShownTensor{QStringLiteral("c"), QStringLiteral("x[[0, 2]]"), tensorNamed(workspace, "c")},
        session, QString());
    // Plain text puts each table cell on its own line.
    QVERIFY2(panel.toPlainText().contains(QStringLiteral("copied from x's storage\ncells 0, 1, 2, 3, 8, 9, 10, 11")),
             qPrintable(panel.toPlainText()));
    panel.setTensor(app::ShownTensor{QStringLiteral("v"), QString(), tensorNamed(workspace, "v")}, session,
                    QString());
    QVERIFY(!panel.toPlainText().contains(QStringLiteral("copied from")));
}

STRIDESCOPE_TEST_MAIN(TestGatheredCells)
#include "tst_gathered_cells.moc"
