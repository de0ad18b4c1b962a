// The diagram drawn: offscreen PNGs whose pixels at geometry-derived points have the colours the
// picture promises (reached cells in the order ramp, unreached ones greyed, the theme's
// background), SVGs whose stride labels and values are real <text>, valid PDFs, every theme,
// every edge-case tensor, the widget's hover and click, and the headless `render` command.
#include "app/commands/RenderCommand.h"
#include "app/diagram/DiagramExport.h"
#include "app/diagram/DiagramGeometry.h"
#include "app/diagram/DiagramPainter.h"
#include "app/diagram/DiagramWidget.h"
#include "tests/DiagramCases.h"

#include "TestMain.h"
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <fstream>
#include <sstream>

using namespace stridescope;
using namespace stridescope::app;

namespace {

void addCaseRows() {
    QTest::addColumn<QString>("script");
    for (const auto& c : diagram_cases::all())
        QTest::newRow(c.sentence) << QString::fromUtf8(c.script);
}

// The text of every <text> element of an SVG, whitespace trimmed.
QStringList svgTexts(const QByteArray& svg) {
    QStringList texts;
    QXmlStreamReader reader(svg);
    while (!reader.atEnd()) {
        if (reader.readNext() == QXmlStreamReader::StartElement && reader.name() == QLatin1String("text"))
            texts << reader.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
    }
    return texts;
}

// A point inside a cell clear of its text and outline: just inside the bottom-left corner.
QPointF fillPoint(const QRectF& cell) { return cell.bottomLeft() + QPointF(3.5, -3.5); }

QColor pixel(const QImage& image, const QPointF& logical) {
    const double ratio = image.devicePixelRatio();
    return image.pixelColor(static_cast<int>(logical.x() * ratio), static_cast<int>(logical.y() * ratio));
}

bool near(const QColor& a, const QColor& b, int tolerance = 2) {
    return std::abs(a.red() - b.red()) <= tolerance && std::abs(a.green() - b.green()) <= tolerance &&
           std::abs(a.blue() - b.blue()) <= tolerance;
}

QString show(const QColor& color) { return color.name(); }

struct CommandResult {
    int status = -1;
    std::string out;
    std::string err;
};

CommandResult render(const std::vector<std::string>& args, const std::string& script = {}) {
    CommandResult result;
    std::istringstream in(script);
    std::ostringstream out, err;
    result.status = runRenderCommand(args, in, out, err);
    result.out = out.str();
    result.err = err.str();
    return result;
}

const char* const kTransposeScript =
    "import torch\nx = torch.arange(24).reshape(2, 3, 4)\ny = x.transpose(0, 1)\n";

} // namespace

class TestDiagramRender : public QObject {
    Q_OBJECT

private slots:
    void pixelsShowReachedAndGreyedCells_data();
    void pixelsShowReachedAndGreyedCells();
    void gridCellsShareTheirStorageCellsColour();
    void everyCaseRendersToEveryFormat_data() { addCaseRows(); }
    void everyCaseRendersToEveryFormat();
    void svgKeepsLabelsAndValuesAsText();
    void pdfIsAValidVectorDocument();
    void scaleMultipliesThePixels();
    void fileExtensionPicksTheFormat_data();
    void fileExtensionPicksTheFormat();
    void widgetHighlightsAndFocusesWhatTheMouseTouches();
    void widgetWithoutATensorDrawsAQuietNote();

    void renderCommandWritesEachFormat_data();
    void renderCommandWritesEachFormat();
    void renderCommandDrawsTheLastTensorByDefault();
    void renderCommandRefusesWithClearErrors_data();
    void renderCommandRefusesWithClearErrors();
    void renderCommandWritesNothingWhenTheScriptFails();
};

void TestDiagramRender::pixelsShowReachedAndGreyedCells_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("theme");
    const QString narrow = QStringLiteral("m = torch.arange(24).reshape(4, 6)\nn = m.narrow(0, 1, 2)");
    const QString strided =
        QStringLiteral("big = torch.arange(1048576.).reshape(1024, 1024)\ng = big[::2, 100:300]");
    const QString window = QStringLiteral("x = torch.arange(3000.)\ny = x[::3]");
    for (const auto& theme : DiagramTheme::names()) {
        QTest::addRow("a narrow in the %s theme", qPrintable(theme)) << narrow << theme;
        QTest::addRow("blocks of a strided view in the %s theme", qPrintable(theme)) << strided << theme;
        QTest::addRow("tiny cells of every third element in the %s theme", qPrintable(theme))
            << window << theme;
    }
}

void TestDiagramRender::pixelsShowReachedAndGreyedCells() {
    QFETCH(QString, script);
    QFETCH(QString, theme);
    BUILD_DIAGRAM(built, script.toStdString());
    const auto& model = built.model;
    const DiagramTheme style = *DiagramTheme::byName(theme);
    const auto g = DiagramGeometry::compute(model, style);
    const DiagramPainter painter(model, g, style);
    for (const double scale : {1.0, 2.0}) {
        const QImage image = renderDiagramImage(model, style, scale);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), (g.size * scale).toSize());
        QVERIFY(near(pixel(image, QPointF(2, 2)), style.background));
        int reached = 0, greyed = 0;
        for (std::int64_t unit = 0; unit < model.unitCount(); ++unit) {
            const QRectF cell = g.unitRect(unit);
            if (model.focus && unit == model.unitOf(model.focusStorage))
                continue; // outlined in the focus colour
            const QPointF at = model.detail == StripDetail::Full || model.detail == StripDetail::Compact
                                   ? fillPoint(cell)
                                   : cell.center();
            const QColor expected = painter.unitFill(unit);
            const QColor got = pixel(image, at);
            QVERIFY2(near(got, expected), qPrintable(QStringLiteral("unit %1 at scale %2 is %3, not %4")
                                                         .arg(unit)
                                                         .arg(scale)
                                                         .arg(show(got), show(expected))));
            const bool isReached = model.units[static_cast<std::size_t>(unit)].reached > 0.0F;
            QCOMPARE(expected == style.unreachedFill, !isReached);
            (isReached ? reached : greyed) += 1;
        }
        QVERIFY(reached > 0);
        QVERIFY(greyed > 0);
    }
}

void TestDiagramRender::gridCellsShareTheirStorageCellsColour() {
    BUILD_DIAGRAM(built, "x = torch.arange(24).reshape(2, 3, 4)\ny = x.transpose(0, 1)");
    const auto& model = built.model;
    const DiagramTheme style = DiagramTheme::light();
    const auto g = DiagramGeometry::compute(model, style);
    const QImage image = renderDiagramImage(model, style);
    for (const auto& cell : model.cells) {
        if (!cell.shown || cell.index == *model.focus)
            continue;
        const QColor inGrid = pixel(image, fillPoint(g.gridCellRect(cell.index)));
        const QColor inStrip = pixel(image, fillPoint(g.cellRect(cell.storageIndex)));
        QVERIFY2(near(inGrid, inStrip), qPrintable(DiagramModel::indexText(cell.index)));
        QVERIFY(near(inGrid, style.rampColor(static_cast<double>(cell.order) / 23.0)));
    }
}

void TestDiagramRender::everyCaseRendersToEveryFormat() {
    QFETCH(QString, script);
    BUILD_DIAGRAM(built, script.toStdString());
    for (const auto& name : DiagramTheme::names()) {
        const DiagramTheme theme = *DiagramTheme::byName(name);
        const QImage image = renderDiagramImage(built.model, theme);
        QVERIFY(!image.isNull());
        QVERIFY(near(pixel(image, QPointF(1, 1)), theme.background));
        const QByteArray svg = diagramToSvg(built.model, theme);
        QVERIFY(svg.contains("<svg"));
        QVERIFY(svgTexts(svg).contains(built.model.title));
        QVERIFY(diagramToPdf(built.model, theme).startsWith("%PDF"));
    }
    // The presentation theme is larger in every direction.
    const auto light = DiagramGeometry::compute(built.model, DiagramTheme::light());
    const auto presentation = DiagramGeometry::compute(built.model, DiagramTheme::presentation());
    QVERIFY(presentation.size.width() > light.size.width());
    QVERIFY(presentation.size.height() > light.size.height());
}

void TestDiagramRender::svgKeepsLabelsAndValuesAsText() {
    DiagramOptions options;
    options.byteMode = true;
    BUILD_DIAGRAM(built, "x = torch.arange(24).reshape(2, 3, 4)\ny = x.transpose(0, 1)", options);
    const QStringList texts = svgTexts(diagramToSvg(built.model, DiagramTheme::light()));
    for (const char* expected : {"dim 0: +4 (+32 B)", "dim 1: +12 (+96 B)", "dim 2: +1 (+8 B)", "offset 0",
                                 "23", "0x7f", "is_contiguous False"}) {
        bool found = false;
        for (const auto& text : texts)
            found = found || text.contains(QString::fromUtf8(expected));
        QVERIFY2(found, expected);
    }
    // Each value appears as a text of its own, in the strip and in the grid.
    QCOMPARE(texts.count(QStringLiteral("17")) >= 2, true);

    BUILD_DIAGRAM(plain, "x = torch.arange(24).reshape(2, 3, 4)");
    const QStringList plainTexts = svgTexts(diagramToSvg(plain.model, DiagramTheme::print()));
    QVERIFY(plainTexts.contains(QStringLiteral("dim 0: +12")));
    QVERIFY(plainTexts.contains(QStringLiteral("dim 1: +4")));
}

void TestDiagramRender::pdfIsAValidVectorDocument() {
    BUILD_DIAGRAM(built, "x = torch.arange(24).reshape(2, 3, 4)\ny = x.transpose(0, 1)");
    const QByteArray pdf = diagramToPdf(built.model, DiagramTheme::print());
    QVERIFY(pdf.startsWith("%PDF-"));
    QVERIFY(pdf.size() > 1000);
    QVERIFY(pdf.trimmed().endsWith("%%EOF"));
    QVERIFY(pdf.contains("/Font")); // text stays text, not pixels
    QVERIFY(!pdf.contains("/Subtype /Image"));
}

void TestDiagramRender::scaleMultipliesThePixels() {
    BUILD_DIAGRAM(built, "x = torch.arange(6).reshape(2, 3)");
    const QImage one = renderDiagramImage(built.model, DiagramTheme::light(), 1.0);
    const QImage two = renderDiagramImage(built.model, DiagramTheme::light(), 2.0);
    QCOMPARE(two.width(), one.width() * 2);
    QCOMPARE(two.height(), one.height() * 2);
    QVERIFY(renderDiagramImage(built.model, DiagramTheme::light(), 0.0).isNull());
    QVERIFY(renderDiagramImage(built.model, DiagramTheme::light(), 10000.0).isNull());
}

void TestDiagramRender::fileExtensionPicksTheFormat_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("format"); // -1: none
    QTest::newRow("a .png file") << QStringLiteral("/tmp/a.png") << static_cast<int>(DiagramFormat::Png);
    QTest::newRow("an upper-case .SVG file")
        << QStringLiteral("b.SVG") << static_cast<int>(DiagramFormat::Svg);
    QTest::newRow("a .pdf in a dotted folder")
        << QStringLiteral("x.y/c.pdf") << static_cast<int>(DiagramFormat::Pdf);
    QTest::newRow("a .jpg is not offered") << QStringLiteral("d.jpg") << -1;
    QTest::newRow("no extension at all") << QStringLiteral("picture") << -1;
}

void TestDiagramRender::fileExtensionPicksTheFormat() {
    QFETCH(QString, path);
    QFETCH(int, format);
    const auto got = diagramFormatForPath(path);
    QCOMPARE(got ? static_cast<int>(*got) : -1, format);
}

void TestDiagramRender::widgetHighlightsAndFocusesWhatTheMouseTouches() {
    BUILD_DIAGRAM(built, "x = torch.arange(24).reshape(2, 3, 4)\ny = x.transpose(0, 1)");
    DiagramWidget widget;
    widget.setModel(built.model);
    widget.setZoom(1.0);
    widget.resize(widget.sizeHint());
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const auto& g = widget.diagramGeometry();
    QSignalSpy hover(&widget, &DiagramWidget::hoverChanged);
    QSignalSpy focus(&widget, &DiagramWidget::focusChanged);

    // Hover the logical cell y[1, 0, 2]: it and its storage cell (4 + 2 = 6) are highlighted.
    const QRectF cell = g.gridCellRect({1, 0, 2});
    QTest::mouseMove(&widget, cell.center().toPoint());
    QTRY_COMPARE(hover.count(), 1);
    QCOMPARE(hover.last().at(0).toString(),
             QStringLiteral("y[1, 0, 2]: 0 + 1\u00b74 + 0\u00b712 + 2\u00b71 = 6 \u2192 0x%1")
                 .arg(built.model.baseAddress + 48, 0, 16));
    QVERIFY(widget.highlight().index);
    QCOMPARE(*widget.highlight().index, (Shape{1, 0, 2}));

    // Hover storage element 13: it is y[0, 1, 1].
    QTest::mouseMove(&widget, g.cellRect(13).center().toPoint());
    QTRY_COMPARE(hover.count(), 2);
    QVERIFY(hover.last().at(0).toString().contains(QStringLiteral("read by y[0, 1, 1]")));
    QCOMPARE(widget.highlight().unit, std::optional<std::int64_t>(13));

    // Click it: the focus (and the arrows) move there.
    QTest::mouseClick(&widget, Qt::LeftButton, {}, g.cellRect(13).center().toPoint());
    QCOMPARE(focus.count(), 1);
    QCOMPARE(*widget.focusedIndex(), (Shape{0, 1, 1}));
    QCOMPARE(widget.model().focusStorage, 13);
    const auto* arrow = widget.diagramGeometry().arrowPath(0);
    QVERIFY(arrow);
    QVERIFY(widget.diagramGeometry().cellRect(17).contains(arrow->end));

    // Arrow keys walk the last dim, clamped at its end.
    QTest::keyClick(&widget, Qt::Key_Right);
    QCOMPARE(*widget.focusedIndex(), (Shape{0, 1, 2}));
    QTest::keyClick(&widget, Qt::Key_Right);
    QTest::keyClick(&widget, Qt::Key_Right);
    QCOMPARE(*widget.focusedIndex(), (Shape{0, 1, 3}));

    // Zoom scales the size hint and the hit test alike.
    const QSize before = widget.sizeHint();
    widget.setZoom(2.0);
    QCOMPARE(widget.sizeHint(), QSize(before.width() * 2, before.height() * 2));
    QCOMPARE(widget.hitAt(g.cellRect(5).center() * 2).storageIndex, 5);

    // Leaving clears the hover.
    QEvent leave(QEvent::Leave);
    QCoreApplication::sendEvent(&widget, &leave);
    QVERIFY(widget.highlight().empty());
    QCOMPARE(hover.last().at(0).toString(), QString());
}

void TestDiagramRender::widgetWithoutATensorDrawsAQuietNote() {
    DiagramWidget widget;
    QVERIFY(widget.sizeHint().width() < 300 && widget.sizeHint().height() < 100);
    QCOMPARE(widget.hitAt(QPointF(10, 10)).kind, DiagramHit::Kind::None);
    widget.setFocusedIndex({0, 0}); // ignored: there is nothing to focus
    QVERIFY(!widget.focusedIndex());
    const QImage image = renderDiagramImage(DiagramModel{}, DiagramTheme::dark());
    QVERIFY(!image.isNull());
    QVERIFY(near(pixel(image, QPointF(1, 1)), DiagramTheme::dark().background));
    QVERIFY(
        svgTexts(diagramToSvg(DiagramModel{}, DiagramTheme::light())).contains(QStringLiteral("no tensor")));
}

void TestDiagramRender::renderCommandWritesEachFormat_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("magic");
    QTest::newRow("a PNG") << QStringLiteral("out.png") << QByteArray("\x89PNG");
    QTest::newRow("an SVG") << QStringLiteral("out.svg") << QByteArray("<?xml");
    QTest::newRow("a PDF") << QStringLiteral("out.pdf") << QByteArray("%PDF");
}

void TestDiagramRender::renderCommandWritesEachFormat() {
    QFETCH(QString, file);
    QFETCH(QByteArray, magic);
    QTemporaryDir dir;
    const std::string script = dir.filePath(QStringLiteral("transpose.py")).toStdString();
    std::ofstream(script) << kTransposeScript;
    const std::string out = dir.filePath(file).toStdString();
    for (const auto& theme : DiagramTheme::names()) {
        const auto result =
            render({script, "--out", out, "--var", "y", "--theme", theme.toStdString(), "--scale", "1.5"});
        QVERIFY2(result.status == 0, result.err.c_str());
        QFile written(QString::fromStdString(out));
        QVERIFY(written.open(QIODevice::ReadOnly));
        QVERIFY(written.readAll().startsWith(magic));
    }
    if (file.endsWith(QLatin1String(".svg"))) {
        QFile written(QString::fromStdString(out));
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QStringList texts = svgTexts(written.readAll());
        QVERIFY(texts.contains(QStringLiteral("y = x.transpose(0, 1)")));
        QVERIFY(texts.contains(QStringLiteral("dim 1: +12")));
        QVERIFY(texts.contains(QStringLiteral("x"))); // the lane of the other view
    }
}

void TestDiagramRender::renderCommandDrawsTheLastTensorByDefault() {
    QTemporaryDir dir;
    const std::string out = dir.filePath(QStringLiteral("last.svg")).toStdString();
    const auto result =
        render({"-", "--out", out}, std::string(kTransposeScript) + "n = 3\nz = y.contiguous()\n");
    QVERIFY2(result.status == 0, result.err.c_str());
    QFile written(QString::fromStdString(out));
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QStringList texts = svgTexts(written.readAll());
    QVERIFY(texts.contains(QStringLiteral("z = y.contiguous()")));
    // z has its own storage: no lanes for x and y.
    QVERIFY(!texts.contains(QStringLiteral("y")));
}

void TestDiagramRender::renderCommandRefusesWithClearErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("message");
    QTest::newRow("an unknown extension is a usage error")
        << QStringList{QStringLiteral("-"), QStringLiteral("--out"), QStringLiteral("@DIR@/x.jpg")} << 2
        << QStringLiteral("use a .png, .svg, .pdf, .tex or .gif file name");
    QTest::newRow("no --out is a usage error")
        << QStringList{QStringLiteral("-")} << 2 << QStringLiteral("--out PATH is required");
    QTest::newRow("an unknown theme is a usage error")
        << QStringList{QStringLiteral("-"), QStringLiteral("--out"), QStringLiteral("@DIR@/x.png"),
                       QStringLiteral("--theme"), QStringLiteral("neon")}
        << 2 << QStringLiteral("unknown theme 'neon'");
    QTest::newRow("a scale of zero is a usage error")
        << QStringList{QStringLiteral("-"), QStringLiteral("--out"), QStringLiteral("@DIR@/x.png"),
                       QStringLiteral("--scale"), QStringLiteral("0")}
        << 2 << QStringLiteral("--scale must be a number above 0");
    QTest::newRow("an unknown option is a usage error")
        << QStringList{QStringLiteral("-"), QStringLiteral("--out"), QStringLiteral("@DIR@/x.png"),
                       QStringLiteral("--dpi")}
        << 2 << QStringLiteral("unknown option '--dpi'");
    QTest::newRow("an unknown --var names the tensors there are")
        << QStringList{QStringLiteral("-"), QStringLiteral("--out"), QStringLiteral("@DIR@/x.png"),
                       QStringLiteral("--var"), QStringLiteral("nope")}
        << 1 << QStringLiteral("the script defines no name 'nope' (tensors: x, y)");
    QTest::newRow("a --var that is not a tensor")
        << QStringList{QStringLiteral("-"), QStringLiteral("--out"), QStringLiteral("@DIR@/x.png"),
                       QStringLiteral("--var"), QStringLiteral("torch")}
        << 1 << QStringLiteral("'torch' is not a tensor");
    QTest::newRow("an unwritable output path fails cleanly")
        << QStringList{QStringLiteral("-"), QStringLiteral("--out"),
                       QStringLiteral("@DIR@/missing/folder/x.png")}
        << 1 << QStringLiteral("cannot write");
    QTest::newRow("an unreadable script")
        << QStringList{QStringLiteral("@DIR@/none.py"), QStringLiteral("--out"),
                       QStringLiteral("@DIR@/x.png")}
        << 2 << QStringLiteral("cannot read");
}

void TestDiagramRender::renderCommandRefusesWithClearErrors() {
    QFETCH(QStringList, args);
    QFETCH(int, status);
    QFETCH(QString, message);
    QTemporaryDir dir;
    std::vector<std::string> argv;
    for (QString arg : args)
        argv.push_back(arg.replace(QStringLiteral("@DIR@"), dir.path()).toStdString());
    const auto result = render(argv, kTransposeScript);
    QCOMPARE(result.status, status);
    QVERIFY2(QString::fromStdString(result.err).contains(message), result.err.c_str());
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.png"))));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::NoDotAndDotDot), QStringList());
}

void TestDiagramRender::renderCommandWritesNothingWhenTheScriptFails() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("never.png"));
    const auto result =
        render({"-", "--out", out.toStdString()}, "import torch\nx = torch.arange(6)\ny = x.view(4, 2)\n");
    QCOMPARE(result.status, 1);
    QVERIFY2(result.err.find("Traceback (most recent call last):") != std::string::npos, result.err.c_str());
    QVERIFY2(result.err.find("RuntimeError: shape '[4, 2]' is invalid for input of size 6") !=
                 std::string::npos,
             result.err.c_str());
    QVERIFY(result.out.empty());
    QVERIFY(!QFile::exists(out));
    // A syntax error likewise.
    const auto syntax = render({"-", "--out", out.toStdString()}, "import torch\nx = torch.arange(6\n");
    QCOMPARE(syntax.status, 1);
    QVERIFY(syntax.err.find("SyntaxError") != std::string::npos);
    QVERIFY(!QFile::exists(out));
}

STRIDESCOPE_TEST_MAIN(TestDiagramRender)
#include "tst_diagram_render.moc"
