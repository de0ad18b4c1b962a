// The headless `stridescope eval [--json] [--values] FILE|-` contract (DESIGN.md, "The headless
// command line"), exercised in process through runEvalCommand. Expected texts are PyTorch 1.13's
// (reprs and messages printed by Debian's python3-torch).
#include "app/commands/EvalCommand.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
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

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
