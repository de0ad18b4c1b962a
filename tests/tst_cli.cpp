// The headless `stridescope eval [--json] [--values] FILE|-` contract (DESIGN.md, "The headless
// command line"), exercised in process through runEvalCommand. Expected texts are PyTorch 1.13's
// (reprs and messages printed by Debian's python3-torch).
#include "app/commands/BenchCommand.h"
#include "app/commands/CommandLine.h"
#include "app/commands/CommandText.h"
#include "app/commands/EvalCommand.h"
#include "app/commands/HandoutCommand.h"
#include "app/commands/RenderCommand.h"
#include "stridescope_config.h"

#include "TestMain.h"
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <fstream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Result {
    int status = -1;
    std::string out;
    std::string err;
    QList<QJsonObject> lines; // parsed JSON lines of `out`
    QStringList bad;          // lines of `out` that are not JSON objects
};

Result eval(const std::vector<std::string>& args, const std::string& script = {}) {
    Result result;
    std::istringstream in(script);
    std::ostringstream out;
    std::ostringstream err;
    result.status = stridescope::app::runEvalCommand(args, in, out, err);
    result.out = out.str();
    result.err = err.str();
    std::istringstream lines(result.out);
    std::string line;
    while (std::getline(lines, line)) {
        if (line.empty())
            continue;
        const QJsonDocument document = QJsonDocument::fromJson(QByteArray::fromStdString(line));
        if (document.isObject())
            result.lines.append(document.object());
        else
            result.bad.append(QString::fromStdString(line));
    }
    return result;
}

QJsonObject parse(const char* json) {
    return QJsonDocument::fromJson(QByteArray(json)).object();
}

QString show(const QJsonObject& object) {
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QString show(const Result& result) {
    return QStringLiteral("status %1\nstdout:\n%2\nstderr:\n%3")
        .arg(result.status)
        .arg(QString::fromStdString(result.out), QString::fromStdString(result.err));
}

// Compares every field of `expected` with `actual`; `actual` may carry fields the expectation
// leaves out only where noted by the caller.
void compareFields(const QJsonObject& actual, const QJsonObject& expected) {
    for (auto it = expected.begin(); it != expected.end(); ++it) {
        QVERIFY2(actual.contains(it.key()),
                 qPrintable(QStringLiteral("missing \"%1\" in %2").arg(it.key(), show(actual))));
        QVERIFY2(actual.value(it.key()) == it.value(),
                 qPrintable(QStringLiteral("\"%1\": %2, expected %3")
                                .arg(it.key(), show(actual), show(expected))));
    }
}

const char* const kViewError =
    "view size is not compatible with input tensor's size and stride (at least one dimension spans "
    "across two contiguous subspaces). Use .reshape(...) instead.";

} // namespace

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void contractExample();
    void contractLineText();
    void bareExpressionsHaveNullName();
    void valuesOnlyWithTheFlag();
    void nonTensorValueLines();
    void errorLineStopsTheScript();
    void failingViewExitsWithStatus1();
    void emptyScriptPrintsNothing();
    void readsAScriptFile();
    void usageErrors_data();
    void usageErrors();
    void missingFile();
    void promptOutputWithoutJson();
    void promptOutputShowsTheError();
    void everyLineIsStrictJson_data();
    void everyLineIsStrictJson();
    void finiteFloatsKeepPythonsSpelling();
    void jsonLineKeepsItsOrder();
    void renderAndHandoutTakeVersion();
    void parserOptions_data();
    void parserOptions();
    void benchParserOptions_data();
    void benchParserOptions();
    void programLeavesTheCommandItsArguments();
};

// The example the brief and DESIGN.md give: a transpose is a view with swapped strides.
void TestCli::contractExample() {
    const Result r = eval({"--json", "-"}, "import torch\nx = torch.arange(24).reshape(2, 3, 4)\ny = x.transpose(0, 1)\n");
    QVERIFY2(r.status == 0, qPrintable(show(r)));
    QVERIFY2(r.bad.isEmpty(), qPrintable(show(r)));
    QCOMPARE(r.lines.size(), 2);
    compareFields(r.lines[0], parse(R"({"line":2,"name":"x","shape":[2,3,4],"stride":[12,4,1],"storage_offset":0,)"
                                    R"("dtype":"int64","is_contiguous":true,"storage_nbytes":192})"));
    compareFields(r.lines[1], parse(R"({"line":3,"name":"y","shape":[3,2,4],"stride":[4,12,1],"storage_offset":0,)"
                                    R"("dtype":"int64","is_contiguous":false,"storage_nbytes":192})"));
    QVERIFY(r.lines[0].contains(QStringLiteral("storage")));
    QCOMPARE(r.lines[1].value(QStringLiteral("storage")), r.lines[0].value(QStringLiteral("storage")));
    QVERIFY(!r.lines[1].contains(QStringLiteral("values")));
}

// DESIGN.md prints the line of a transposed float32 tensor byte for byte; tools may match on it.
void TestCli::contractLineText() {
    const Result r = eval({"--json", "-"}, "import torch\na = torch.zeros(2, 3, 4)\nb = a.transpose(0, 1)\n");
    QVERIFY2(r.status == 0, qPrintable(show(r)));
    const std::string expected =
        R"({"line":3,"name":"b","shape":[3,2,4],"stride":[4,12,1],"storage_offset":0,"dtype":"float32",)"
        R"("is_contiguous":false,"storage":0,"storage_nbytes":96,"device":"cpu"})";
    std::istringstream lines(r.out);
    std::string first, second;
    std::getline(lines, first);
    std::getline(lines, second);
    QCOMPARE(QString::fromStdString(second), QString::fromStdString(expected));
}

void TestCli::bareExpressionsHaveNullName() {
    const Result r = eval({"--json", "-"}, "import torch\nx = torch.arange(3)\nx\nx.t()\nx.add_(1)\n");
    QVERIFY2(r.status == 0, qPrintable(show(r)));
    QCOMPARE(r.lines.size(), 4);
    QCOMPARE(r.lines[0].value(QStringLiteral("name")).toString(), QStringLiteral("x"));
    for (int i = 1; i < 4; ++i) {
        QCOMPARE(r.lines[i].value(QStringLiteral("line")).toInt(), i + 2);
        QVERIFY2(r.lines[i].contains(QStringLiteral("name")) && r.lines[i].value(QStringLiteral("name")).isNull(),
                 qPrintable(show(r.lines[i])));
        QCOMPARE(r.lines[i].value(QStringLiteral("storage")), r.lines[0].value(QStringLiteral("storage")));
    }
}

void TestCli::valuesOnlyWithTheFlag() {
    const std::string script = "import torch\nx = torch.arange(6).view(2, 3).t()\ny = torch.tensor([1.5, -0.25])\n";
    const Result plain = eval({"--json", "-"}, script);
    QVERIFY2(plain.status == 0, qPrintable(show(plain)));
    QCOMPARE(plain.lines.size(), 2);
    QVERIFY(!plain.lines[0].contains(QStringLiteral("values")));

    const Result withValues = eval({"--json", "--values", "-"}, script);
    QVERIFY2(withValues.status == 0, qPrintable(show(withValues)));
    QCOMPARE(withValues.lines.size(), 2);
    // Logical order (row-major over the view), not storage order.
    QCOMPARE(withValues.lines[0].value(QStringLiteral("values")).toArray(), QJsonArray({0, 3, 1, 4, 2, 5}));
    QCOMPARE(withValues.lines[1].value(QStringLiteral("values")).toArray(), QJsonArray({1.5, -0.25}));
}

void TestCli::nonTensorValueLines() {
    const Result r = eval({"--json", "-"}, "import torch\nx = torch.arange(6).view(2, 3)\nx.shape\nx.stride()\n"
                                           "x.is_contiguous()\nx.numel()\nx.dtype\nn = x.dim()\n");
    QVERIFY2(r.status == 0, qPrintable(show(r)));
    QCOMPARE(r.lines.size(), 7);
    compareFields(r.lines[1], parse(R"j({"line":3,"value":"torch.Size([2, 3])"})j"));
    compareFields(r.lines[2], parse(R"j({"line":4,"value":"(3, 1)"})j"));
    compareFields(r.lines[3], parse(R"({"line":5,"value":"True"})"));
    compareFields(r.lines[4], parse(R"({"line":6,"value":"6"})"));
    compareFields(r.lines[5], parse(R"({"line":7,"value":"torch.int64"})"));
    compareFields(r.lines[6], parse(R"({"line":8,"value":"2"})"));
    for (int i = 1; i < 7; ++i)
        QVERIFY2(!r.lines[i].contains(QStringLiteral("shape")), qPrintable(show(r.lines[i])));
}

void TestCli::errorLineStopsTheScript() {
    const Result r = eval({"--json", "-"}, "import torch\nx = torch.arange(6)\ny = x.narrow(0, 2, 5)\nz = x\nw = x.view(7)\n");
    QCOMPARE(r.status, 1);
    QCOMPARE(r.lines.size(), 2);
    compareFields(r.lines[1], parse(R"({"line":3,"error":"start (2) + length (5) exceeds dimension size (6)."})"));
    QVERIFY(!r.lines[1].contains(QStringLiteral("shape")));
}

void TestCli::failingViewExitsWithStatus1() {
    const Result r = eval({"--json", "-"}, "import torch\nx = torch.arange(6).view(2, 3)\ny = x.t().view(6)\n");
    QCOMPARE(r.status, 1);
    QCOMPARE(r.lines.size(), 2);
    compareFields(r.lines[0], parse(R"({"line":2,"name":"x","shape":[2,3],"stride":[3,1]})"));
    QCOMPARE(r.lines[1].value(QStringLiteral("line")).toInt(), 3);
    QCOMPARE(r.lines[1].value(QStringLiteral("error")).toString(), QString::fromUtf8(kViewError));
}

void TestCli::emptyScriptPrintsNothing() {
    const Result r = eval({"--json", "-"}, "");
    QCOMPARE(r.status, 0);
    QVERIFY2(r.out.empty(), qPrintable(show(r)));
    const Result onlyImport = eval({"--json", "-"}, "import torch\n");
    QCOMPARE(onlyImport.status, 0);
    QVERIFY2(onlyImport.out.empty(), qPrintable(show(onlyImport)));
}

void TestCli::readsAScriptFile() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath(QStringLiteral("script.py")).toStdString();
    {
        std::ofstream file(path);
        file << "import torch\nx = torch.ones(2, 2, dtype=torch.int8)\nx.element_size()\n";
    }
    const Result r = eval({"--json", path});
    QVERIFY2(r.status == 0, qPrintable(show(r)));
    QCOMPARE(r.lines.size(), 2);
    compareFields(r.lines[0], parse(R"({"line":2,"name":"x","dtype":"int8","storage_nbytes":4})"));
    compareFields(r.lines[1], parse(R"({"line":3,"value":"1"})"));
}

void TestCli::usageErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("no file") << QStringList{};
    QTest::newRow("flags but no file") << QStringList{QStringLiteral("--json"), QStringLiteral("--values")};
    QTest::newRow("an unknown flag") << QStringList{QStringLiteral("--bogus"), QStringLiteral("-")};
    QTest::newRow("an unknown short flag") << QStringList{QStringLiteral("-x"), QStringLiteral("-")};
    QTest::newRow("two files") << QStringList{QStringLiteral("-"), QStringLiteral("-")};
}

// Usage errors exit with status 2 and say why on stderr, printing nothing on stdout.
void TestCli::usageErrors() {
    QFETCH(QStringList, args);
    std::vector<std::string> argv;
    for (const QString& arg : args)
        argv.push_back(arg.toStdString());
    const Result r = eval(argv, "import torch\nx = torch.arange(3)\n");
    QVERIFY2(r.status == 2, qPrintable(show(r)));
    QVERIFY2(!r.err.empty(), qPrintable(show(r)));
    QVERIFY2(r.lines.isEmpty(), qPrintable(show(r)));
}

void TestCli::missingFile() {
    const Result r = eval({"--json", "/nonexistent/stridescope/no-such-script.py"});
    QVERIFY2(r.status == 2, qPrintable(show(r)));
    QVERIFY2(r.err.find("no-such-script.py") != std::string::npos, qPrintable(show(r)));
    QVERIFY2(r.out.empty(), qPrintable(show(r)));
}

// Without --json the command prints what a Python prompt would: nothing for an assignment, the
// repr of every bare expression (texts as torch 1.13 prints them).
void TestCli::promptOutputWithoutJson() {
    const Result r = eval({"-"}, "import torch\nx = torch.arange(6).view(2, 3)\nx\nx.t()\nx.shape\nx.stride()\n"
                                 "x.is_contiguous()\ntorch.arange(4, dtype=torch.int8)\ntorch.zeros(2)\n"
                                 "torch.tensor([True, False])\n");
    QVERIFY2(r.status == 0, qPrintable(show(r)));
    const std::string expected = "tensor([[0, 1, 2],\n"
                                 "        [3, 4, 5]])\n"
                                 "tensor([[0, 3],\n"
                                 "        [1, 4],\n"
                                 "        [2, 5]])\n"
                                 "torch.Size([2, 3])\n"
                                 "(3, 1)\n"
                                 "True\n"
                                 "tensor([0, 1, 2, 3], dtype=torch.int8)\n"
                                 "tensor([0., 0.])\n"
                                 "tensor([ True, False])\n";
    QCOMPARE(QString::fromStdString(r.out), QString::fromStdString(expected));
}

void TestCli::promptOutputShowsTheError() {
    const Result r = eval({"-"}, "import torch\nx = torch.arange(6).view(2, 3)\ny = x.t().view(6)\nx\n");
    QCOMPARE(r.status, 1);
    const std::string both = r.out + r.err;
    QVERIFY2(both.find(std::string("RuntimeError: ") + kViewError) != std::string::npos, qPrintable(show(r)));
    // The statement after the error does not run.
    QVERIFY2(r.out.find("tensor(") == std::string::npos, qPrintable(show(r)));
}

// Every line `eval --json --values` prints parses under a strict parser (QJsonDocument refuses
// NaN and Infinity as JSON does); non-finite floats are the strings "nan", "inf", "-inf", and the
// line's bytes are exactly these (tools match on them).
void TestCli::everyLineIsStrictJson_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("values"); // the "values" field's text, byte for byte
    QTest::newRow("nan and both infinities in float32")
        << QStringLiteral("x = torch.tensor([1.0, float('nan'), float('inf'), -float('inf')])")
        << QStringLiteral(R"("values":[1.0,"nan","inf","-inf"])");
    QTest::newRow("float64 from multiplying by inf")
        << QStringLiteral("x = torch.tensor([0.0, 1.0, -1.0], dtype=torch.float64)\nx.mul_(float('inf'))")
        << QStringLiteral(R"("values":["nan","inf","-inf"])");
    QTest::newRow("float16 overflow")
        << QStringLiteral("x = torch.tensor([70000.0, -70000.0, 1.5], dtype=torch.float16)")
        << QStringLiteral(R"("values":["inf","-inf",1.5])");
    QTest::newRow("bfloat16 nan through a view")
        << QStringLiteral("x = torch.full((2, 2), float('nan'), dtype=torch.bfloat16).t()")
        << QStringLiteral(R"("values":["nan","nan","nan","nan"])");
    QTest::newRow("ints and bools stay numbers and booleans")
        << QStringLiteral("x = torch.tensor([True, False])") << QStringLiteral(R"("values":[true,false])");
}

void TestCli::everyLineIsStrictJson() {
    QFETCH(QString, script);
    QFETCH(QString, values);
    const Result r = eval({"--json", "--values", "-"}, "import torch\n" + script.toStdString() + "\nprint('tab\\there', float('nan'))\n");
    QVERIFY2(r.status == 0, qPrintable(show(r)));
    QVERIFY2(r.bad.isEmpty(), qPrintable(QStringLiteral("not strict JSON: ") + r.bad.join(QLatin1Char('\n'))));
    const QString out = QString::fromStdString(r.out);
    QVERIFY2(!out.contains(QLatin1String("NaN")) && !out.contains(QLatin1String("Infinity")), qPrintable(out));
    // The last tensor line carries the values asked for.
    QString lastTensorLine;
    for (const QString& line : out.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (line.contains(QLatin1String("\"shape\"")))
            lastTensorLine = line;
    QVERIFY2(lastTensorLine.endsWith(values + QLatin1Char('}')), qPrintable(lastTensorLine));
    QCOMPARE(r.lines.last().value(QStringLiteral("value")).toString(), QStringLiteral("tab\there nan"));
}

// Finite floats are written as Python's repr writes them (script::floatRepr), as json.dumps of
// tensor.tolist() does: 1.0 stays 1.0 (Qt's serializer would write 1), 1e-05 keeps its exponent.
void TestCli::finiteFloatsKeepPythonsSpelling() {
    const Result r = eval({"--json", "--values", "-"},
                          "x = torch.tensor([1.0, -0.0, 0.1, 1e-05, 1e16, 123456789.25, 5e-324], dtype=torch.float64)\n");
    QVERIFY2(r.status == 0, qPrintable(show(r)));
    QVERIFY2(r.bad.isEmpty(), qPrintable(show(r)));
    QVERIFY2(r.out.find(R"("values":[1.0,-0.0,0.1,1e-05,1e+16,123456789.25,5e-324]})") != std::string::npos,
             qPrintable(show(r)));
}

// The writer under every line: keys in the order added, strings escaped by Qt's JSON writer,
// integers exact to the ends of int64, nested objects in their own order.
void TestCli::jsonLineKeepsItsOrder() {
    using namespace stridescope::app;
    const JsonLine nested = JsonLine().add("z", 1).add("a", false);
    const std::string text = JsonLine()
                                 .add("line", 3)
                                 .add("name", jsonStringValue("say \"hi\"\\\n\t\x01 \xc3\xa9"))
                                 .add("shape", jsonIntArray({std::numeric_limits<std::int64_t>::max(), 0,
                                                             std::numeric_limits<std::int64_t>::min()}))
                                 .add("none", QJsonValue(QJsonValue::Null))
                                 .add("transfer", nested)
                                 .addJson("values", "[" + jsonFloat(2.5) + "," + jsonFloat(-INFINITY) + "]")
                                 .text();
    QCOMPARE(QString::fromStdString(text),
             QString::fromUtf8(R"({"line":3,"name":"say \"hi\"\\\n\t\u0001 )"
                               "\xc3\xa9"
                               R"(","shape":[9223372036854775807,0,-9223372036854775808],"none":null,)"
                               R"("transfer":{"z":1,"a":false},"values":[2.5,"-inf"]})"));
    QVERIFY(QJsonDocument::fromJson(QByteArray::fromStdString(text)).isObject());
    // Bytes that are not UTF-8 cannot make a line invalid: they become U+FFFD.
    QCOMPARE(QString::fromStdString(jsonString("a\xff")), QStringLiteral("\"a\uFFFD\""));
}

// QCommandLineParser's behaviour as eval exposes it: -h/--help and --version print on stdout
// and exit 0; --opt=value, options after the file and `--` work; usage errors exit 2, naming the
// argument as typed.
void TestCli::parserOptions_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("outStart");
    QTest::addColumn<QString>("errStart");
    const QString noErr;
    QTest::newRow("--help") << QStringList{QStringLiteral("--help")} << 0
                            << QStringLiteral("usage: stridescope eval [--json] [--values] [--no-simulated-gpu] FILE|-\n") << noErr;
    QTest::newRow("-h, with other options") << QStringList{QStringLiteral("--json"), QStringLiteral("-h")} << 0
                                            << QStringLiteral("usage: stridescope eval") << noErr;
    QTest::newRow("--version") << QStringList{QStringLiteral("--version")} << 0
                               << QStringLiteral("stridescope " STRIDESCOPE_VERSION "\n") << noErr;
    QTest::newRow("options after the file") << QStringList{QStringLiteral("-"), QStringLiteral("--json")} << 0
                                            << QStringLiteral(R"({"line":1,"name":"x")") << noErr;
    QTest::newRow("-- before the file") << QStringList{QStringLiteral("--json"), QStringLiteral("--"), QStringLiteral("-")}
                                        << 0 << QStringLiteral(R"({"line":1,"name":"x")") << noErr;
    QTest::newRow("a value for a flag") << QStringList{QStringLiteral("--json=yes"), QStringLiteral("-")} << 2 << QString()
                                        << QStringLiteral("stridescope eval: unexpected value after '--json'\nusage: ");
    QTest::newRow("an unknown option with a value")
        << QStringList{QStringLiteral("--out=x.png"), QStringLiteral("-")} << 2 << QString()
        << QStringLiteral("stridescope eval: unknown option '--out=x.png'\n");
    QTest::newRow("compacted short options")
        << QStringList{QStringLiteral("-jv"), QStringLiteral("-")} << 2 << QString()
        << QStringLiteral("stridescope eval: unknown option '-j' (in '-jv')\n");
    QTest::newRow("help lists the options")
        << QStringList{QStringLiteral("--help")} << 0 << QStringLiteral("usage: stridescope eval") << noErr;
}

void TestCli::parserOptions() {
    QFETCH(QStringList, args);
    QFETCH(int, status);
    QFETCH(QString, outStart);
    QFETCH(QString, errStart);
    std::vector<std::string> argv;
    for (const QString& arg : args)
        argv.push_back(arg.toStdString());
    const Result r = eval(argv, "x = torch.arange(3)\n");
    QVERIFY2(r.status == status, qPrintable(show(r)));
    QVERIFY2(QString::fromStdString(r.out).startsWith(outStart), qPrintable(show(r)));
    QVERIFY2(QString::fromStdString(r.err).startsWith(errStart), qPrintable(show(r)));
    if (status == 2)
        QVERIFY2(r.out.empty(), qPrintable(show(r)));
    if (errStart.isEmpty())
        QVERIFY2(r.err.empty(), qPrintable(show(r)));
    if (args.contains(QStringLiteral("--help")))
        for (const char* option : {"-h, --help", "--version", "--json", "--values", "FILE|-", "Exit status:"})
            QVERIFY2(r.out.find(option) != std::string::npos, option);
}

// render and handout parse with their own QCommandLineParser, and take --version like the rest.
void TestCli::renderAndHandoutTakeVersion() {
    const std::string expected = "stridescope " STRIDESCOPE_VERSION "\n";
    std::istringstream in;
    std::ostringstream renderOut, renderErr;
    QCOMPARE(stridescope::app::runRenderCommand({"--version"}, in, renderOut, renderErr), 0);
    QCOMPARE(renderOut.str(), expected);
    QCOMPARE(renderErr.str(), std::string());
    std::ostringstream handoutOut, handoutErr;
    QCOMPARE(stridescope::app::runHandoutCommand({"--version"}, handoutOut, handoutErr), 0);
    QCOMPARE(handoutOut.str(), expected);
}

// bench reads its arguments the same way (its refusals of bad values are in tst_bandwidth).
void TestCli::benchParserOptions_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("outStart");
    QTest::addColumn<QString>("errStart");
    QTest::newRow("--help") << QStringList{QStringLiteral("--help")} << 0
                            << QStringLiteral("usage: stridescope bench [--backend auto|cpu|cuda]") << QString();
    QTest::newRow("--version") << QStringList{QStringLiteral("--version")} << 0
                               << QStringLiteral("stridescope " STRIDESCOPE_VERSION "\n") << QString();
    QTest::newRow("a missing value") << QStringList{QStringLiteral("-"), QStringLiteral("--repeat")} << 2 << QString()
                                     << QStringLiteral("stridescope bench: missing value after '--repeat'\nusage: ");
    QTest::newRow("a value that looks like an option")
        << QStringList{QStringLiteral("--backend"), QStringLiteral("--json"), QStringLiteral("-")} << 2 << QString()
        << QStringLiteral("stridescope bench: unknown backend '--json' (auto, cpu or cuda)\n");
    QTest::newRow("an unknown short option") << QStringList{QStringLiteral("-q"), QStringLiteral("-")} << 2
                                             << QString() << QStringLiteral("stridescope bench: unknown option '-q'\n");
}

void TestCli::benchParserOptions() {
    QFETCH(QStringList, args);
    QFETCH(int, status);
    QFETCH(QString, outStart);
    QFETCH(QString, errStart);
    std::vector<std::string> argv;
    for (const QString& arg : args)
        argv.push_back(arg.toStdString());
    std::istringstream in("x = torch.arange(6).view(2, 3).t()\n");
    std::ostringstream out, err;
    const int actual = stridescope::app::runBenchCommand(argv, in, out, err);
    const QString message = QStringLiteral("status %1\nstdout:\n%2\nstderr:\n%3")
                                .arg(actual)
                                .arg(QString::fromStdString(out.str()), QString::fromStdString(err.str()));
    QVERIFY2(actual == status, qPrintable(message));
    QVERIFY2(QString::fromStdString(out.str()).startsWith(outStart), qPrintable(message));
    QVERIFY2(QString::fromStdString(err.str()).startsWith(errStart), qPrintable(message));
}

// main.cpp's parser (stopAtFirstPositional): the program's own options before the command,
// everything after it left to the command, options included.
void TestCli::programLeavesTheCommandItsArguments() {
    using stridescope::app::CommandLine;
    auto program = [] {
        auto cli = std::make_unique<CommandLine>("stridescope", "stridescope [FILE.py | COMMAND [ARGUMENTS]]",
                                                 "Shows tensors.");
        cli->addPositional(QStringLiteral("COMMAND"), QStringLiteral("a command"));
        cli->stopAtFirstPositional();
        return cli;
    };
    std::ostringstream out, err;
    auto cli = program();
    QVERIFY(!cli->parse({"eval", "--json", "--values", "-h", "x.py"}, out, err));
    QCOMPARE(cli->positional(), (std::vector<std::string>{"eval", "--json", "--values", "-h", "x.py"}));
    QVERIFY(out.str().empty() && err.str().empty());

    cli = program();
    QCOMPARE(cli->parse({"--bogus", "eval"}, out, err), std::optional<int>(2));
    QVERIFY2(err.str().starts_with("stridescope: unknown option '--bogus'\nusage: stridescope [FILE.py"),
             err.str().c_str());

    std::ostringstream help;
    cli = program();
    QCOMPARE(cli->parse({"-h"}, help, err), std::optional<int>(0));
    QVERIFY2(help.str().starts_with("usage: stridescope [FILE.py | COMMAND [ARGUMENTS]]\n\nShows tensors.\n"),
             help.str().c_str());
    QVERIFY(help.str().find("--version") != std::string::npos);
}

STRIDESCOPE_TEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
