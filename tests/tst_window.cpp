// The explorer window, driven as a user would: typing in the console, applying ops through their
// forms, undo and redo, saving and reopening, lessons, the traversal, exports, translations.
// Runs on the offscreen platform. With STRIDESCOPE_SCREENSHOTS=<dir> set, screenshots() also
// saves pictures of each step there (that is how docs/images/window.png is made).
#include "WindowTestHelpers.h"
#include "app/bandwidth/BandwidthPanel.h"
#include "app/diagram/DiagramGeometry.h"
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramText.h"
#include "app/diagram/DiagramWidget.h"
#include "app/window/DiagramView.h"
#include "app/window/ErrorPanel.h"
#include "app/window/LayoutPreview.h"
#include "app/window/Lesson.h"
#include "app/window/LessonPanel.h"
#include "app/window/LessonsMenu.h"
#include "app/window/MainWindow.h"
#include "app/window/OpCatalog.h"
#include "app/window/OpFormDialog.h"
#include "app/window/Preferences.h"
#include "app/window/PropertiesPanel.h"
#include "app/window/ScriptConsole.h"
#include "app/window/ScriptEditor.h"
#include "app/window/SessionModel.h"
#include "app/window/TensorBuilderDialog.h"
#include "app/window/Translations.h"
#include "app/window/TraversalController.h"
#include "app/window/TraversalOverlay.h"
#include "app/window/VariablesModel.h"
#include "app/window/ViewFailure.h"
#include "core/Analysis.h"
#include "core/Device.h"

#include "TestMain.h"
#include <QAbstractButton>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QFontDatabase>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTranslator>
#include <QTreeView>
#include <QUndoStack>

#include <algorithm>
#include <memory>

Q_DECLARE_METATYPE(stridescope::Shape)
Q_DECLARE_METATYPE(stridescope::Layout)

using namespace stridescope;
using namespace stridescope::app;

namespace {

using testing::codes;
using testing::makeShownWindow;
using testing::settle;
using testing::typeLine;

std::unique_ptr<MainWindow> makeWindow() { return makeShownWindow(QSize(1400, 860)); }

Layout layoutOf(const SessionModel& session, const QString& name) {
    const auto tensor = session.tensorNamed(name);
    return tensor ? tensor->layout() : Layout{};
}

Shape shape(std::initializer_list<std::int64_t> values) { return Shape(values); }

// Clicks the button with `role` of the next modal message box.
void answerNextMessageBox(QMessageBox::StandardButton button) {
    QTimer::singleShot(0, [button] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (box && box->button(button))
            box->button(button)->click();
    });
}

} // namespace

class WindowTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();

    void typedScriptChangesProperties();
    void consoleErrorKeepsTheTypedText();
    void consoleRefusedViewOffersReshape();
    void consolePreviewsTypedCode();
    void propertiesSayWhyAResultHasItsStrides();
    void overlapThatPyTorchMissesIsMarkedRacy();
    void previewNeverWritesTheSession();
    void applyEachOpThroughItsForm_data();
    void applyEachOpThroughItsForm();
    void complexOpsFollowTheDtype();
    void opTooltipsShowAShortcutOnlyWhereThereIsOne();
    void invalidFormShowsErrorAndChangesNothing_data();
    void invalidFormShowsErrorAndChangesNothing();
    void viewFormExplainsAndAppliesReshape();
    void tensorBuilderCreatesTheLine_data();
    void tensorBuilderCreatesTheLine();
    void tensorBuilderShowsPyTorchError();
    void undoRedoStepThroughTheScript();
    void undoRestoresInPlaceWrites();
    void randomValuesSurviveUndoRedo();
    void saveCloseReopenGivesTheSameSession();
    void closingAsksAboutUnsavedChanges();
    void failingFileLeavesTheSessionUntouched();
    void variablesShowSharedStorage();
    void selectingAVariableShowsIt();
    void eachLessonStepsToTheEnd_data();
    void eachLessonStepsToTheEnd();
    void translatedLessonReplacesTheEnglishOne();
    void devicesShowInTheWindow();
    void lessonPreviousUndoesAStep();
    void traversalWalksLogicalOrder();
    void exportWritesEachFormat_data();
    void exportWritesEachFormat();
    void copyScriptIsRunnablePyTorch();
    void themesAndPresentationMode();
    void chineseTranslationLoads();
    void diagramWordsFollowTheTranslator();
    void contiguityExplanationMatchesCore_data();
    void contiguityExplanationMatchesCore();
    void viewFailureNamesTheDims_data();
    void viewFailureNamesTheDims();
    void scriptCommentsSurviveSaving();

    void screenshots();
};

void WindowTest::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("StrideScope"));
    QApplication::setApplicationName(QStringLiteral("StrideScope"));
}

void WindowTest::init() { QSettings(QStringLiteral("StrideScope"), QStringLiteral("StrideScope")).clear(); }

void WindowTest::typedScriptChangesProperties() {
    auto window = makeWindow();
    typeLine(*window, QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)"));
    QString text = window->properties()->toPlainText();
    QVERIFY2(text.contains(QStringLiteral("(2, 3, 4)")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("(12, 4, 1)")));
    QVERIFY(
        text.contains(QStringLiteral("contiguous: each dim's stride is the product of the sizes after it")));

    typeLine(*window, QStringLiteral("y = x.transpose(0, 1)"));
    text = window->properties()->toPlainText();
    QVERIFY2(text.contains(QStringLiteral("(3, 2, 4)")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("(4, 12, 1)")));
    QVERIFY(text.contains(QStringLiteral("(32, 96, 8)"))); // bytes, int64
    QVERIFY(text.contains(QStringLiteral("not contiguous because dim 1's stride 12 \u2260 4")));
    QVERIFY(text.contains(QStringLiteral("shared with x")));
    QCOMPARE(window->diagram()->model().title, QStringLiteral("y = x.transpose(0, 1)"));
    QVERIFY(window->console()->editor()->toPlainText().isEmpty());
    QVERIFY(!window->console()->errorPanel()->isVisible());
    QVERIFY(window->console()->transcript()->toPlainText().contains(QStringLiteral("y = x.transpose(0, 1)")));

    // A bare expression prints what a Python prompt would.
    typeLine(*window, QStringLiteral("y.stride()"));
    QVERIFY(window->console()->transcript()->toPlainText().contains(QStringLiteral("# (4, 12, 1)")));
}

void WindowTest::consoleErrorKeepsTheTypedText() {
    auto window = makeWindow();
    typeLine(*window, QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)"));
    const QStringList before = codes(*window->session());
    typeLine(*window, QStringLiteral("z = x.narrow(0, 1, 5)"));
    ErrorPanel* error = window->console()->errorPanel();
    QVERIFY(error->isVisible());
    QCOMPARE(error->errorText(),
             QStringLiteral("RuntimeError: start (1) + length (5) exceeds dimension size (2)."));
    QCOMPARE(window->console()->editor()->toPlainText(), QStringLiteral("z = x.narrow(0, 1, 5)"));
    QCOMPARE(codes(*window->session()), before);
    QVERIFY(!window->session()->workspace().contains("z"));

    // Several statements run all or nothing: the first is rolled back when the second fails.
    typeLine(*window, QStringLiteral("a = [v for v in x]"));
    QVERIFY(error->errorText().startsWith(QStringLiteral("SyntaxError: ")));
    window->console()->editor()->setPlainText(QStringLiteral("a = x[0]\nb = a.view(5)"));
    window->console()->runText(window->console()->editor()->toPlainText());
    QVERIFY(error->errorText().contains(QStringLiteral("shape '[5]' is invalid for input of size 12")));
    QVERIFY(error->errorText().startsWith(QStringLiteral("line 2: ")));
    QVERIFY(!window->session()->workspace().contains("a"));
    QCOMPARE(codes(*window->session()), before);

    typeLine(*window, QStringLiteral("z = x.narrow(0, 1, 1)"));
    QVERIFY(!error->isVisible());
    QVERIFY(window->console()->editor()->toPlainText().isEmpty());
}

void WindowTest::consolePreviewsTypedCode() {
    auto window = makeWindow();
    typeLine(*window, QStringLiteral("x = torch.arange(6).view(2, 3)"));
    ScriptConsole* console = window->console();
    QLabel* preview = console->previewLabel();
    auto previewOf = [&](const QString& text) {
        console->editor()->setPlainText(text);
        console->updatePreview();
        return preview->isVisible() ? preview->text() : QString();
    };
    QCOMPARE(previewOf(QStringLiteral("y = x.t()")),
             QStringLiteral("\u2192 y: shape (3, 2) \u00b7 stride (1, 3) \u00b7 offset 0 \u00b7 view of x's storage"));
    QCOMPARE(previewOf(QStringLiteral("x.t().contiguous()")),
             QStringLiteral("\u2192 result: shape (3, 2) \u00b7 stride (2, 1) \u00b7 offset 0 \u00b7 new storage"));
    QCOMPARE(previewOf(QStringLiteral("x.t().view(6)")),
             QStringLiteral("\u2192 would raise RuntimeError: view size is not compatible with input tensor's size and "
                            "stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) "
                            "instead."));
    QCOMPARE(previewOf(QStringLiteral("print(x.stride())")), QStringLiteral("\u2192 prints (3, 1)"));
    // A computed result says why it got its strides.
    QCOMPARE(previewOf(QStringLiteral("z = x.t() + 1")),
             QStringLiteral("\u2192 z: shape (3, 2) \u00b7 stride (1, 3) \u00b7 offset 0 \u00b7 new storage \u00b7 strides: "
                            "dims ordered like a (its strides (1, 3)); the scalar 1 was broadcast"));
    QCOMPARE(previewOf(QStringLiteral("   ")), QString());
    // Previewing ran nothing.
    QCOMPARE(codes(*window->session()).size(), 2);
    QVERIFY(!window->session()->workspace().contains("y"));
    // Typing follows with a pause, and a run clears the line.
    console->editor()->setPlainText(QStringLiteral("y = x[1]"));
    QTRY_COMPARE(preview->text(), QStringLiteral("\u2192 y: shape (3,) \u00b7 stride (1,) \u00b7 offset 3 \u00b7 view of x's storage"));
    QVERIFY(console->runText(console->editor()->toPlainText()));
    QTRY_VERIFY(!preview->isVisible());
}

void WindowTest::propertiesSayWhyAResultHasItsStrides() {
    auto window = makeWindow();
    typeLine(*window, QStringLiteral("x = torch.arange(6).view(2, 3)"));
    typeLine(*window, QStringLiteral("y = x.t() * 2"));
    const QString text = window->properties()->toPlainText();
    QVERIFY2(text.contains(QStringLiteral("strides from")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("dims ordered like a (its strides (1, 3)); the scalar 2 was broadcast")),
             qPrintable(text));
    typeLine(*window, QStringLiteral("v = y.t()"));
    QVERIFY(!window->properties()->toPlainText().contains(QStringLiteral("strides from")));
}

void WindowTest::overlapThatPyTorchMissesIsMarkedRacy() {
    const Layout expanded{{2, 3}, {0, 1}, 0};
    QVERIFY(PropertiesPanel::overlapExplanation(expanded).contains(QStringLiteral("refuses in-place writes")));
    const Layout strided{{3, 2}, {1, 1}, 0}; // as_strided((3, 2), (1, 1)): cells shared, no stride 0
    QVERIFY(PropertiesPanel::overlapExplanation(strided).contains(QStringLiteral("racy for writes")));
    const Layout plain{{2, 3}, {3, 1}, 0};
    QVERIFY(!PropertiesPanel::overlapExplanation(plain).contains(QStringLiteral("racy")));
}

void WindowTest::previewNeverWritesTheSession() {
    auto window = makeWindow();
    SessionModel* session = window->session();
    QVERIFY(session->run(QStringLiteral("x = torch.zeros(4)\nv = x[1:3]")));
    auto storageValues = [](const StoragePtr& storage) {
        QList<double> values;
        for (std::int64_t i = 0; i < storage->elementCount(); ++i)
            values << storage->load(storage->dtype(), i).toDouble();
        return values;
    };
    const QList<double> zeros{0, 0, 0, 0};
    for (const QString& code : {QStringLiteral("x.add_(1)"), QStringLiteral("x[0] = 7"), QStringLiteral("v.fill_(5)"),
                                QStringLiteral("x.add_(1)\nx.view(3)")}) {
        const SessionModel::Preview preview = session->preview(code);
        QCOMPARE(storageValues(session->tensorNamed(QStringLiteral("x"))->storage()), zeros);
        if (code == u"v.fill_(5)") {
            // The preview itself shows the written values on a copy that its views share.
            QVERIFY(preview.tensor.has_value());
            QCOMPARE(storageValues(preview.tensor->tensor.storage()), (QList<double>{0, 5, 5, 0}));
            for (const auto& [name, tensor] : preview.namedTensors)
                QVERIFY(tensor.sharesStorageWith(preview.tensor->tensor));
        }
    }
}

void WindowTest::consoleRefusedViewOffersReshape() {
    auto window = makeWindow();
    typeLine(*window, QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)"));
    typeLine(*window, QStringLiteral("y = x.transpose(0, 1)"));
    typeLine(*window, QStringLiteral("z = y.view(24)"));
    ErrorPanel* error = window->console()->errorPanel();
    QVERIFY(error->errorText().contains(
        QStringLiteral("view size is not compatible with input tensor's size and stride")));
    QVERIFY2(error->explanationText().contains(QStringLiteral("dims 0 and 1")),
             qPrintable(error->explanationText()));
    QVERIFY(error->actionButton()->isVisible());
    QTest::mouseClick(error->actionButton(), Qt::LeftButton);
    QCOMPARE(codes(*window->session()).back(), QStringLiteral("z = y.reshape(24)"));
    const auto z = window->session()->tensorNamed(QStringLiteral("z"));
    QVERIFY(z);
    QVERIFY(!z->sharesStorageWith(*window->session()->tensorNamed(QStringLiteral("y"))));
    QVERIFY(!error->isVisible());
}

void WindowTest::applyEachOpThroughItsForm_data() {
    QTest::addColumn<QString>("base");
    QTest::addColumn<QString>("op");
    QTest::addColumn<QVariantMap>("arguments");
    QTest::addColumn<QString>("code");
    QTest::addColumn<Shape>("sizes");
    QTest::addColumn<Shape>("strides");
    QTest::addColumn<qint64>("offset");
    QTest::addColumn<bool>("sharesStorage");

    const QString x = QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)");
    QTest::newRow("transpose swaps dims 0 and 1 by default")
        << x << "transpose" << QVariantMap{} << "y = x.transpose(0, 1)" << shape({3, 2, 4})
        << shape({4, 12, 1}) << qint64(0) << true;
    QTest::newRow("transpose of dims 1 and 2")
        << x << "transpose" << QVariantMap{{"dim0", 1}, {"dim1", 2}} << "y = x.transpose(1, 2)"
        << shape({2, 4, 3}) << shape({12, 1, 4}) << qint64(0) << true;
    QTest::newRow("permute reverses the dims by default")
        << x << "permute" << QVariantMap{} << "y = x.permute(2, 1, 0)" << shape({4, 3, 2})
        << shape({1, 4, 12}) << qint64(0) << true;
    QTest::newRow("permute to 1, 2, 0")
        << x << "permute" << QVariantMap{{"dims", QStringLiteral("1, 2, 0")}} << "y = x.permute(1, 2, 0)"
        << shape({3, 4, 2}) << shape({4, 1, 12}) << qint64(0) << true;
    QTest::newRow("narrow keeps two columns from 1")
        << x << "narrow" << QVariantMap{} << "y = x.narrow(2, 1, 2)" << shape({2, 3, 2}) << shape({12, 4, 1})
        << qint64(1) << true;
    QTest::newRow("narrow one matrix")
        << x << "narrow" << QVariantMap{{"dim", 0}, {"start", 1}, {"length", 1}} << "y = x.narrow(0, 1, 1)"
        << shape({1, 3, 4}) << shape({12, 4, 1}) << qint64(12) << true;
    QTest::newRow("view merges the first two dims") << x << "view" << QVariantMap{} << "y = x.view(6, 4)"
                                                    << shape({6, 4}) << shape({4, 1}) << qint64(0) << true;
    QTest::newRow("view with -1") << x << "view" << QVariantMap{{"shape", QStringLiteral("-1, 2")}}
                                  << "y = x.view(-1, 2)" << shape({12, 2}) << shape({2, 1}) << qint64(0)
                                  << true;
    QTest::newRow("reshape of a contiguous tensor is a view")
        << x << "reshape" << QVariantMap{{"shape", QStringLiteral("4, 6")}} << "y = x.reshape(4, 6)"
        << shape({4, 6}) << shape({6, 1}) << qint64(0) << true;
    QTest::newRow("reshape of a transpose copies")
        << QStringLiteral("x = torch.arange(12).view(3, 4).t()") << "reshape"
        << QVariantMap{{"shape", QStringLiteral("12")}} << "y = x.reshape(12)" << shape({12}) << shape({1})
        << qint64(0) << false;
    QTest::newRow("slice every other column") << x << "slice" << QVariantMap{} << "y = x[:, :, 0:4:2]"
                                              << shape({2, 3, 2}) << shape({12, 4, 2}) << qint64(0) << true;
    QTest::newRow("slice rows 1 to 3")
        << x << "slice" << QVariantMap{{"dim", 1}, {"start", 1}, {"stop", 3}, {"step", 1}} << "y = x[:, 1:3]"
        << shape({2, 2, 4}) << shape({12, 4, 1}) << qint64(4) << true;
    QTest::newRow("select matrix 1") << x << "select" << QVariantMap{} << "y = x.select(0, 1)"
                                     << shape({3, 4}) << shape({4, 1}) << qint64(12) << true;
    QTest::newRow("select column 2") << x << "select" << QVariantMap{{"dim", 2}, {"index", 2}}
                                     << "y = x.select(2, 2)" << shape({2, 3}) << shape({12, 4}) << qint64(2)
                                     << true;
    QTest::newRow("expand prepends a stride-0 dim")
        << x << "expand" << QVariantMap{} << "y = x.expand(2, 2, 3, 4)" << shape({2, 2, 3, 4})
        << shape({0, 12, 4, 1}) << qint64(0) << true;
    QTest::newRow("expand a column") << QStringLiteral("x = torch.arange(3).view(3, 1)") << "expand"
                                     << QVariantMap{} << "y = x.expand(3, 4)" << shape({3, 4})
                                     << shape({1, 0}) << qint64(0) << true;
    QTest::newRow("unsqueeze at 0") << x << "unsqueeze" << QVariantMap{} << "y = x.unsqueeze(0)"
                                    << shape({1, 2, 3, 4}) << shape({24, 12, 4, 1}) << qint64(0) << true;
    QTest::newRow("unsqueeze at the end")
        << x << "unsqueeze" << QVariantMap{{"dim", 3}} << "y = x.unsqueeze(3)" << shape({2, 3, 4, 1})
        << shape({12, 4, 1, 1}) << qint64(0) << true;
    QTest::newRow("arithmetic adds one, a new storage in the input's layout")
        << QStringLiteral("x = torch.arange(24).reshape(2, 3, 4).transpose(0, 2)") << "arithmetic" << QVariantMap{}
        << "y = x + 1" << shape({4, 3, 2}) << shape({1, 4, 12}) << qint64(0) << false;
    QTest::newRow("arithmetic with a tensor operand")
        << x << "arithmetic" << QVariantMap{{"op", QStringLiteral("*")}, {"other", QStringLiteral("x")}}
        << "y = x * x" << shape({2, 3, 4}) << shape({12, 4, 1}) << qint64(0) << false;
    QTest::newRow("elementwise function of a permuted tensor")
        << QStringLiteral("x = torch.arange(24.).reshape(2, 3, 4).permute(2, 0, 1)") << "elementwise"
        << QVariantMap{{"function", QStringLiteral("sqrt")}} << "y = x.sqrt()" << shape({4, 2, 3})
        << shape({1, 12, 4}) << qint64(0) << false;
    QTest::newRow("elementwise sgn of a transposed complex tensor keeps its strides")
        << QStringLiteral("x = torch.tensor([[1+1j, 2], [3j, -4]]).t()") << "elementwise"
        << QVariantMap{{"function", QStringLiteral("sgn")}} << "y = x.sgn()" << shape({2, 2}) << shape({1, 2})
        << qint64(0) << false;
    QTest::newRow("elementwise angle of a transposed complex tensor is contiguous")
        << QStringLiteral("x = torch.tensor([[1+1j, 2], [3j, -4]]).t()") << "elementwise"
        << QVariantMap{{"function", QStringLiteral("angle")}} << "y = x.angle()" << shape({2, 2})
        << shape({2, 1}) << qint64(0) << false;
    QTest::newRow("squeeze every size-1 dim")
        << QStringLiteral("x = torch.zeros(1, 3, 1)") << "squeeze" << QVariantMap{} << "y = x.squeeze()"
        << shape({3}) << shape({1}) << qint64(0) << true;
    QTest::newRow("squeeze dim 2") << QStringLiteral("x = torch.zeros(1, 3, 1)") << "squeeze"
                                   << QVariantMap{{"dim", 2}} << "y = x.squeeze(2)" << shape({1, 3})
                                   << shape({3, 1}) << qint64(0) << true;
    QTest::newRow("flatten everything") << x << "flatten" << QVariantMap{} << "y = x.flatten(0, 2)"
                                        << shape({24}) << shape({1}) << qint64(0) << true;
    QTest::newRow("flatten the last two dims")
        << x << "flatten" << QVariantMap{{"start_dim", 1}} << "y = x.flatten(1, 2)" << shape({2, 12})
        << shape({12, 1}) << qint64(0) << true;
    QTest::newRow("contiguous of a contiguous tensor returns it")
        << x << "contiguous" << QVariantMap{} << "y = x.contiguous()" << shape({2, 3, 4}) << shape({12, 4, 1})
        << qint64(0) << true;
    QTest::newRow("contiguous of a transpose copies")
        << QStringLiteral("x = torch.arange(6).view(2, 3).t()") << "contiguous" << QVariantMap{}
        << "y = x.contiguous()" << shape({3, 2}) << shape({2, 1}) << qint64(0) << false;
    QTest::newRow("contiguous channels-last")
        << QStringLiteral("x = torch.arange(24).view(1, 2, 3, 4)") << "contiguous"
        << QVariantMap{{"memory_format", QStringLiteral("torch.channels_last")}}
        << "y = x.contiguous(memory_format=torch.channels_last)" << shape({1, 2, 3, 4})
        << shape({24, 1, 8, 2}) << qint64(0) << false;
    QTest::newRow("clone copies and keeps the strides")
        << QStringLiteral("x = torch.arange(6).view(2, 3).t()") << "clone" << QVariantMap{} << "y = x.clone()"
        << shape({3, 2}) << shape({1, 3}) << qint64(0) << false;
    QTest::newRow("clone to contiguous format")
        << QStringLiteral("x = torch.arange(6).view(2, 3).t()") << "clone"
        << QVariantMap{{"memory_format", QStringLiteral("torch.contiguous_format")}}
        << "y = x.clone(memory_format=torch.contiguous_format)" << shape({3, 2}) << shape({2, 1}) << qint64(0)
        << false;
    QTest::newRow("as_strided keeps the layout by default")
        << x << "as_strided" << QVariantMap{} << "y = x.as_strided((2, 3, 4), (12, 4, 1), 0)"
        << shape({2, 3, 4}) << shape({12, 4, 1}) << qint64(0) << true;
    QTest::newRow("as_strided sliding windows overlap")
        << x << "as_strided"
        << QVariantMap{{"size", QStringLiteral("3, 3")},
                       {"stride", QStringLiteral("1, 1")},
                       {"storage_offset", 2}}
        << "y = x.as_strided((3, 3), (1, 1), 2)" << shape({3, 3}) << shape({1, 1}) << qint64(2) << true;
    // Layouts from PyTorch 1.13.
    QTest::newRow("diagonal of dims 0 and 1 by default")
        << x << "diagonal" << QVariantMap{} << "y = x.diagonal(0, 0, 1)" << shape({4, 2}) << shape({1, 16})
        << qint64(0) << true;
    QTest::newRow("diagonal above the main one, of dims 1 and 2")
        << x << "diagonal" << QVariantMap{{"dim0", 1}, {"dim1", 2}, {"offset", 1}}
        << "y = x.diagonal(1, 1, 2)" << shape({2, 3}) << shape({12, 5}) << qint64(1) << true;
    QTest::newRow("unfold makes overlapping windows by default")
        << x << "unfold" << QVariantMap{} << "y = x.unfold(2, 2, 1)" << shape({2, 3, 3, 2})
        << shape({12, 4, 1, 1}) << qint64(0) << true;
    QTest::newRow("unfold of dim 1 in windows of 2 every 2")
        << x << "unfold" << QVariantMap{{"dim", 1}, {"size", 2}, {"step", 2}} << "y = x.unfold(1, 2, 2)"
        << shape({2, 1, 4, 2}) << shape({12, 8, 1, 4}) << qint64(0) << true;
    QTest::newRow("unflatten splits the last dim by default")
        << x << "unflatten" << QVariantMap{} << "y = x.unflatten(2, (2, 2))" << shape({2, 3, 2, 2})
        << shape({12, 4, 2, 1}) << qint64(0) << true;
    QTest::newRow("unflatten of dim 1 with -1")
        << x << "unflatten" << QVariantMap{{"dim", 1}, {"shape", QStringLiteral("-1, 1")}}
        << "y = x.unflatten(1, (-1, 1))" << shape({2, 3, 1, 4}) << shape({12, 4, 4, 1}) << qint64(0) << true;
    // The complex views, in floats of the same storage (layouts from PyTorch 1.13).
    const QString z = QStringLiteral("x = torch.arange(12.).reshape(3, 4).to(torch.complex64)");
    QTest::newRow("view_as_real splits each element in two")
        << z << "view_as_real" << QVariantMap{} << "y = torch.view_as_real(x)" << shape({3, 4, 2})
        << shape({8, 2, 1}) << qint64(0) << true;
    QTest::newRow("real reads every other float") << z << "real" << QVariantMap{} << "y = x.real"
                                                  << shape({3, 4}) << shape({8, 2}) << qint64(0) << true;
    QTest::newRow("imag starts one float further") << z << "imag" << QVariantMap{} << "y = x.imag"
                                                   << shape({3, 4}) << shape({8, 2}) << qint64(1) << true;
    QTest::newRow("real of a real tensor is the tensor")
        << x << "real" << QVariantMap{} << "y = x.real" << shape({2, 3, 4}) << shape({12, 4, 1}) << qint64(0)
        << true;
    QTest::newRow("conj keeps the layout") << z << "conj" << QVariantMap{} << "y = x.conj()" << shape({3, 4})
                                           << shape({4, 1}) << qint64(0) << true;
    QTest::newRow("resolve_conj of a conjugate copies")
        << z + QStringLiteral(".conj()") << "resolve_conj" << QVariantMap{} << "y = x.resolve_conj()"
        << shape({3, 4}) << shape({4, 1}) << qint64(0) << false;
}

void WindowTest::applyEachOpThroughItsForm() {
    QFETCH(QString, base);
    QFETCH(QString, op);
    QFETCH(QVariantMap, arguments);
    QFETCH(QString, code);
    QFETCH(Shape, sizes);
    QFETCH(Shape, strides);
    QFETCH(qint64, offset);
    QFETCH(bool, sharesStorage);

    auto window = makeWindow();
    QVERIFY(window->session()->run(base));
    const int before = static_cast<int>(window->session()->lines().size());
    std::unique_ptr<OpFormDialog> form(window->createOpForm(op));
    QVERIFY(form);
    // The order matters: a dim first, then what its bounds depend on.
    for (const char* key : {"dim", "start_dim"})
        if (arguments.contains(QLatin1String(key)))
            form->setArgument(QLatin1String(key), arguments.value(QLatin1String(key)));
    for (auto it = arguments.cbegin(); it != arguments.cend(); ++it)
        form->setArgument(it.key(), it.value());
    QCOMPARE(form->code(), code);
    QVERIFY2(form->canApply(), qPrintable(form->errorText()));
    QVERIFY(form->preview()->isEnabled());
    form->show();
    QTest::mouseClick(form->findChild<QPushButton*>(QStringLiteral("applyButton")), Qt::LeftButton);
    QCOMPARE(form->result(), int(QDialog::Accepted));

    SessionModel& session = *window->session();
    QCOMPARE(int(session.lines().size()), before + 1);
    QCOMPARE(session.lines().back().code, code);
    const Layout layout = layoutOf(session, QStringLiteral("y"));
    QCOMPARE(layout.sizes, sizes);
    QCOMPARE(layout.strides, strides);
    QCOMPARE(layout.storageOffset, offset);
    QCOMPARE(session.tensorNamed(QStringLiteral("y"))
                 ->sharesStorageWith(*session.tensorNamed(QStringLiteral("x"))),
             sharesStorage);
    QCOMPARE(window->diagram()->model().name, QStringLiteral("y"));
}

// The Tensor menu offers the complex views where PyTorch takes them: imag and view_as_real need a
// complex tensor, view_as_real an unresolved conjugate resolved; real and conj take any dtype.
// An op's tooltip is "<b>transpose</b> (Ctrl+T)<br>help" with a shortcut and has no empty
// brackets without one.
void WindowTest::opTooltipsShowAShortcutOnlyWhereThereIsOne() {
    auto window = makeWindow();
    for (const OpSpec& spec : OpCatalog::all()) {
        const QAction* action = window->findAction(QStringLiteral("actionOp_") + spec.id);
        QVERIFY2(action, qPrintable(spec.id));
        const QString shortcut = action->shortcut().toString(QKeySequence::NativeText);
        const QString expectedStart = QStringLiteral("<b>%1</b>").arg(spec.id) +
                                      (shortcut.isEmpty() ? QString() : u" (" + shortcut + u')');
        QVERIFY2(action->toolTip().startsWith(expectedStart + QStringLiteral("<br>")),
                 qPrintable(action->toolTip()));
    }
}

void WindowTest::complexOpsFollowTheDtype() {
    auto window = makeWindow();
    const auto enabled = [&](const char* id) {
        return window->findAction(QStringLiteral("actionOp_") + QLatin1String(id))->isEnabled();
    };
    QVERIFY(window->session()->run(QStringLiteral("x = torch.arange(6.)")));
    QVERIFY(enabled("real"));
    QVERIFY(enabled("conj"));
    QVERIFY(enabled("resolve_conj"));
    QVERIFY(!enabled("imag"));
    QVERIFY(!enabled("view_as_real"));
    QVERIFY(!window->createOpForm(QStringLiteral("imag")));
    window->openOpForm(QStringLiteral("imag"));
    QCOMPARE(window->statusBar()->currentMessage(),
             QStringLiteral("imag needs a complex tensor (complex64 or complex128), not torch.float32."));

    QVERIFY(window->session()->run(QStringLiteral("z = x.to(torch.complex64)")));
    QVERIFY(enabled("imag"));
    QVERIFY(enabled("view_as_real"));
    QVERIFY(window->session()->run(QStringLiteral("c = z.conj()")));
    QVERIFY(enabled("imag"));
    QVERIFY(!enabled("view_as_real"));
    window->openOpForm(QStringLiteral("view_as_real"));
    QVERIFY2(window->statusBar()->currentMessage().contains(QStringLiteral("resolve_conj()")),
             qPrintable(window->statusBar()->currentMessage()));
}

void WindowTest::invalidFormShowsErrorAndChangesNothing_data() {
    QTest::addColumn<QString>("op");
    QTest::addColumn<QVariantMap>("arguments");
    QTest::addColumn<QString>("error");

    QTest::newRow("narrow past the end")
        << "narrow" << QVariantMap{{"dim", 0}, {"start", 1}, {"length", 2}}
        << "RuntimeError: start (1) + length (2) exceeds dimension size (2).";
    QTest::newRow("view of the wrong size") << "view" << QVariantMap{{"shape", QStringLiteral("5, 5")}}
                                            << "RuntimeError: shape '[5, 5]' is invalid for input of size 24";
    QTest::newRow("reshape with two -1") << "reshape" << QVariantMap{{"shape", QStringLiteral("-1, -1")}}
                                         << "RuntimeError: only one dimension can be inferred";
    QTest::newRow("permute repeating a dim") << "permute" << QVariantMap{{"dims", QStringLiteral("0, 0, 1")}}
                                             << "RuntimeError: permute(): duplicate dims are not allowed.";
    QTest::newRow("expand of a size-2 dim") << "expand" << QVariantMap{{"size", QStringLiteral("4, 3, 4")}}
                                            << "RuntimeError: The expanded size of the tensor (4) must match "
                                               "the existing size (2) at non-singleton dimension 0.  "
                                               "Target sizes: [4, 3, 4].  Tensor sizes: [2, 3, 4]";
    QTest::newRow("as_strided past the storage")
        << "as_strided" << QVariantMap{{"size", QStringLiteral("5, 5")}, {"stride", QStringLiteral("5, 1")}}
        << "RuntimeError: setStorage: sizes [5, 5], strides [5, 1], storage offset 0, and itemsize 8 "
           "requiring a storage size of "
           "200 are out of bounds for storage of size 192";
    QTest::newRow("flatten with start after end")
        << "flatten" << QVariantMap{{"start_dim", 2}, {"end_dim", 1}}
        << "RuntimeError: flatten() has invalid args: start_dim cannot come after end_dim";
    QTest::newRow("view with a shape typed wrong") << "view" << QVariantMap{{"shape", QStringLiteral("6; 4")}}
                                                   << "Shape: type integers separated by commas, e.g. 6, 4";
}

void WindowTest::invalidFormShowsErrorAndChangesNothing() {
    QFETCH(QString, op);
    QFETCH(QVariantMap, arguments);
    QFETCH(QString, error);

    auto window = makeWindow();
    QVERIFY(window->session()->run(QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)")));
    const QString scriptBefore = window->session()->scriptText();
    const int undoBefore = window->session()->undoStack()->count();
    std::unique_ptr<OpFormDialog> form(window->createOpForm(op));
    QVERIFY(form);
    form->show();
    for (const char* key : {"dim", "start_dim"})
        if (arguments.contains(QLatin1String(key)))
            form->setArgument(QLatin1String(key), arguments.value(QLatin1String(key)));
    for (auto it = arguments.cbegin(); it != arguments.cend(); ++it)
        form->setArgument(it.key(), it.value());
    QVERIFY(!form->canApply());
    QCOMPARE(form->errorText(), error);
    auto* apply = form->findChild<QPushButton*>(QStringLiteral("applyButton"));
    QVERIFY(!apply->isEnabled());
    form->accept(); // even forced, nothing is applied
    QVERIFY(form->isVisible());
    QCOMPARE(window->session()->scriptText(), scriptBefore);
    QCOMPARE(window->session()->undoStack()->count(), undoBefore);
    QVERIFY(!window->session()->workspace().contains("y"));
}

void WindowTest::viewFormExplainsAndAppliesReshape() {
    auto window = makeWindow();
    QVERIFY(window->session()->run(
        QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)\ny = x.transpose(0, 1)")));
    std::unique_ptr<OpFormDialog> form(window->createOpForm(QStringLiteral("view")));
    QVERIFY(form);
    form->show();
    QCOMPARE(form->code(), QStringLiteral("z = y.view(6, 4)"));
    QVERIFY(!form->canApply());
    QVERIFY(form->errorText().startsWith(
        QStringLiteral("RuntimeError: view size is not compatible with input tensor's size and stride")));
    QVERIFY2(form->explanationText().contains(
                 QStringLiteral("Dim 0 of the new shape (size 6) would run across dims 0 and 1")),
             qPrintable(form->explanationText()));
    QVERIFY(form->applyReshapeInstead());
    QCOMPARE(window->session()->lines().back().code, QStringLiteral("z = y.reshape(6, 4)"));
    QCOMPARE(layoutOf(*window->session(), QStringLiteral("z")).strides, shape({4, 1}));
}

void WindowTest::tensorBuilderCreatesTheLine_data() {
    QTest::addColumn<QString>("shapeText");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<int>("fill");
    QTest::addColumn<QString>("code");
    QTest::addColumn<Shape>("sizes");

    QTest::newRow("arange reshaped") << "2, 3, 4"
                                     << "int64" << int(TensorBuilderDialog::Fill::Arange)
                                     << "x = torch.arange(24, dtype=torch.int64).reshape(2, 3, 4)"
                                     << shape({2, 3, 4});
    QTest::newRow("arange 1-D is not reshaped") << "6"
                                                << "float32" << int(TensorBuilderDialog::Fill::Arange)
                                                << "x = torch.arange(6, dtype=torch.float32)" << shape({6});
    QTest::newRow("zeros") << "3, 4"
                           << "float16" << int(TensorBuilderDialog::Fill::Zeros)
                           << "x = torch.zeros(3, 4, dtype=torch.float16)" << shape({3, 4});
    QTest::newRow("ones") << "2, 2"
                          << "int8" << int(TensorBuilderDialog::Fill::Ones)
                          << "x = torch.ones(2, 2, dtype=torch.int8)" << shape({2, 2});
    QTest::newRow("rand") << "4"
                          << "float64" << int(TensorBuilderDialog::Fill::Rand)
                          << "x = torch.rand(4, dtype=torch.float64)" << shape({4});
    QTest::newRow("randn") << "2, 5"
                           << "float32" << int(TensorBuilderDialog::Fill::Randn)
                           << "x = torch.randn(2, 5, dtype=torch.float32)" << shape({2, 5});
}

void WindowTest::tensorBuilderCreatesTheLine() {
    QFETCH(QString, shapeText);
    QFETCH(QString, dtype);
    QFETCH(int, fill);
    QFETCH(QString, code);
    QFETCH(Shape, sizes);

    auto window = makeWindow();
    std::unique_ptr<TensorBuilderDialog> builder(window->createBuilder());
    builder->show();
    builder->setFill(static_cast<TensorBuilderDialog::Fill>(fill));
    builder->setShapeText(shapeText);
    builder->setDType(dtype);
    QCOMPARE(builder->code(), code);
    QVERIFY2(builder->canCreate(), qPrintable(builder->errorText()));
    QTest::mouseClick(builder->findChild<QPushButton*>(QStringLiteral("createButton")), Qt::LeftButton);
    QCOMPARE(window->session()->lines().back().code, code);
    QCOMPARE(layoutOf(*window->session(), QStringLiteral("x")).sizes, sizes);
    QCOMPARE(window->diagram()->model().name, QStringLiteral("x"));
}

void WindowTest::tensorBuilderShowsPyTorchError() {
    auto window = makeWindow();
    std::unique_ptr<TensorBuilderDialog> builder(window->createBuilder());
    builder->show();
    builder->setFill(TensorBuilderDialog::Fill::Rand);
    builder->setDType(QStringLiteral("int64"));
    QVERIFY(!builder->canCreate());
    QCOMPARE(builder->errorText(),
             QStringLiteral("RuntimeError: \"check_uniform_bounds\" not implemented for 'Long'"));
    builder->setShapeText(QStringLiteral("2, -3"));
    builder->setDType(QStringLiteral("float32"));
    QVERIFY(!builder->canCreate());
    QVERIFY2(builder->errorText().contains(QStringLiteral("negative dimension -3")),
             qPrintable(builder->errorText()));
    builder->accept();
    QCOMPARE(int(window->session()->lines().size()), 1); // just `import torch`
}

void WindowTest::undoRedoStepThroughTheScript() {
    auto window = makeWindow();
    QApplication::setActiveWindow(window.get());
    if (!QTest::qWaitForWindowActive(window.get()))
        QSKIP("the window cannot become active here (an X server without a window manager)");
    typeLine(*window, QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)"));
    typeLine(*window, QStringLiteral("y = x.transpose(0, 1)"));
    typeLine(*window, QStringLiteral("z = y.narrow(2, 1, 2)"));
    SessionModel& session = *window->session();
    QCOMPARE(int(session.lines().size()), 4);
    QVERIFY(window->isWindowModified());

    // Ctrl+Z with the (empty) console focused steps the script back.
    QWidget* focus = window->console()->editor();
    QTest::keyClick(focus, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(int(session.lines().size()), 3);
    QVERIFY(!session.workspace().contains("z"));
    QCOMPARE(window->diagram()->model().name, QStringLiteral("y"));
    QTest::keyClick(focus, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(int(session.lines().size()), 2);
    QCOMPARE(window->diagram()->model().name, QStringLiteral("x"));

    QTest::keyClick(focus, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(int(session.lines().size()), 3);
    QCOMPARE(layoutOf(session, QStringLiteral("y")).strides, shape({4, 12, 1}));
    QTest::keyClick(focus, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(codes(session).back(), QStringLiteral("z = y.narrow(2, 1, 2)"));
    QCOMPARE(layoutOf(session, QStringLiteral("z")).storageOffset, std::int64_t(1));

    // With text in the input, Ctrl+Z edits the text, not the script.
    QTest::keyClicks(focus, QStringLiteral("abc"));
    QTest::keyClick(focus, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(int(session.lines().size()), 4);
}

void WindowTest::undoRestoresInPlaceWrites() {
    SessionModel session;
    QVERIFY(session.run(QStringLiteral("x = torch.arange(6)")));
    QVERIFY(session.run(QStringLiteral("v = x[::2]")));
    QVERIFY(session.run(QStringLiteral("v.fill_(7)")));
    QCOMPARE(session.tensorNamed(QStringLiteral("x"))->valueAt({0}).intValue, std::int64_t(7));
    session.undoStack()->undo();
    QCOMPARE(session.tensorNamed(QStringLiteral("x"))->valueAt({0}).intValue, std::int64_t(0));
    session.undoStack()->redo();
    QCOMPARE(session.tensorNamed(QStringLiteral("x"))->valueAt({2}).intValue, std::int64_t(7));
    QCOMPARE(session.tensorNamed(QStringLiteral("x"))->valueAt({1}).intValue, std::int64_t(1));
}

void WindowTest::randomValuesSurviveUndoRedo() {
    SessionModel session;
    QVERIFY(session.run(QStringLiteral("a = torch.rand(4)")));
    QVERIFY(session.run(QStringLiteral("b = torch.randn(3)")));
    const auto a = session.tensorNamed(QStringLiteral("a"))->values();
    const auto b = session.tensorNamed(QStringLiteral("b"))->values();
    session.undoStack()->undo();
    session.undoStack()->undo();
    session.undoStack()->redo();
    session.undoStack()->redo();
    QVERIFY(session.tensorNamed(QStringLiteral("a"))->values() == a);
    QVERIFY(session.tensorNamed(QStringLiteral("b"))->values() == b);
    // A preview draws random numbers too, without changing what the session gets.
    (void)session.preview(QStringLiteral("c = torch.rand(10)"));
    QVERIFY(session.run(QStringLiteral("c = torch.rand(2)")));
    SessionModel replayed;
    QVERIFY(replayed.load(session.scriptText()));
    QVERIFY(replayed.tensorNamed(QStringLiteral("c"))->values() ==
            session.tensorNamed(QStringLiteral("c"))->values());
}

void WindowTest::saveCloseReopenGivesTheSameSession() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("session.py"));
    QStringList savedCodes;
    std::vector<std::pair<QString, Layout>> layouts;
    {
        auto window = makeWindow();
        typeLine(*window, QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)"));
        typeLine(*window, QStringLiteral("y = x.transpose(0, 1)"));
        typeLine(*window, QStringLiteral("n = y.narrow(2, 1, 2)"));
        typeLine(*window, QStringLiteral("p = x.permute(2, 0, 1)"));
        typeLine(*window, QStringLiteral("n.stride()"));
        QString error;
        QVERIFY2(window->saveFile(path, &error), qPrintable(error));
        QVERIFY(!window->isWindowModified());
        QCOMPARE(window->currentFile(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(Preferences::recentFiles().value(0), QFileInfo(path).absoluteFilePath());
        savedCodes = codes(*window->session());
        for (const auto& [name, tensor] : window->session()->workspace().tensors())
            layouts.emplace_back(QString::fromStdString(name), tensor.layout());
        QVERIFY(window->close()); // nothing unsaved: no question
    }
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    QVERIFY(text.startsWith(QStringLiteral("import torch\n")));

    auto window = makeWindow();
    QString error;
    QVERIFY2(window->openFile(path, &error), qPrintable(error));
    QCOMPARE(codes(*window->session()), savedCodes);
    for (const auto& [name, layout] : layouts)
        QCOMPARE(layoutOf(*window->session(), name), layout);
    QVERIFY(!window->isWindowModified());
    QCOMPARE(window->diagram()->model().name, QStringLiteral("p"));
    QVERIFY(window->windowTitle().startsWith(QStringLiteral("session.py")));
    // The opened script is where undo starts: Ctrl+Z cannot remove its lines.
    QVERIFY(!window->session()->undoStack()->canUndo());
    window->findAction(QStringLiteral("actionUndo"))->trigger();
    QCOMPARE(codes(*window->session()), savedCodes);
    QVERIFY(!window->isWindowModified());
}

void WindowTest::closingAsksAboutUnsavedChanges() {
    auto window = makeWindow();
    typeLine(*window, QStringLiteral("x = torch.arange(6)"));
    QVERIFY(window->isWindowModified());
    answerNextMessageBox(QMessageBox::Cancel);
    QVERIFY(!window->close());
    QVERIFY(window->isVisible());
    QCOMPARE(int(window->session()->lines().size()), 2);
    answerNextMessageBox(QMessageBox::Discard);
    QVERIFY(window->close());
}

void WindowTest::failingFileLeavesTheSessionUntouched() {
    QTemporaryDir dir;
    auto write = [&](const QString& name, const QByteArray& text) {
        QFile file(dir.filePath(name));
        file.open(QIODevice::WriteOnly);
        file.write(text);
        return file.fileName();
    };
    auto window = makeWindow();
    typeLine(*window, QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)"));
    const QString scriptBefore = window->session()->scriptText();

    QString error;
    QVERIFY(!window->openFile(
        write(QStringLiteral("bad.py"), "import torch\nx = torch.arange(6)\ny = x.view(4)\n"), &error));
    QCOMPARE(error,
             QStringLiteral("bad.py, line 3: RuntimeError: shape '[4]' is invalid for input of size 6"));
    QCOMPARE(window->session()->scriptText(), scriptBefore);
    QCOMPARE(layoutOf(*window->session(), QStringLiteral("x")).sizes, shape({2, 3, 4}));

    QVERIFY(!window->openFile(write(QStringLiteral("syntax.py"), "import torch\nx = (1,\n"), &error));
    QVERIFY2(error.startsWith(QStringLiteral("syntax.py, line ")) &&
                 error.contains(QStringLiteral("SyntaxError")),
             qPrintable(error));
    QVERIFY(!window->openFile(dir.filePath(QStringLiteral("missing.py")), &error));
    QVERIFY(error.startsWith(QStringLiteral("Cannot open")));
    QCOMPARE(window->session()->scriptText(), scriptBefore);
    QVERIFY(window->currentFile().isEmpty());
}

void WindowTest::variablesShowSharedStorage() {
    auto window = makeWindow();
    QVERIFY(
        !window->session()->run(QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)\ny = [v for v in x]")));
    QVERIFY(window->session()->run(
        QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)\ny = x.transpose(0, 2)\nc = y.contiguous()")));
    settle();
    VariablesModel* model = window->variablesModel();
    QCOMPARE(model->rowCount(), 2); // x and y share storage 0; c has its own
    QCOMPARE(model->rowCount(model->index(0, 0)), 2);
    QCOMPARE(model->rowCount(model->index(1, 0)), 1);
    QCOMPARE(model->index(1, 0, model->index(0, 0)).data().toString(), QStringLiteral("y"));
    QCOMPARE(model->index(1, VariablesModel::StrideColumn, model->index(0, 0)).data().toString(),
             QStringLiteral("(1, 4, 12)"));
    QVERIFY2(model->index(0, 0).data().toString().endsWith(QStringLiteral("shared by 2 tensors")),
             qPrintable(model->index(0, 0).data().toString()));
    QCOMPARE(model->index(0, 0, model->index(1, 0)).data().toString(), QStringLiteral("c"));
}

void WindowTest::selectingAVariableShowsIt() {
    auto window = makeWindow();
    QVERIFY(window->session()->run(
        QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)\ny = x.transpose(0, 1)")));
    settle();
    QCOMPARE(window->diagram()->model().name, QStringLiteral("y"));
    QTreeView* view = window->variablesView();
    const QModelIndex x = window->variablesModel()->indexOfName(QStringLiteral("x"));
    QVERIFY(x.isValid());
    view->selectionModel()->setCurrentIndex(x,
                                            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QCOMPARE(window->diagram()->model().name, QStringLiteral("x"));
    settle();
    QVERIFY(window->properties()->toPlainText().contains(QStringLiteral("(12, 4, 1)")));
    // The ops now apply to x.
    std::unique_ptr<OpFormDialog> form(window->createOpForm(QStringLiteral("narrow")));
    QCOMPARE(form->code(), QStringLiteral("z = x.narrow(2, 1, 2)"));
}

void WindowTest::eachLessonStepsToTheEnd_data() {
    QTest::addColumn<QString>("path");
    auto window = std::make_unique<MainWindow>(); // loads the resources
    const QStringList lessons = Lesson::bundledPaths();
    QCOMPARE(lessons.size(), QDir(QStringLiteral(STRIDESCOPE_RESOURCES_DIR "/lessons"))
                                 .entryList({QStringLiteral("*.py")})
                                 .size());
    for (const QString& path : lessons)
        QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
}

void WindowTest::eachLessonStepsToTheEnd() {
    QFETCH(QString, path);
    auto window = makeWindow();
    QString error;
    QVERIFY2(window->startLesson(path, &error), qPrintable(error));
    LessonPanel* panel = window->lessonPanel();
    QVERIFY(panel->isVisible());
    QVERIFY(!panel->lesson()->title.isEmpty());
    QVERIFY(panel->stepCount() > 2);
    QCOMPARE(panel->position(), 0);
    QVERIFY(!panel->commentText().isEmpty()); // the introduction
    int commented = 0;
    int realSteps = 0;
    for (int step = 0; step < panel->stepCount(); ++step) {
        QAction* next = window->lessonsMenu()->nextAction();
        next->trigger(); // what F10 does
        QVERIFY2(panel->lastError().isEmpty(), qPrintable(panel->lastError()));
        QCOMPARE(panel->position(), step + 1);
        const LessonStep& done = panel->lesson()->steps[step];
        if (done.comment.size() > 0) {
            ++commented;
            QVERIFY(panel->commentText().startsWith(done.comment));
        }
        QVERIFY(!panel->commentText().contains(QStringLiteral("no comment")));
        if (done.expectsError) {
            // PyTorch's own words, as the lesson quotes them (its first words).
            QVERIFY(!panel->shownError().isEmpty());
            QVERIFY2(panel->shownError().contains(done.expectedMessage.left(30)),
                     qPrintable(panel->shownError() + QStringLiteral(" / ") + done.expectedMessage));
            QVERIFY(panel->outputText().contains(panel->shownError()));
        } else {
            ++realSteps;
        }
        // Stepping a built-in lesson is not unsaved work.
        QVERIFY(!window->isWindowModified());
    }
    QVERIFY(commented > 0);
    QCOMPARE(int(window->session()->lines().size()), realSteps);
    QCOMPARE(panel->position(), panel->stepCount());
}

// Lesson 11 (devices) exists in Chinese too: under the Chinese UI the menu opens that one, which runs the
// same code (its steps are those of the English lesson).
void WindowTest::translatedLessonReplacesTheEnglishOne() {
    const QString english = QStringLiteral(":/lessons/11_devices_and_transfers.py");
    const QString chinese = QStringLiteral(":/lessons/zh_CN/11_devices_and_transfers.py");
    auto window = makeWindow(); // loads the resources
    QVERIFY(Lesson::bundledPaths(QStringLiteral("en")).contains(english));
    const QStringList paths = Lesson::bundledPaths(QStringLiteral("zh_CN"));
    QVERIFY(paths.contains(chinese));
    QVERIFY(!paths.contains(english));
    QCOMPARE(paths.size(), QDir(QStringLiteral(STRIDESCOPE_RESOURCES_DIR "/lessons")).entryList({QStringLiteral("*.py")}).size());
    const auto en = Lesson::load(english);
    const auto zh = Lesson::load(chinese);
    QVERIFY(en && zh);
    QCOMPARE(zh->steps.size(), en->steps.size());
    for (qsizetype i = 0; i < en->steps.size(); ++i)
        QCOMPARE(zh->steps[i].code, en->steps[i].code);
    QVERIFY(zh->title.startsWith(QStringLiteral("第 11 课")));
    QString error;
    QVERIFY2(window->startLesson(chinese, &error), qPrintable(error));
}

// A CUDA tensor's device is in the properties and on the diagram's storage line; the status bar
// says that cuda:0 is simulated; the bandwidth dock counts the session's host-device copies.
void WindowTest::devicesShowInTheWindow() {
    if (!cudaSimulated())
        QSKIP("a real CUDA device is present: nothing is simulated");
    auto window = makeWindow();
    auto* label = window->findChild<QLabel*>(QStringLiteral("deviceLabel"));
    QVERIFY(label);
    QCOMPARE(label->text(), QStringLiteral("cuda:0 simulated"));
    QVERIFY(label->toolTip().startsWith(QStringLiteral("cuda:0 is simulated: no CUDA device (")));
    typeLine(*window, QStringLiteral("y = torch.arange(6.).view(2, 3).cuda()"));
    const QString text = window->properties()->toPlainText();
    QVERIFY2(text.contains(QStringLiteral("cuda:0")) && text.contains(QStringLiteral("simulated")), qPrintable(text));
    QVERIFY(window->diagram()->model().storageLine.endsWith(QStringLiteral("cuda:0 \u00b7 simulated")));
    auto* panel = window->findChild<BandwidthPanel*>();
    QVERIFY(panel);
    QVERIFY2(panel->sessionTransfersText().startsWith(QStringLiteral("this session's copies: 1, ")),
             qPrintable(panel->sessionTransfersText()));
    QCOMPARE(window->session()->sessionTransfers().size(), std::size_t(1));
    // A line drawing random numbers runs the script from the start: only its own copy counts.
    typeLine(*window, QStringLiteral("z = torch.randn(4, 4).cuda()"));
    QCOMPARE(window->session()->sessionTransfers().size(), std::size_t(2));
    QCOMPARE(window->session()->sessionTransfers().back().bytes, std::int64_t(64));
    // A failing line keeps nothing.
    QVERIFY(!window->session()->run(QStringLiteral("w = y.cpu()\ny.add_(w)")));
    QCOMPARE(window->session()->sessionTransfers().size(), std::size_t(2));
}

void WindowTest::lessonPreviousUndoesAStep() {
    auto window = makeWindow();
    QVERIFY(window->startLesson(QStringLiteral(":/lessons/02_transpose_non_contiguous.py")));
    LessonPanel* panel = window->lessonPanel();
    for (int i = 0; i < 3; ++i)
        QVERIFY(panel->next());
    QCOMPARE(window->diagram()->model().name, QStringLiteral("y"));
    QCOMPARE(panel->position(), 3);
    panel->previous();
    QCOMPARE(panel->position(), 2);
    QVERIFY(!window->session()->workspace().contains("y"));
    // The lesson's comments are kept in the script.
    QVERIFY(window->session()->scriptText().contains(QStringLiteral("# Lesson 2")) ||
            window->session()->lines().front().leading.contains(QStringLiteral("Lesson 2")));
}

void WindowTest::traversalWalksLogicalOrder() {
    auto window = makeWindow();
    QVERIFY(window->session()->run(
        QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)\ny = x.transpose(0, 1)")));
    TraversalController* traversal = window->traversal();
    QCOMPARE(traversal->visitCount(), std::int64_t(24));
    QCOMPARE(traversal->position(), std::int64_t(-1));
    const std::vector<std::int64_t> expected =
        logicalToStorage(window->session()->tensorNamed(QStringLiteral("y"))->layout());
    QAction* step = window->findAction(QStringLiteral("actionStep"));
    for (std::int64_t visit = 0; visit < 24; ++visit) {
        step->trigger();
        QCOMPARE(traversal->position(), visit);
        QCOMPARE(traversal->storageAt(visit), expected[static_cast<std::size_t>(visit)]);
        QCOMPARE(*window->diagram()->focusedIndex(), traversal->indexAt(visit));
        QCOMPARE(window->diagramView()->overlay()->visit(), visit);
    }
    QVERIFY2(window->traversalLabel()->text().startsWith(
                 QStringLiteral("visit 24 of 24: y[2, 1, 3] reads storage[23]")),
             qPrintable(window->traversalLabel()->text()));
    step->trigger(); // at the end: stays
    QCOMPARE(traversal->position(), std::int64_t(23));
    window->findAction(QStringLiteral("actionStepBack"))->trigger();
    QCOMPARE(traversal->position(), std::int64_t(22));
    QVERIFY2(window->traversalLabel()->text().contains(QStringLiteral("jump +1")),
             qPrintable(window->traversalLabel()->text()));
    // Back to y[2, 0, 0] (visit 17 of 24): it comes from y[1, 1, 3] at storage 19, 11 cells further on.
    while (traversal->position() > 16)
        window->findAction(QStringLiteral("actionStepBack"))->trigger();
    QVERIFY2(window->traversalLabel()->text().startsWith(
                 QStringLiteral("visit 17 of 24: y[2, 0, 0] reads storage[8] \u00b7 jump \u221211")),
             qPrintable(window->traversalLabel()->text()));

    // Playing runs on a timer and never blocks the event loop.
    traversal->setSpeed(60);
    window->findAction(QStringLiteral("actionRestart"))->trigger();
    QSignalSpy moved(traversal, &TraversalController::positionChanged);
    window->findAction(QStringLiteral("actionPlay"))->trigger();
    QVERIFY(traversal->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(moved.count() >= 3, 3000);
    window->findAction(QStringLiteral("actionPlay"))->trigger();
    QVERIFY(!traversal->isPlaying());

    // A new tensor starts over.
    QVERIFY(window->session()->run(QStringLiteral("z = y.narrow(0, 1, 2)")));
    QCOMPARE(traversal->position(), std::int64_t(-1));
    QCOMPARE(traversal->visitCount(), std::int64_t(16));
}

void WindowTest::exportWritesEachFormat_data() {
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("magic");
    QTest::newRow("png") << "y.png" << QByteArray("\x89PNG");
    QTest::newRow("svg") << "y.svg" << QByteArray("<?xml");
    QTest::newRow("pdf") << "y.pdf" << QByteArray("%PDF");
}

void WindowTest::exportWritesEachFormat() {
    QFETCH(QString, fileName);
    QFETCH(QByteArray, magic);
    QTemporaryDir dir;
    auto window = makeWindow();
    QString error;
    QVERIFY(!window->exportDiagram(dir.filePath(fileName), &error)); // nothing shown yet
    QVERIFY(window->session()->run(
        QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)\ny = x.transpose(0, 1)")));
    QVERIFY2(window->exportDiagram(dir.filePath(fileName), &error), qPrintable(error));
    QFile file(dir.filePath(fileName));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.read(magic.size()) == magic);
    QVERIFY(!window->exportDiagram(dir.filePath(QStringLiteral("y.gif")), &error));
    if (fileName.endsWith(QStringLiteral(".png"))) {
        const QImage image(dir.filePath(fileName));
        QVERIFY(image.width() > 800); // twice the logical size
    }
}

void WindowTest::copyScriptIsRunnablePyTorch() {
    auto window = makeWindow();
    QVERIFY(window->session()->run(QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)")));
    window->findAction(QStringLiteral("actionCopyScript"))->trigger();
    QCOMPARE(QApplication::clipboard()->text(),
             QStringLiteral("import torch\nx = torch.arange(24).reshape(2, 3, 4)\n"));
    // Without an import line (deleted), one is added.
    QVERIFY(window->session()->removeLine(0));
    QCOMPARE(window->session()->pythonScript(),
             QStringLiteral("import torch\nx = torch.arange(24).reshape(2, 3, 4)\n"));
    window->findAction(QStringLiteral("actionCopyDiagram"))->trigger();
    QVERIFY(!QApplication::clipboard()->image().isNull());
}

void WindowTest::themesAndPresentationMode() {
    auto window = makeWindow();
    QVERIFY(window->session()->run(QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)")));
    QCOMPARE(window->diagram()->theme().name, QStringLiteral("light"));
    window->findAction(QStringLiteral("actionDarkTheme"))->trigger();
    QCOMPARE(window->diagram()->theme().name, QStringLiteral("dark"));
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 100);
    QCOMPARE(QSettings(QStringLiteral("StrideScope"), QStringLiteral("StrideScope"))
                 .value(QStringLiteral("ui/theme"))
                 .toString(),
             QStringLiteral("dark"));
    const double normalFont = QApplication::font().pointSizeF();
    window->findAction(QStringLiteral("actionPresentation"))->trigger();
    QVERIFY(window->isPresentationMode());
    QCOMPARE(window->diagram()->theme().name, QStringLiteral("presentation"));
    // The menus and docks keep their size: the diagram, the lesson and the console grow instead
    // (tst_workshop checks the layout).
    QCOMPARE(QApplication::font().pointSizeF(), normalFont);
    QVERIFY(window->console()->editor()->font().pointSizeF() >
            QFontDatabase::systemFont(QFontDatabase::FixedFont).pointSizeF() * 1.3);
    window->findAction(QStringLiteral("actionPresentation"))->trigger();
    QVERIFY(!window->isPresentationMode());
    QCOMPARE(window->diagram()->theme().name, QStringLiteral("dark"));
    QCOMPARE(QApplication::font().pointSizeF(), normalFont);
    window->setTheme(QStringLiteral("light"));
    QCOMPARE(window->diagram()->theme().name, QStringLiteral("light"));

    // Zoom keeps its bounds.
    window->diagramView()->setZoom(100);
    QCOMPARE(window->diagramView()->zoom(), 8.0);
    window->findAction(QStringLiteral("actionZoomReset"))->trigger();
    QCOMPARE(window->diagramView()->zoom(), 1.0);
}

void WindowTest::chineseTranslationLoads() {
    auto window = std::make_unique<MainWindow>(); // initialises the resources
    if (!QFile::exists(translationPath(QStringLiteral("zh_CN"))))
        QSKIP("built without Qt LinguistTools: no compiled translation");
    QTranslator translator;
    QVERIFY(translator.load(translationPath(QStringLiteral("zh_CN"))));
    QCOMPARE(translator.translate("stridescope::app::WindowActions", "&File"),
             QStringLiteral("\u6587\u4EF6(&F)"));
    // The window's parts each have their own context: their words moved with them.
    QVERIFY(!translator.translate("stridescope::app::MainWindow", "Script").isEmpty());
    QVERIFY(!translator.translate("stridescope::app::WelcomePage", "Start Lesson 1").isEmpty());
    QVERIFY(!translator.translate("stridescope::app::DocumentController", "Unsaved Changes").isEmpty());
    QVERIFY(!translator.translate("stridescope::app::CrashRecovery", "Recover Unsaved Work").isEmpty());
    QVERIFY(!translator.translate("stridescope::app::OpCatalog", "Transpose").isEmpty());
    QVERIFY(!translator
                 .translate("stridescope::app::PropertiesPanel",
                            "contiguous: each dim's stride is the product of the sizes after it")
                 .isEmpty());

    QCoreApplication::installTranslator(&translator);
    {
        MainWindow translated;
        QVERIFY(translated.findAction(QStringLiteral("actionOpen"))
                    ->text()
                    .contains(QStringLiteral("\u6253\u5F00")));
        QVERIFY(translated.session()->run(QStringLiteral("x = torch.arange(6).view(2, 3).t()")));
        settle();
        QVERIFY(translated.properties()->toPlainText().contains(QStringLiteral("\u4E0D\u8FDE\u7EED")));
    }
    QCoreApplication::removeTranslator(&translator);
}

void WindowTest::diagramWordsFollowTheTranslator() {
    auto window = makeWindow(); // initialises the resources
    if (!QFile::exists(translationPath(QStringLiteral("zh_CN"))))
        QSKIP("built without Qt LinguistTools: no compiled translation");
    QVERIFY(window->session()->run(QStringLiteral("x = torch.arange(6).view(2, 3).t()")));
    settle();
    const DiagramModel english = window->diagram()->model();
    const DiagramTheme theme = DiagramTheme::light();
    // No translator (as in `stridescope render`): the words are English.
    QCOMPARE(DiagramText::tr("Storage"), QStringLiteral("Storage"));
    QCOMPARE(DiagramGeometry::compute(english, theme).stripHeading.text, QStringLiteral("Storage"));
    QVERIFY(english.storageLine.endsWith(QStringLiteral("-byte aligned")));
    QCOMPARE(DiagramModel::build({}).notes, QStringList{QStringLiteral("no tensor")});

    QTranslator translator;
    QVERIFY(translator.load(translationPath(QStringLiteral("zh_CN"))));
    QCoreApplication::installTranslator(&translator);
    QCOMPARE(DiagramText::tr("Storage"), QStringLiteral("\u5B58\u50A8"));
    QCOMPARE(DiagramModel::build({}).notes, QStringList{QStringLiteral("\u6CA1\u6709\u5F20\u91CF")});
    QVERIFY(window->session()->run(QStringLiteral("y = x.t()")));
    settle();
    const DiagramModel& chinese = window->diagram()->model();
    const DiagramGeometry geometry = DiagramGeometry::compute(chinese, theme);
    QCOMPARE(geometry.stripHeading.text, QStringLiteral("\u5B58\u50A8"));
    QVERIFY(geometry.gridHeading.text.startsWith(QStringLiteral("\u903B\u8F91\u89C6\u56FE")));
    QVERIFY(chinese.storageLine.endsWith(QStringLiteral(" \u5B57\u8282\u5BF9\u9F50")));
    // PyTorch's names stay as they are.
    QVERIFY(chinese.layoutLine.startsWith(QStringLiteral("shape (2, 3) \u00b7 stride (3, 1)")));
    QCoreApplication::removeTranslator(&translator);

    QCOMPARE(DiagramText::tr("Storage"), QStringLiteral("Storage"));
    QCOMPARE(DiagramModel::build({}).notes, QStringList{QStringLiteral("no tensor")});
}

void WindowTest::contiguityExplanationMatchesCore_data() {
    QTest::addColumn<Layout>("layout");
    QTest::newRow("row-major") << Layout{{2, 3, 4}, {12, 4, 1}, 0};
    QTest::newRow("transposed") << Layout{{3, 2, 4}, {4, 12, 1}, 0};
    QTest::newRow("last dim strided") << Layout{{3, 2}, {4, 2}, 1};
    QTest::newRow("size-1 dims skipped") << Layout{{1, 3, 1}, {7, 1, 9}, 0};
    QTest::newRow("empty") << Layout{{2, 0}, {5, 3}, 0};
    QTest::newRow("0-dim") << Layout{{}, {}, 5};
    QTest::newRow("expanded") << Layout{{3, 4}, {1, 0}, 0};
}

void WindowTest::contiguityExplanationMatchesCore() {
    QFETCH(Layout, layout);
    QCOMPARE(PropertiesPanel::contiguityExplanation(layout),
             QString::fromStdString(explainContiguity(layout)));
    QVERIFY(!PropertiesPanel::denseExplanation(layout).isEmpty() || layout.numel() == 0);
    QVERIFY(!PropertiesPanel::overlapExplanation(layout).isEmpty());
    QVERIFY(!PropertiesPanel::channelsLastExplanation(layout).isEmpty());
}

void WindowTest::viewFailureNamesTheDims_data() {
    QTest::addColumn<Layout>("layout");
    QTest::addColumn<Shape>("requested");
    QTest::addColumn<QString>("expected"); // a part of the sentence; empty: no explanation

    QTest::newRow("transpose flattened") << Layout{{4, 3}, {1, 4}, 0} << shape({12})
                                         << "Dim 0 of the new shape (size 12) would run across dims 0 and 1";
    QTest::newRow("3-D transpose merged")
        << Layout{{3, 2, 4}, {4, 12, 1}, 0} << shape({6, 4})
        << "dim 0's stride 4 \u2260 dim 1's size \u00d7 stride = 2 \u00d7 12 = 24";
    QTest::newRow("narrowed rows flattened") << Layout{{2, 2}, {4, 1}, 1} << shape({4}) << "dims 0 and 1";
    QTest::newRow("a possible view") << Layout{{4, 3}, {1, 4}, 0} << shape({2, 2, 3}) << "";
    QTest::newRow("a wrong size") << Layout{{4, 3}, {1, 4}, 0} << shape({5}) << "";
}

void WindowTest::viewFailureNamesTheDims() {
    QFETCH(Layout, layout);
    QFETCH(Shape, requested);
    QFETCH(QString, expected);
    const auto sentence = ViewFailure::explain(layout, requested);
    if (expected.isEmpty()) {
        QVERIFY(!sentence);
        return;
    }
    QVERIFY(sentence);
    QVERIFY2(sentence->contains(expected), qPrintable(*sentence));
}

void WindowTest::scriptCommentsSurviveSaving() {
    const QString script = QStringLiteral("# A title\n"
                                          "import torch\n"
                                          "\n"
                                          "# make it\n"
                                          "x = torch.arange(6).view(2,\n"
                                          "                         3)  # two rows\n"
                                          "a = x.t(); b = a.t()  # both\n"
                                          "# the end\n");
    SessionModel session;
    QVERIFY(session.load(script));
    QCOMPARE(int(session.lines().size()), 4);
    QCOMPARE(session.lines()[1].comment(), QStringLiteral("make it\ntwo rows"));
    QCOMPARE(session.lines()[2].trailing, QString());
    QCOMPARE(session.lines()[3].trailing, QStringLiteral("both"));
    QCOMPARE(session.scriptText(), QStringLiteral("# A title\n"
                                                  "import torch\n"
                                                  "\n"
                                                  "# make it\n"
                                                  "x = torch.arange(6).view(2,\n"
                                                  "                         3)  # two rows\n"
                                                  "a = x.t()\n"
                                                  "b = a.t()  # both\n"
                                                  "# the end\n"));
    QVERIFY(!session.isModified());
    QCOMPARE(session.expressionOf(QStringLiteral("a")), QStringLiteral("x.t()"));
}

// With STRIDESCOPE_SCREENSHOTS=<dir>: pictures of a session as a new user would make it.
void WindowTest::screenshots() {
    const QString dir = qEnvironmentVariable("STRIDESCOPE_SCREENSHOTS");
    if (dir.isEmpty())
        QSKIP("set STRIDESCOPE_SCREENSHOTS=<dir> to save screenshots");
    QDir().mkpath(dir);
    auto shot = [&](QWidget* widget, const QString& name) {
        QCoreApplication::processEvents();
        QTest::qWait(50);
        QVERIFY(widget->grab().save(QDir(dir).filePath(name)));
    };
    auto window = makeWindow();
    window->resize(1500, 920);
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    shot(window.get(), QStringLiteral("01_welcome.png"));

    std::unique_ptr<TensorBuilderDialog> builder(window->createBuilder());
    builder->show();
    shot(builder.get(), QStringLiteral("02_builder.png"));
    QTest::mouseClick(builder->findChild<QPushButton*>(QStringLiteral("createButton")), Qt::LeftButton);
    shot(window.get(), QStringLiteral("03_tensor.png"));

    std::unique_ptr<OpFormDialog> form(window->createOpForm(QStringLiteral("transpose")));
    form->show();
    shot(form.get(), QStringLiteral("04_transpose_form.png"));
    form->accept();
    shot(window.get(), QStringLiteral("05_transposed.png"));

    form.reset(window->createOpForm(QStringLiteral("view")));
    form->show();
    shot(form.get(), QStringLiteral("06_view_refused.png"));
    form->applyReshapeInstead();

    window->session()->showName(QStringLiteral("y"));
    form.reset(window->createOpForm(QStringLiteral("narrow")));
    form->setOutputName(QStringLiteral("n"));
    form->show();
    shot(form.get(), QStringLiteral("07_narrow_form.png"));
    form->accept();
    typeLine(*window, QStringLiteral("p = x.permute(2, 0, 1)"));
    window->session()->showName(QStringLiteral("n"));
    for (int i = 0; i < 5; ++i)
        window->findAction(QStringLiteral("actionStep"))->trigger();
    shot(window.get(), QStringLiteral("08_traversal.png"));
    QVERIFY(window->exportDiagram(QDir(dir).filePath(QStringLiteral("08b_export_n.png"))));
    typeLine(*window, QStringLiteral("q = n.view(12)"));
    shot(window.get(), QStringLiteral("09_console_error.png"));
    QVERIFY(window->saveFile(QDir(dir).filePath(QStringLiteral("session.py"))));
    {
        auto reopened = makeWindow();
        reopened->resize(1500, 920);
        QVERIFY(reopened->openFile(QDir(dir).filePath(QStringLiteral("session.py"))));
        shot(reopened.get(), QStringLiteral("09b_reopened.png"));
    }
    window->console()->editor()->clear();
    window->console()->clearError();

    window->setTheme(QStringLiteral("dark"));
    shot(window.get(), QStringLiteral("10_dark.png"));
    window->setTheme(QStringLiteral("light"));

    typeLine(*window, QStringLiteral("c = torch.arange(12.).reshape(3, 4).to(torch.complex64)"));
    form.reset(window->createOpForm(QStringLiteral("view_as_real")));
    form->show();
    shot(form.get(), QStringLiteral("10b_view_as_real_form.png"));
    form->accept();
    for (QMenu* menu : window->menuBar()->findChildren<QMenu*>()) {
        if (menu->title() == QStringLiteral("&Tensor")) {
            menu->popup(window->mapToGlobal(QPoint(100, 30)));
            shot(menu, QStringLiteral("10c_tensor_menu.png"));
            menu->hide();
        }
    }
    window->console()->editor()->clear();

    window->session()->clear();
    window->startLesson(QStringLiteral(":/lessons/03_narrow_slicing_offset.py"));
    for (int i = 0; i < 4; ++i)
        window->lessonPanel()->next();
    shot(window.get(), QStringLiteral("11_lesson.png"));
    window->lessonPanel()->close();
    window->session()->setUnmodified();

    // The same in Simplified Chinese.
    QTranslator chinese;
    if (chinese.load(translationPath(QStringLiteral("zh_CN")))) {
        QCoreApplication::installTranslator(&chinese);
        {
            MainWindow translated;
            translated.resize(1500, 920);
            translated.show();
            QVERIFY(QTest::qWaitForWindowExposed(&translated));
            typeLine(translated, QStringLiteral("x = torch.arange(24).reshape(2, 3, 4)"));
            typeLine(translated, QStringLiteral("y = x.transpose(0, 1)"));
            typeLine(translated, QStringLiteral("z = y.view(24)"));
            shot(&translated, QStringLiteral("12_zh_CN.png"));
            std::unique_ptr<OpFormDialog> zhForm(translated.createOpForm(QStringLiteral("narrow")));
            zhForm->show();
            shot(zhForm.get(), QStringLiteral("13_zh_CN_form.png"));
            typeLine(translated, QStringLiteral("c = torch.arange(6.).to(torch.complex64)"));
            zhForm.reset(translated.createOpForm(QStringLiteral("imag")));
            zhForm->show();
            shot(zhForm.get(), QStringLiteral("13b_zh_CN_imag_form.png"));
            translated.session()->setUnmodified();
        }
        QCoreApplication::removeTranslator(&chinese);
    }
}

STRIDESCOPE_TEST_MAIN(WindowTest)
#include "tst_window.moc"
