// Figures for documentation, checked by content: `render --clean` and each switch that puts
// detail back or takes it away (SVG <text> and elements), --labels, --title wrapping, --wrap and
// --width, --transparent (PNG alpha, SVG without a backdrop), --lang, --text-as-paths, --alt,
// SVG font fallbacks, --each and its file names, several --var in one figure, a bare last
// expression as the default tensor, TikZ structure (and a pdflatex run where pdflatex is
// installed), the GIF's frames (parsed with giflib), the PNG frame sequence, the handout's
// pages, the usage errors, and the filter that keeps stderr quiet without XDG_RUNTIME_DIR.
#include "app/commands/HandoutCommand.h"
#include "app/commands/HeadlessGui.h"
#include "app/commands/RenderCommand.h"
#include "app/diagram/DiagramExport.h"
#include "app/diagram/DiagramGeometry.h"
#include "app/diagram/GifExport.h"
#include "app/diagram/HandoutExport.h"
#include "app/diagram/TikzExport.h"
#include "app/window/FigureExport.h"
#include "app/window/Lesson.h"
#include "app/window/MainWindow.h"
#include "core/script/Interpreter.h"

#include "TestMain.h"
#include <QBuffer>
#include <QImage>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <gif_lib.h>

#include <fstream>
#include <map>
#include <sstream>

using namespace stridescope;
using namespace stridescope::app;

namespace {

struct CommandResult {
    int status = -1;
    std::string out;
    std::string err;
};

CommandResult render(const std::vector<std::string>& args, const std::string& script) {
    CommandResult result;
    std::istringstream in(script);
    std::ostringstream out, err;
    result.status = runRenderCommand(args, in, out, err);
    result.out = out.str();
    result.err = err.str();
    return result;
}

QByteArray readFile(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QStringList svgTexts(const QByteArray& svg) {
    QStringList texts;
    QXmlStreamReader reader(svg);
    while (!reader.atEnd())
        if (reader.readNext() == QXmlStreamReader::StartElement && reader.name() == QLatin1String("text"))
            texts << reader.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
    return texts;
}

int countElements(const QByteArray& svg, const QString& name) {
    int count = 0;
    QXmlStreamReader reader(svg);
    while (!reader.atEnd())
        if (reader.readNext() == QXmlStreamReader::StartElement && reader.name() == name)
            ++count;
    return count;
}

QString elementText(const QByteArray& svg, const QString& name) {
    QXmlStreamReader reader(svg);
    while (!reader.atEnd())
        if (reader.readNext() == QXmlStreamReader::StartElement && reader.name() == name)
            return reader.readElementText(QXmlStreamReader::IncludeChildElements);
    return {};
}

bool anyContains(const QStringList& texts, const QString& part) {
    for (const auto& text : texts)
        if (text.contains(part))
            return true;
    return false;
}

int pdfPages(const QByteArray& pdf) {
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![a-zA-Z])"));
    int count = 0;
    for (auto it = page.globalMatch(QString::fromLatin1(pdf)); it.hasNext(); it.next())
        ++count;
    return count;
}

// A GIF read back with giflib.
struct GifFacts {
    bool ok = false;
    int frames = 0;
    int width = 0, height = 0;
    bool loops = false;
    int firstDelay = -1; // centiseconds
};

int readFromBuffer(GifFileType* gif, GifByteType* data, int length) {
    auto* buffer = static_cast<QBuffer*>(gif->UserData);
    return static_cast<int>(buffer->read(reinterpret_cast<char*>(data), length));
}

GifFacts readGif(const QByteArray& bytes) {
    GifFacts facts;
    QByteArray copy = bytes;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    int error = 0;
    GifFileType* gif = DGifOpen(&buffer, readFromBuffer, &error);
    if (!gif)
        return facts;
    if (DGifSlurp(gif) == GIF_OK) {
        facts.ok = true;
        facts.frames = gif->ImageCount;
        facts.width = gif->SWidth;
        facts.height = gif->SHeight;
        // The loop block precedes the first image, so giflib files it with that image; its
        // sub-block {1, 0, 0} (loop count 0: forever) follows as a continuation block.
        if (gif->ImageCount > 0) {
            const SavedImage& first = gif->SavedImages[0];
            for (int i = 0; i + 1 < first.ExtensionBlockCount; ++i) {
                const auto& block = first.ExtensionBlocks[i];
                const auto& next = first.ExtensionBlocks[i + 1];
                if (block.Function == APPLICATION_EXT_FUNC_CODE && block.ByteCount == 11 &&
                    std::memcmp(block.Bytes, "NETSCAPE2.0", 11) == 0 && next.ByteCount == 3 &&
                    next.Bytes[0] == 1 && next.Bytes[1] == 0 && next.Bytes[2] == 0)
                    facts.loops = true;
            }
        }
        GraphicsControlBlock control;
        if (gif->ImageCount > 0 && DGifSavedExtensionToGCB(gif, 0, &control) == GIF_OK)
            facts.firstDelay = control.DelayTime;
    }
    DGifCloseFile(gif, &error);
    return facts;
}

const char* const kViewScript = "import torch\nx = torch.arange(6).view(2, 3)\ny = x.t()\n";

// The tensors a script binds, by name (views of one storage stay views of one storage).
std::map<std::string, Tensor> tensorsFrom(const std::string& source) {
    script::Workspace workspace;
    workspace.importTorch();
    script::Interpreter interpreter(workspace);
    interpreter.run(source, [](const script::StatementOutcome& outcome) { return outcome.ok(); });
    std::map<std::string, Tensor> tensors;
    for (const auto& [name, tensor] : workspace.tensors())
        tensors[name] = tensor;
    return tensors;
}

Tensor tensorFrom(const std::string& source, const std::string& name) { return tensorsFrom(source)[name]; }

} // namespace

class TestFigures : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // the window test below keeps away from real settings
        QVERIFY(useLanguage(QStringLiteral("en")));
    }

    void cleanKeepsWhatAReaderNeeds();
    void switchesPutDetailBack_data();
    void switchesPutDetailBack();
    void labelsChooseTheCellText_data();
    void labelsChooseTheCellText();
    void longTitlesWrapAndAreNeverCut();
    void wrapAndWidthShapeTheStrip();
    void transparentHasNoBackground();
    void chineseWordsWithLang();
    void textAsPathsLeavesNoText();
    void altTextGoesToDescAndATextFile();
    void svgFontsHaveGenericFallbacks();
    void eachNamesFilesAsPromised();
    void eachWithOnlyLineKeepsEveryTensor();
    void severalVarsShareOneFigure();
    void severalVarsMustShareTheStorage();
    void bareLastExpressionIsTheDefault();
    void tikzIsAStandaloneDocument();
    void tikzCompilesWithPdflatex();
    void gifHasAFramePerElement_data();
    void gifHasAFramePerElement();
    void framePatternWritesAPngPerElement();
    void animationRefusesTooManyElements();
    void handoutHasATitlePageAndAStepPerBlock();
    void handoutCommandWritesAPdf();
    void usageErrors_data();
    void usageErrors();
    void exportDialogCarriesTheRenderChoices();
    void windowMenusOfferTheFigureExports();
    void runtimeDirWarningIsFiltered();
    void renderIsQuietWithoutXdgRuntimeDir();
};

void TestFigures::cleanKeepsWhatAReaderNeeds() {
    QTemporaryDir dir;
    const QString plain = dir.filePath(QStringLiteral("plain.svg")), clean = dir.filePath(QStringLiteral("clean.svg"));
    QCOMPARE(render({"-", "--out", plain.toStdString(), "--var", "y"}, kViewScript).status, 0);
    const auto result = render({"-", "--out", clean.toStdString(), "--var", "y", "--clean"}, kViewScript);
    QVERIFY2(result.status == 0, result.err.c_str());
    QVERIFY(result.err.empty());
    const QStringList before = svgTexts(readFile(plain)), after = svgTexts(readFile(clean));
    // The default figure carries the debugging detail ...
    QVERIFY(anyContains(before, QStringLiteral("data_ptr")));
    QVERIFY(anyContains(before, QStringLiteral("ticks: 16 / 32 / 128-byte boundaries")));
    QVERIFY(anyContains(before, QStringLiteral("focus y[0, 0]")));
    QVERIFY(anyContains(before, QStringLiteral("0x")));
    QVERIFY(before.contains(QStringLiteral("x"))); // the lane of the base
    QVERIFY(anyContains(before, QStringLiteral("dim 0: size 3, stride 1")));
    // ... the clean one only what a reader needs.
    for (const auto& gone : {QStringLiteral("data_ptr"), QStringLiteral("ticks"), QStringLiteral("focus"),
                             QStringLiteral("0x"), QStringLiteral("dim 0: size"), QStringLiteral("extent"),
                             QStringLiteral("grey: not reached")})
        QVERIFY2(!anyContains(after, gone), qPrintable(gone));
    QVERIFY(!after.contains(QStringLiteral("x")));
    QVERIFY(after.contains(QStringLiteral("y = x.t()")));
    QVERIFY(after.contains(QStringLiteral("dim 0: +1")));
    QVERIFY(after.contains(QStringLiteral("dim 1: +3")));
    QVERIFY(after.contains(QStringLiteral("offset 0")));
    QVERIFY(after.contains(QStringLiteral("Storage")));
    // arange data: each strip cell shows its value once, not an index and an equal value.
    QCOMPARE(after.count(QStringLiteral("4")), 2); // strip and grid
    QCOMPARE(before.count(QStringLiteral("4")), 3); // strip index, strip value, grid
}

void TestFigures::switchesPutDetailBack_data() {
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("shown");
    QTest::newRow("--addresses brings back data_ptr")
        << QStringLiteral("--addresses") << QStringLiteral("data_ptr");
    QTest::newRow("--legend brings back the per-dim legend")
        << QStringLiteral("--legend") << QStringLiteral("dim 0: size 3, stride 1");
    QTest::newRow("--legend brings back the colour key") << QStringLiteral("--legend") << QStringLiteral("first");
    QTest::newRow("--lanes brings back the lane of another view") << QStringLiteral("--lanes") << QStringLiteral("x");
}

void TestFigures::switchesPutDetailBack() {
    QFETCH(QString, option);
    QFETCH(QString, shown);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("f.svg"));
    const auto result =
        render({"-", "--out", out.toStdString(), "--var", "y", "--clean", option.toStdString()}, kViewScript);
    QVERIFY2(result.status == 0, result.err.c_str());
    const QStringList texts = svgTexts(readFile(out));
    QVERIFY2(shown == u"x" ? texts.contains(shown) : anyContains(texts, shown), qPrintable(texts.join(u'|')));
    QVERIFY(!anyContains(texts, QStringLiteral("focus"))); // still no footer
}

void TestFigures::labelsChooseTheCellText_data() {
    QTest::addColumn<QString>("labels");
    QTest::addColumn<QStringList>("present");
    QTest::addColumn<QStringList>("absent");
    // Values 10..15 at storage indices 0..5: every kind of label is told apart.
    QTest::newRow("value: the values") << QStringLiteral("value") << QStringList{QStringLiteral("15")}
                                       << QStringList{QStringLiteral("@5"), QStringLiteral("(2, 1)")};
    QTest::newRow("index: storage indices, '@' in the grid")
        << QStringLiteral("index") << QStringList{QStringLiteral("5"), QStringLiteral("@5")}
        << QStringList{QStringLiteral("15")};
    QTest::newRow("coord: logical indices") << QStringLiteral("coord") << QStringList{QStringLiteral("(2, 1)")}
                                            << QStringList{QStringLiteral("15"), QStringLiteral("@5")};
    QTest::newRow("none: no cell text") << QStringLiteral("none") << QStringList{}
                                        << QStringList{QStringLiteral("15"), QStringLiteral("@5"),
                                                       QStringLiteral("(2, 1)")};
}

void TestFigures::labelsChooseTheCellText() {
    QFETCH(QString, labels);
    QFETCH(QStringList, present);
    QFETCH(QStringList, absent);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("f.svg"));
    const auto result = render({"-", "--out", out.toStdString(), "--clean", "--labels", labels.toStdString()},
                               "import torch\nx = torch.arange(10, 16).view(2, 3)\ny = x.t()\n");
    QVERIFY2(result.status == 0, result.err.c_str());
    const QStringList texts = svgTexts(readFile(out));
    for (const auto& text : present)
        QVERIFY2(texts.contains(text), qPrintable(text + QStringLiteral(" in ") + texts.join(u'|')));
    for (const auto& text : absent)
        QVERIFY2(!texts.contains(text), qPrintable(text));
}

void TestFigures::longTitlesWrapAndAreNeverCut() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("t.svg"));
    QString title;
    for (int i = 0; i < 12; ++i)
        title += QStringLiteral("word%1 of a long caption ").arg(i);
    title = title.trimmed();
    const auto result =
        render({"-", "--out", out.toStdString(), "--clean", "--title", title.toStdString()}, kViewScript);
    QVERIFY2(result.status == 0, result.err.c_str());
    const QByteArray svg = readFile(out);
    const QStringList texts = svgTexts(svg);
    QVERIFY(!anyContains(texts, QStringLiteral("\u2026")));
    // The title's lines are the texts before the layout line.
    auto titleLinesOf = [](const QStringList& all) {
        QStringList lines;
        for (const auto& text : all) {
            if (text.startsWith(QLatin1String("shape (")))
                break;
            lines << text;
        }
        return lines;
    };
    const QStringList titleLines = titleLinesOf(texts);
    QVERIFY2(titleLines.size() >= 2, qPrintable(titleLines.join(u'|'))); // wrapped over lines
    QCOMPARE(titleLines.join(u' ').simplified(), title);
    QCOMPARE(elementText(svg, QStringLiteral("title")), title);
    // The default figure wraps too (at 1400 px) rather than eliding.
    const QString plain = dir.filePath(QStringLiteral("p.svg"));
    QCOMPARE(render({"-", "--out", plain.toStdString(), "--title",
                     QString(title + QLatin1Char(' ') + title).toStdString()},
                    kViewScript)
                 .status,
             0);
    const QStringList plainLines = titleLinesOf(svgTexts(readFile(plain)));
    QVERIFY(plainLines.size() >= 2);
    QCOMPARE(plainLines.join(u' ').simplified(), title + QLatin1Char(' ') + title);
}

void TestFigures::wrapAndWidthShapeTheStrip() {
    DiagramTensorSpec spec;
    spec.name = QStringLiteral("x");
    spec.tensor = tensorFrom("x = torch.arange(120)\n", "x");
    for (const int wrap : {1, 7, 30, 120}) {
        DiagramOptions options;
        options.figure.clean = true;
        options.figure.wrap = wrap;
        const auto geometry = DiagramGeometry::compute(DiagramModel::build(spec, {}, options), DiagramTheme::light());
        QCOMPARE(geometry.cellsPerRow, wrap);
        QCOMPARE(geometry.rowCount, (120 + wrap - 1) / wrap);
    }
    for (const double width : {400.0, 900.0, 1600.0}) {
        DiagramOptions options;
        options.figure.clean = true;
        options.figure.width = width;
        const auto geometry = DiagramGeometry::compute(DiagramModel::build(spec, {}, options), DiagramTheme::light());
        // The strip's rows fit the width (other parts, such as a long layout line, may not:
        // they are not cut); where nothing else is wider, the picture is that wide.
        QVERIFY(geometry.unitRect(geometry.cellsPerRow - 1).right() + geometry.margin <= width);
        if (width >= 900) {
            QVERIFY2(geometry.size.width() <= width + 1, qPrintable(QString::number(geometry.size.width())));
            QVERIFY(geometry.size.width() >= width - 80);
        }
    }
    // Through the command: a wider wrap gives a wider, shorter picture.
    QTemporaryDir dir;
    const QString narrow = dir.filePath(QStringLiteral("n.png")), wide = dir.filePath(QStringLiteral("w.png"));
    const std::string script = "import torch\nx = torch.arange(120)\n";
    QCOMPARE(render({"-", "--out", narrow.toStdString(), "--clean", "--wrap", "8"}, script).status, 0);
    QCOMPARE(render({"-", "--out", wide.toStdString(), "--clean", "--wrap", "40"}, script).status, 0);
    const QImage a(narrow), b(wide);
    QVERIFY(b.width() > a.width());
    QVERIFY(b.height() < a.height());
    const QString sized = dir.filePath(QStringLiteral("s.png"));
    QCOMPARE(render({"-", "--out", sized.toStdString(), "--clean", "--width", "700"}, script).status, 0);
    QVERIFY(std::abs(QImage(sized).width() - 700) <= 80);
}

void TestFigures::transparentHasNoBackground() {
    QTemporaryDir dir;
    const QString opaque = dir.filePath(QStringLiteral("o.png")), clear = dir.filePath(QStringLiteral("c.png"));
    QCOMPARE(render({"-", "--out", opaque.toStdString(), "--clean"}, kViewScript).status, 0);
    QCOMPARE(render({"-", "--out", clear.toStdString(), "--clean", "--transparent"}, kViewScript).status, 0);
    const QImage a(opaque), b(clear);
    QVERIFY(b.hasAlphaChannel());
    QCOMPARE(qAlpha(a.pixel(2, 2)), 255);
    QCOMPARE(qAlpha(b.pixel(2, 2)), 0);
    QCOMPARE(qAlpha(b.pixel(b.width() - 2, b.height() - 2)), 0);
    // Cells stay opaque: the middle of the first grid cell.
    DiagramOptions cleanOptions;
    cleanOptions.figure.clean = true;
    const DiagramModel model = DiagramModel::build({QStringLiteral("y"), QStringLiteral("x.t()"), tensorFrom(kViewScript, "y")},
                                                   {}, cleanOptions);
    const auto geometry = DiagramGeometry::compute(model, DiagramTheme::light());
    const QPointF inside = geometry.gridCellRect({1, 1}).bottomLeft() + QPointF(3.5, -3.5);
    QCOMPARE(qAlpha(b.pixel(inside.toPoint())), 255);
    // SVG: no backdrop rectangle the size of the picture.
    const QString svg = dir.filePath(QStringLiteral("c.svg")), plainSvg = dir.filePath(QStringLiteral("o.svg"));
    QCOMPARE(render({"-", "--out", svg.toStdString(), "--clean", "--transparent"}, kViewScript).status, 0);
    QCOMPARE(render({"-", "--out", plainSvg.toStdString(), "--clean"}, kViewScript).status, 0);
    const QRegularExpression backdrop(QStringLiteral("<rect x=\"0\" y=\"0\" width=\"\\d+\" height=\"\\d+\"/>"));
    QVERIFY(QString::fromUtf8(readFile(plainSvg)).contains(backdrop));
    QVERIFY(!QString::fromUtf8(readFile(svg)).contains(backdrop));
}

void TestFigures::chineseWordsWithLang() {
    QTemporaryDir dir;
    const QString zh = dir.filePath(QStringLiteral("zh.svg")), en = dir.filePath(QStringLiteral("en.svg"));
    const auto result = render({"-", "--out", zh.toStdString(), "--clean", "--lang", "zh_CN"}, kViewScript);
    QVERIFY2(result.status == 0, result.err.c_str());
    const QStringList texts = svgTexts(readFile(zh));
    QVERIFY2(texts.contains(QStringLiteral("存储")), qPrintable(texts.join(u'|')));
    QVERIFY(!texts.contains(QStringLiteral("Storage")));
    // The next command of the process is English again.
    QCOMPARE(render({"-", "--out", en.toStdString(), "--clean"}, kViewScript).status, 0);
    QVERIFY(svgTexts(readFile(en)).contains(QStringLiteral("Storage")));
}

void TestFigures::textAsPathsLeavesNoText() {
    QTemporaryDir dir;
    const QString text = dir.filePath(QStringLiteral("t.svg")), paths = dir.filePath(QStringLiteral("p.svg"));
    QCOMPARE(render({"-", "--out", text.toStdString(), "--clean"}, kViewScript).status, 0);
    QCOMPARE(render({"-", "--out", paths.toStdString(), "--clean", "--text-as-paths"}, kViewScript).status, 0);
    const QByteArray a = readFile(text), b = readFile(paths);
    QVERIFY(countElements(a, QStringLiteral("text")) > 10);
    QCOMPARE(countElements(b, QStringLiteral("text")), 0);
    QVERIFY(countElements(b, QStringLiteral("path")) > countElements(a, QStringLiteral("path")) + 10);
    QCOMPARE(elementText(b, QStringLiteral("title")), QStringLiteral("y = x.t()"));
}

void TestFigures::altTextGoesToDescAndATextFile() {
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("fig.png"));
    QCOMPARE(render({"-", "--out", png.toStdString(), "--clean", "--alt", "--var", "y"}, kViewScript).status, 0);
    const QString alt = QString::fromUtf8(readFile(dir.filePath(QStringLiteral("fig.txt")))).trimmed();
    QVERIFY2(alt.startsWith(QStringLiteral("Memory diagram of y = x.t(): shape (3, 2)")), qPrintable(alt));
    QVERIFY(alt.contains(QStringLiteral("stride (1, 3)")));
    const QString svg = dir.filePath(QStringLiteral("fig.svg"));
    QCOMPARE(render({"-", "--out", svg.toStdString(), "--clean", "--var", "y"}, kViewScript).status, 0);
    QCOMPARE(elementText(readFile(svg), QStringLiteral("desc")), alt);
    QCOMPARE(elementText(readFile(svg), QStringLiteral("title")), QStringLiteral("y = x.t()"));
}

void TestFigures::svgFontsHaveGenericFallbacks() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("f.svg"));
    QCOMPARE(render({"-", "--out", out.toStdString()}, kViewScript).status, 0);
    const QString svg = QString::fromUtf8(readFile(out));
    static const QRegularExpression family(QStringLiteral("font-family=\"([^\"]*)\""));
    int mono = 0, sans = 0;
    for (auto it = family.globalMatch(svg); it.hasNext();) {
        const QString value = it.next().captured(1);
        QVERIFY2(value.endsWith(QLatin1String(", monospace")) || value.endsWith(QLatin1String(", sans-serif")),
                 qPrintable(value));
        mono += value.endsWith(QLatin1String(", monospace"));
        sans += value.endsWith(QLatin1String(", sans-serif"));
    }
    QVERIFY(mono > 0 && sans > 0);
}

void TestFigures::eachNamesFilesAsPromised() {
    QTemporaryDir dir;
    const std::string script = "import torch\n"
                               "x = torch.arange(12)\n"        // 2
                               "n = 3\n"                       // 3: not a tensor
                               "y = x.view(3, 4)[:, 1:3]\n"    // 4
                               "y.t()\n"                       // 5: bare, a new tensor
                               "x[0] = 99\n"                   // 6: x written into
                               "x.stride()\n";                 // 7: not a tensor
    const QString pattern = dir.filePath(QStringLiteral("fig/{line}-{name}.svg"));
    const auto result = render({"-", "--each", "--clean", "--out", pattern.toStdString()}, script);
    QVERIFY2(result.status == 0, result.err.c_str());
    QStringList files = QDir(dir.filePath(QStringLiteral("fig"))).entryList(QDir::Files, QDir::Name);
    QCOMPARE(files, (QStringList{QStringLiteral("2-x.svg"), QStringLiteral("4-y.svg"), QStringLiteral("5-_.svg"),
                                 QStringLiteral("6-x.svg")}));
    // Each picture is the tensor as the statement left it.
    QVERIFY(svgTexts(readFile(dir.filePath(QStringLiteral("fig/2-x.svg")))).contains(QStringLiteral("0")));
    QVERIFY(!svgTexts(readFile(dir.filePath(QStringLiteral("fig/2-x.svg")))).contains(QStringLiteral("99")));
    QVERIFY(svgTexts(readFile(dir.filePath(QStringLiteral("fig/6-x.svg")))).contains(QStringLiteral("99")));
    QVERIFY(svgTexts(readFile(dir.filePath(QStringLiteral("fig/6-x.svg")))).contains(QStringLiteral("x[0] = 99")));
    QVERIFY(svgTexts(readFile(dir.filePath(QStringLiteral("fig/4-y.svg")))).contains(QStringLiteral("y = x.view(3, 4)[:, 1:3]")));
    QVERIFY(svgTexts(readFile(dir.filePath(QStringLiteral("fig/5-_.svg")))).contains(QStringLiteral("y.t()")));
    // --var keeps the pictures of one name.
    const QString only = dir.filePath(QStringLiteral("only/{line}.png"));
    QCOMPARE(render({"-", "--each", "--var", "x", "--out", only.toStdString()}, script).status, 0);
    files = QDir(dir.filePath(QStringLiteral("only"))).entryList(QDir::Files, QDir::Name);
    QCOMPARE(files, (QStringList{QStringLiteral("2.png"), QStringLiteral("6.png")}));
}

void TestFigures::eachWithOnlyLineKeepsEveryTensor() {
    QTemporaryDir dir;
    const QString pattern = dir.filePath(QStringLiteral("{line}.svg"));
    const auto result = render({"-", "--each", "--out", pattern.toStdString()},
                               "import torch\na, b = torch.arange(6).chunk(2)\n");
    QVERIFY2(result.status == 0, result.err.c_str());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files, QDir::Name),
             (QStringList{QStringLiteral("2-b.svg"), QStringLiteral("2.svg")}));
}

void TestFigures::severalVarsShareOneFigure() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("two.svg"));
    const auto result = render({"-", "--out", out.toStdString(), "--clean", "--var", "x", "--var", "y"}, kViewScript);
    QVERIFY2(result.status == 0, result.err.c_str());
    const QStringList texts = svgTexts(readFile(out));
    QVERIFY(texts.contains(QStringLiteral("x = torch.arange(6).view(2, 3)")));
    QVERIFY(texts.contains(QStringLiteral("y = x.t()")));
    QVERIFY(texts.contains(QStringLiteral("stride (3, 1) \u00b7 offset 0")));
    QVERIFY(texts.contains(QStringLiteral("stride (1, 3) \u00b7 offset 0")));
    // A --title heads the figure; each grid keeps its own tensor's caption.
    const QString titled = dir.filePath(QStringLiteral("titled.svg"));
    QCOMPARE(render({"-", "--out", titled.toStdString(), "--clean", "--var", "x", "--var", "y", "--title", "Shared"},
                    kViewScript)
                 .status,
             0);
    const QStringList titledTexts = svgTexts(readFile(titled));
    QCOMPARE(titledTexts.count(QStringLiteral("Shared")), 1);
    QVERIFY(titledTexts.contains(QStringLiteral("x = torch.arange(6).view(2, 3)")));
    QVERIFY(titledTexts.contains(QStringLiteral("y = x.t()")));
    // One strip (6 cells), two grids (6 cells each): every value three times.
    QCOMPARE(texts.count(QStringLiteral("5")), 3);
    // The second grid's cells take the colours of the strip cells they read.
    auto tensors = tensorsFrom(kViewScript);
    DiagramTensorSpec x{QStringLiteral("x"), {}, tensors["x"]};
    DiagramTensorSpec y{QStringLiteral("y"), {}, tensors["y"]};
    QVERIFY(x.tensor.sharesStorageWith(y.tensor));
    DiagramOptions options;
    options.figure.clean = true;
    DiagramModel model = DiagramModel::build(x, {}, options);
    model.companions.push_back(DiagramModel::build(y, {}, options));
    const auto geometry = DiagramGeometry::compute(model, DiagramTheme::light());
    QCOMPARE(geometry.companionGrids.size(), std::size_t(1));
    QVERIFY(geometry.companionOrigins[0].x() > geometry.gridArea.right());
    QImage image = renderDiagramImage(model, DiagramTheme::light());
    const auto& companion = geometry.companionGrids[0];
    const QPointF shift = geometry.companionOrigins[0] - companion.gridArea.topLeft();
    for (const Shape& index : {Shape{0, 1}, Shape{2, 0}, Shape{2, 1}}) {
        const QRectF cell = companion.gridCellRect(index).translated(shift);
        const auto storage = storageIndexOf(y.tensor.layout(), index);
        const QRectF strip = geometry.cellRect(storage);
        const QColor a = image.pixelColor((cell.bottomLeft() + QPointF(3.5, -3.5)).toPoint());
        const QColor b = image.pixelColor((strip.bottomLeft() + QPointF(3.5, -3.5)).toPoint());
        QCOMPARE(a.name(), b.name());
    }
}

void TestFigures::severalVarsMustShareTheStorage() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("two.svg"));
    const auto result = render({"-", "--out", out.toStdString(), "--var", "x", "--var", "z"},
                               std::string(kViewScript) + "z = y.contiguous()\n");
    QCOMPARE(result.status, 1);
    QVERIFY2(result.err.find("--var z does not share the storage of x") != std::string::npos, result.err.c_str());
    QVERIFY(!QFile::exists(out));
}

void TestFigures::bareLastExpressionIsTheDefault() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("bare.svg"));
    const auto result = render({"-", "--out", out.toStdString()}, std::string(kViewScript) + "x.t().contiguous()\n");
    QVERIFY2(result.status == 0, result.err.c_str());
    const QStringList texts = svgTexts(readFile(out));
    QVERIFY(texts.contains(QStringLiteral("x.t().contiguous()")));
    QVERIFY(anyContains(texts, QStringLiteral("stride (2, 1)")));
}

void TestFigures::tikzIsAStandaloneDocument() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("f.tex"));
    const auto result = render({"-", "--out", out.toStdString(), "--clean", "--var", "y"}, kViewScript);
    QVERIFY2(result.status == 0, result.err.c_str());
    const QString tex = QString::fromUtf8(readFile(out));
    QVERIFY(tex.contains(QStringLiteral("\\documentclass{standalone}")));
    QVERIFY(tex.contains(QStringLiteral("\\usepackage{tikz}")));
    QCOMPARE(tex.count(QStringLiteral("\\usepackage{")), 1); // TikZ alone
    QCOMPARE(tex.count(QStringLiteral("\\begin{tikzpicture}")), 1);
    QVERIFY(tex.indexOf(QStringLiteral("\\end{tikzpicture}")) > tex.indexOf(QStringLiteral("\\begin{tikzpicture}")));
    QVERIFY(tex.trimmed().endsWith(QStringLiteral("\\end{document}")));
    // Dim colours defined once, by name, and used by name.
    QCOMPARE(tex.count(QStringLiteral("\\definecolor{dim0}")), 1);
    QCOMPARE(tex.count(QStringLiteral("\\definecolor{dim1}")), 1);
    QVERIFY(tex.contains(QStringLiteral("draw=dim0")));
    QVERIFY(tex.contains(QStringLiteral("text=dim1")));
    static const QRegularExpression definition(QStringLiteral("\\\\definecolor\\{(\\w+)\\}"));
    QStringList names;
    for (auto it = definition.globalMatch(tex); it.hasNext();)
        names << it.next().captured(1);
    QCOMPARE(names.size(), QSet<QString>(names.begin(), names.end()).size());
    QVERIFY(tex.indexOf(QStringLiteral("\\definecolor")) < tex.indexOf(QStringLiteral("\\begin{document}")));
    // The same words as the SVG: every value of the strip and the grid, the arrows' labels.
    static const QRegularExpression node(QStringLiteral("\\\\node\\[[^\\]]*\\] at \\([^)]*\\) \\{([^\\n]*)\\};"));
    QStringList texts;
    for (auto it = node.globalMatch(tex); it.hasNext();)
        texts << it.next().captured(1);
    QCOMPARE(texts.count(QStringLiteral("5")), 2);
    QVERIFY(texts.contains(QStringLiteral("dim 1: +3")));
    QVERIFY(texts.contains(QStringLiteral("y = x.t()")));
    QVERIFY(texts.contains(QStringLiteral("offset 0")));
    // Characters pdflatex cannot take raw are spelt as commands.
    QVERIFY(!tex.contains(QStringLiteral("\u00b7")));
    QVERIFY(tex.contains(QStringLiteral("storage\\_offset")));
    bool ok = true;
    QCOMPARE(latexText(QStringLiteral("a_b \u2192 {c} 50% \u22ef"), &ok),
             QStringLiteral("a\\_b $\\rightarrow$ \\{c\\} 50\\% $\\cdots$"));
    QVERIFY(ok);
    latexText(QStringLiteral("存储"), &ok);
    QVERIFY(!ok);
}

void TestFigures::tikzCompilesWithPdflatex() {
    const QString pdflatex = QStandardPaths::findExecutable(QStringLiteral("pdflatex"));
    if (pdflatex.isEmpty())
        QSKIP("pdflatex is not installed (texlive-latex-base, texlive-pictures): the TikZ structure is checked "
              "by tikzIsAStandaloneDocument");
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("fig.tex"));
    QCOMPARE(render({"-", "--out", out.toStdString(), "--var", "y"}, kViewScript + std::string("y[0, 0] = -1\n"))
                 .status,
             0);
    QProcess latex;
    latex.setWorkingDirectory(dir.path());
    latex.start(pdflatex, {QStringLiteral("-interaction=nonstopmode"), QStringLiteral("-halt-on-error"),
                           QStringLiteral("fig.tex")});
    QVERIFY(latex.waitForFinished(120000));
    const QByteArray log = latex.readAllStandardOutput();
    QVERIFY2(latex.exitCode() == 0, log.right(2000).constData());
    // pdflatex compresses its objects: its own summary says how many pages it wrote.
    QVERIFY2(log.contains("Output written on fig.pdf (1 page"), log.right(600).constData());
    QVERIFY(readFile(dir.filePath(QStringLiteral("fig.pdf"))).startsWith("%PDF"));
}

void TestFigures::gifHasAFramePerElement_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<int>("frames");
    QTest::addColumn<double>("fps");
    QTest::newRow("a transpose: 6 elements, 6 frames")
        << QStringLiteral("x = torch.arange(6).view(2, 3)\ny = x.t()\n") << 6 << 4.0;
    QTest::newRow("a 3-D permute: 24 frames at 10 fps")
        << QStringLiteral("y = torch.arange(24).view(2, 3, 4).permute(2, 0, 1)\n") << 24 << 10.0;
    QTest::newRow("expand: repeated cells still get a frame each")
        << QStringLiteral("y = torch.arange(3).expand(2, 3)\n") << 6 << 2.0;
    QTest::newRow("a 0-dim tensor: one frame") << QStringLiteral("y = torch.tensor(5.)\n") << 1 << 4.0;
}

void TestFigures::gifHasAFramePerElement() {
    QFETCH(QString, script);
    QFETCH(int, frames);
    QFETCH(double, fps);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("walk.gif"));
    const auto result = render({"-", "--out", out.toStdString(), "--clean", "--var", "y", "--fps",
                                QString::number(fps).toStdString()},
                               script.toStdString());
    QVERIFY2(result.status == 0, result.err.c_str());
    const GifFacts gif = readGif(readFile(out));
    QVERIFY(gif.ok);
    QCOMPARE(gif.frames, frames);
    QVERIFY(gif.loops);
    QCOMPARE(gif.firstDelay, static_cast<int>(std::lround(100 / fps)) * (frames == 1 ? 3 : 1));
    QVERIFY(gif.width > 100 && gif.height > 100);
}

void TestFigures::framePatternWritesAPngPerElement() {
    QTemporaryDir dir;
    const QString pattern = dir.filePath(QStringLiteral("walk/{frame}.png"));
    QCOMPARE(render({"-", "--out", pattern.toStdString(), "--var", "y"}, kViewScript).status, 0);
    const QStringList files = QDir(dir.filePath(QStringLiteral("walk"))).entryList(QDir::Files, QDir::Name);
    QCOMPARE(files, (QStringList{QStringLiteral("0.png"), QStringLiteral("1.png"), QStringLiteral("2.png"),
                                 QStringLiteral("3.png"), QStringLiteral("4.png"), QStringLiteral("5.png")}));
    // Frames differ: the lit element moves.
    QVERIFY(QImage(dir.filePath(QStringLiteral("walk/0.png"))) != QImage(dir.filePath(QStringLiteral("walk/1.png"))));
}

void TestFigures::animationRefusesTooManyElements() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("walk.gif"));
    const auto result = render({"-", "--out", out.toStdString()}, "import torch\nx = torch.zeros(40, 40)\n");
    QCOMPARE(result.status, 1);
    QVERIFY2(result.err.find("1,600 frames, more than 1,024") != std::string::npos, result.err.c_str());
    QVERIFY(!QFile::exists(out));
}

void TestFigures::handoutHasATitlePageAndAStepPerBlock() {
    const auto lesson = Lesson::fromText(QStringLiteral("# A lesson\n# Its introduction.\nimport torch\n\n"
                                                        "# a base\nx = torch.arange(6).view(2, 3)\n"
                                                        "x.stride()  # its strides\n"
                                                        "# a failing view\nx.t().view(6)\n"),
                                         QStringLiteral("lesson.py"));
    QVERIFY(lesson);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("h.pdf"));
    int pages = 0;
    const QString problem = Handout::write(*lesson, out, DiagramTheme::print(), &pages);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const QByteArray pdf = readFile(out);
    QVERIFY(pdf.startsWith("%PDF"));
    QCOMPARE(pdfPages(pdf), pages);
    QCOMPARE(pages, 2); // the title page, then three short steps on one page
}

void TestFigures::handoutCommandWritesAPdf() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("lesson2.pdf"));
    std::ostringstream o, e;
    QCOMPARE(runHandoutCommand({"02_transpose_non_contiguous", "--out", out.toStdString()}, o, e), 0);
    QVERIFY2(e.str().empty(), e.str().c_str());
    const int pages = pdfPages(readFile(out));
    QVERIFY2(pages >= 3, qPrintable(QString::number(pages)));
    // Chinese: the same pages, other words (the PDF is compressed: compare sizes and pages).
    const QString zh = dir.filePath(QStringLiteral("lesson2_zh.pdf"));
    QCOMPARE(runHandoutCommand({"02_transpose_non_contiguous", "--out", zh.toStdString(), "--lang", "zh_CN"}, o, e), 0);
    QCOMPARE(pdfPages(readFile(zh)), pages);
    QVERIFY(readFile(zh) != readFile(out));
    // Errors say what to fix.
    std::ostringstream e2;
    QCOMPARE(runHandoutCommand({"02_transpose_non_contiguous", "--out", dir.filePath(QStringLiteral("h.png")).toStdString()}, o, e2), 2);
    QVERIFY(e2.str().find("a handout is a PDF") != std::string::npos);
    std::ostringstream e3;
    QCOMPARE(runHandoutCommand({dir.filePath(QStringLiteral("none.py")).toStdString(), "--out", out.toStdString()}, o, e3), 2);
    QVERIFY(e3.str().find("cannot read") != std::string::npos);
}

void TestFigures::usageErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    auto row = [](const char* name, QStringList args, const char* message) {
        QTest::newRow(name) << args << QString::fromUtf8(message);
    };
    row("--each without a pattern", {QStringLiteral("--each"), QStringLiteral("--out"), QStringLiteral("@DIR@/a.svg")},
        "give --out a pattern with {line} and/or {name}");
    row("an unknown --labels", {QStringLiteral("--labels"), QStringLiteral("values"), QStringLiteral("--out"), QStringLiteral("@DIR@/a.svg")},
        "unknown --labels 'values' (value, index, coord or none)");
    row("a --wrap of 0", {QStringLiteral("--wrap"), QStringLiteral("0"), QStringLiteral("--out"), QStringLiteral("@DIR@/a.svg")},
        "--wrap must be a whole number of cells from 1 to 4096");
    row("a fractional --wrap", {QStringLiteral("--wrap"), QStringLiteral("2.5"), QStringLiteral("--out"), QStringLiteral("@DIR@/a.svg")},
        "--wrap must be a whole number");
    row("a tiny --width", {QStringLiteral("--width"), QStringLiteral("20"), QStringLiteral("--out"), QStringLiteral("@DIR@/a.svg")},
        "--width must be a number of pixels from 200 to 20000");
    row("an unknown --lang", {QStringLiteral("--lang"), QStringLiteral("fr"), QStringLiteral("--out"), QStringLiteral("@DIR@/a.svg")},
        "unknown --lang 'fr' (en, zh_CN)");
    row("Chinese into TikZ", {QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("--out"), QStringLiteral("@DIR@/a.tex")},
        "pdflatex with TikZ alone cannot set Chinese");
    row("an --fps of 0", {QStringLiteral("--fps"), QStringLiteral("0"), QStringLiteral("--out"), QStringLiteral("@DIR@/a.gif")},
        "--fps must be a number from 0.1 to 50");
    row("a missing value", {QStringLiteral("--out")}, "Missing value after '--out'");
    row("an unknown extension names every format", {QStringLiteral("--out"), QStringLiteral("@DIR@/a.bmp")},
        "use a .png, .svg, .pdf, .tex or .gif file name");
}

void TestFigures::usageErrors() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QTemporaryDir dir;
    std::vector<std::string> argv{"-"};
    for (QString arg : args)
        argv.push_back(arg.replace(QStringLiteral("@DIR@"), dir.path()).toStdString());
    const auto result = render(argv, kViewScript);
    QCOMPARE(result.status, 2);
    QVERIFY2(QString::fromStdString(result.err).contains(message), result.err.c_str());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::NoDotAndDotDot), QStringList());
}

void TestFigures::exportDialogCarriesTheRenderChoices() {
    auto tensors = tensorsFrom(kViewScript);
    DiagramTensorSpec x{QStringLiteral("x"), QStringLiteral("torch.arange(6).view(2, 3)"), tensors["x"]};
    DiagramTensorSpec y{QStringLiteral("y"), QStringLiteral("x.t()"), tensors["y"]};
    const DiagramModel model = DiagramModel::build(y, {x}); // as the window builds it: lanes, footer
    QTemporaryDir dir;
    FigureExportDialog dialog(model, QStringLiteral("dark"), dir.filePath(QStringLiteral("a.svg")));
    // Opens on a clean figure, its switches showing what clean implies.
    FigureExportChoice choice = dialog.choice();
    QVERIFY(choice.figure.clean);
    QVERIFY(!choice.figure.showAddresses() && !choice.figure.showLanes() && !choice.figure.showLegend());
    QCOMPARE(choice.theme, QStringLiteral("dark"));
    // A round trip of every choice.
    choice.path = dir.filePath(QStringLiteral("b.svg"));
    choice.figure.lanes = true;
    choice.figure.labels = CellLabels::Coord;
    choice.figure.title = QStringLiteral("the transpose");
    choice.figure.wrap = 3;
    choice.figure.transparent = true;
    choice.alt = true;
    dialog.setChoice(choice);
    const FigureExportChoice back = dialog.choice();
    QCOMPARE(back.path, choice.path);
    QVERIFY(back.figure.showLanes() && !back.figure.showAddresses());
    QCOMPARE(back.figure.labels, CellLabels::Coord);
    QCOMPARE(back.figure.title, choice.figure.title);
    QCOMPARE(back.figure.wrap, 3);
    QVERIFY(back.figure.transparent && back.alt);
    // And what it writes.
    QCOMPARE(exportFigure(model, back), QString());
    const QStringList texts = svgTexts(readFile(back.path));
    QVERIFY(texts.contains(QStringLiteral("the transpose")));
    QVERIFY(texts.contains(QStringLiteral("x"))); // the lane asked for
    QVERIFY(texts.contains(QStringLiteral("(2, 1)")));
    QVERIFY(!anyContains(texts, QStringLiteral("data_ptr")));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("b.txt"))));
    // A GIF is the animation's business.
    choice.path = dir.filePath(QStringLiteral("c.gif"));
    QVERIFY(exportFigure(model, choice).contains(QStringLiteral("Export Animation")));
    // TikZ from the window too.
    choice.path = dir.filePath(QStringLiteral("d.tex"));
    QCOMPARE(exportFigure(model, choice), QString());
    QVERIFY(readFile(choice.path).contains("\\begin{tikzpicture}"));
}

void TestFigures::windowMenusOfferTheFigureExports() {
    MainWindow window;
    QStringList menus;
    for (QAction* menu : window.menuBar()->actions())
        if (menu->menu())
            for (QAction* action : menu->menu()->actions())
                menus << menu->text() + QStringLiteral(" > ") + action->text();
    QVERIFY2(menus.contains(QStringLiteral("T&raversal > Export &Animation\u2026")), qPrintable(menus.join(u'\n')));
    QVERIFY(menus.contains(QStringLiteral("&Lessons > Export &Handout\u2026")));
    QVERIFY(menus.contains(QStringLiteral("&File > &Export Diagram\u2026")));
    // The window's own export takes the new vector format and leaves GIFs to the animation.
    QVERIFY(window.session()->run(QStringLiteral("x = torch.arange(6).view(2, 3)")));
    QTemporaryDir dir;
    QString error;
    QVERIFY2(window.exportDiagram(dir.filePath(QStringLiteral("x.tex")), &error), qPrintable(error));
    QVERIFY(readFile(dir.filePath(QStringLiteral("x.tex"))).contains("tikzpicture"));
    QVERIFY(!window.exportDiagram(dir.filePath(QStringLiteral("x.gif")), &error));
    QVERIFY(error.contains(QStringLiteral(".tex")));
}

void TestFigures::runtimeDirWarningIsFiltered() {
    QVERIFY(isHeadlessNoise(QStringLiteral("QStandardPaths: XDG_RUNTIME_DIR not set, defaulting to '/tmp/runtime-root'")));
    QVERIFY(isHeadlessNoise(QStringLiteral("QStandardPaths: wrong permissions on runtime directory /run/user/0, 0755 instead of 0700")));
    QVERIFY(!isHeadlessNoise(QStringLiteral("QPainter::begin: Paint device returned engine == 0")));
    QVERIFY(!isHeadlessNoise(QString()));
}

void TestFigures::renderIsQuietWithoutXdgRuntimeDir() {
    // The program itself, as a CI job runs it: a fresh process with no XDG_RUNTIME_DIR and no display.
    const QString program = QCoreApplication::applicationDirPath() + QStringLiteral("/stridescope");
    if (!QFileInfo::exists(program))
        QSKIP("the stridescope executable is not built next to the tests (ninja stridescope)");
    QTemporaryDir dir;
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("XDG_RUNTIME_DIR"));
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    process.setProcessEnvironment(environment);
    process.start(program, {QStringLiteral("render"), QStringLiteral("-"), QStringLiteral("--clean"), QStringLiteral("--out"),
                            dir.filePath(QStringLiteral("q.png"))});
    process.write(kViewScript);
    process.closeWriteChannel();
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), 0);
    QCOMPARE(QString::fromUtf8(process.readAllStandardError()), QString());
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("q.png"))));
}

STRIDESCOPE_TEST_MAIN(TestFigures)
#include "tst_figures.moc"
