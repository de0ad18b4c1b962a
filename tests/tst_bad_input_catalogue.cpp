// The bad-input catalogue (tests/data/bad_inputs.jsonl, written by
// tests/fixtures/generate_bad_inputs.py from bad_input_cases.py): every script there must fail on
// its last statement with one exact error, through the interpreter API and through
// `stridescope eval --json` (status 1, one error line, valid JSON throughout), in bounded time,
// and the failure must leave everything defined before it exactly as it was. Then `render` and
// `bench` given what they cannot do: a clear message and a non-zero status.
#include "app/commands/BenchCommand.h"
#include "app/commands/EvalCommand.h"
#include "app/commands/RenderCommand.h"
#include "core/script/Interpreter.h"
#include "core/script/Repr.h"

#include "TestMain.h"
#include <QByteArray>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

using namespace stridescope;
using namespace stridescope::script;

namespace {

// Generous: the slowest rows (100,000 lines, 1 MB of numbers) take a few seconds even under the
// sanitizers. A hang is what this catches.
constexpr qint64 kMaxMillisecondsPerRun = 60000;

struct CatalogueRow {
    QString name;
    std::string script;
    int line = 0;
    std::optional<int> column;
    QString kind;
    QString message;
    bool messageIsPrefix = false; // a list of supported names follows, and grows
    QString source;

    bool matches(const QString& actual) const { return messageIsPrefix ? actual.startsWith(message) : actual == message; }
};

std::string scriptOf(const QJsonObject& row) {
    if (row.contains(QStringLiteral("script_base64")))
        return QByteArray::fromBase64(row.value(QStringLiteral("script_base64")).toString().toLatin1()).toStdString();
    if (row.contains(QStringLiteral("parts"))) {
        std::string script;
        for (const QJsonValue& part : row.value(QStringLiteral("parts")).toArray()) {
            const std::string text = part.toArray().at(0).toString().toStdString();
            const int times = part.toArray().at(1).toInt();
            script.reserve(script.size() + text.size() * static_cast<std::size_t>(times));
            for (int i = 0; i < times; ++i)
                script += text;
        }
        return script;
    }
    return row.value(QStringLiteral("script")).toString().toStdString();
}

const std::vector<CatalogueRow>& catalogue() {
    static const std::vector<CatalogueRow> rows = [] {
        std::vector<CatalogueRow> out;
        QFile file(QStringLiteral(STRIDESCOPE_TEST_DATA_DIR "/bad_inputs.jsonl"));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", qPrintable(file.fileName()));
        while (!file.atEnd()) {
            const QByteArray line = file.readLine().trimmed();
            if (line.isEmpty())
                continue;
            const QJsonObject row = QJsonDocument::fromJson(line).object();
            if (row.contains(QStringLiteral("header")))
                continue;
            CatalogueRow r;
            r.name = row.value(QStringLiteral("name")).toString();
            r.script = scriptOf(row);
            r.line = row.value(QStringLiteral("line")).toInt();
            if (row.value(QStringLiteral("column")).isDouble())
                r.column = row.value(QStringLiteral("column")).toInt();
            r.kind = row.value(QStringLiteral("kind")).toString();
            r.message = row.value(QStringLiteral("message")).toString();
            r.messageIsPrefix = row.value(QStringLiteral("message_is_prefix")).toBool();
            r.source = row.value(QStringLiteral("source")).toString();
            out.push_back(std::move(r));
        }
        return out;
    }();
    return rows;
}

// Tensors and values that exist before every bad script runs; the failure must not touch them.
// torch is imported under a private name so that scripts still see only what they import.
constexpr const char* kPrelude = "import torch as _prelude_torch\n"
                                 "keep = _prelude_torch.arange(12.).view(3, 4)\n"
                                 "keep_t = keep.t()\n"
                                 "keep_e = _prelude_torch.zeros(3).expand(2, 3)\n"
                                 "keep_n = 7\n"
                                 "keep_s = 'kept'\n";

// What a workspace holds, in a form two workspaces can be compared in: per name its layout,
// dtype and values (bit for bit) or its repr, and which names share a storage.
std::string describe(const Workspace& workspace) {
    std::ostringstream out;
    std::map<const Storage*, int> storages;
    for (const auto& [name, value] : workspace.entries()) {
        out << name << ": ";
        if (!value.isTensor()) {
            out << typeName(value) << " " << repr(value) << "\n";
            continue;
        }
        const Tensor& t = value.asTensor();
        const auto [it, inserted] = storages.emplace(t.storage().get(), static_cast<int>(storages.size()));
        out << "storage " << it->second << " (" << t.storage()->nbytes() << " bytes) " << dtypeName(t.dtype())
            << " sizes " << shapeTupleRepr(t.sizes()) << " strides " << shapeTupleRepr(t.strides()) << " offset "
            << t.storageOffset();
        if (t.hasValues() && t.numel() <= 4096) {
            out << " values";
            for (const Scalar& s : t.values()) {
                std::uint64_t bits = 0;
                if (s.isFloat())
                    std::memcpy(&bits, &s.floatValue, sizeof bits);
                else
                    bits = static_cast<std::uint64_t>(s.intValue);
                out << " " << bits;
            }
        } else if (!t.hasValues()) {
            out << " layout only";
        }
        out << "\n";
    }
    return out.str();
}

QByteArray describeOutcome(const StatementOutcome& o) {
    return QByteArray::fromStdString(concatMessage("line ", o.line, ": ", o.error ? o.error->describe() : "ok"));
}

struct CommandResult {
    int status = -1;
    QByteArray out;
    QByteArray err;
    qint64 milliseconds = 0;
};

template <typename Command>
CommandResult runCommand(Command command, const std::vector<std::string>& args, const std::string& input = {}) {
    std::istringstream in(input);
    std::ostringstream out;
    std::ostringstream err;
    QElapsedTimer timer;
    timer.start();
    CommandResult result;
    result.status = command(args, in, out, err);
    result.milliseconds = timer.elapsed();
    result.out = QByteArray::fromStdString(out.str());
    result.err = QByteArray::fromStdString(err.str());
    return result;
}

QByteArray firstLine(const QByteArray& text) { return text.left(text.indexOf('\n')); }

bool writeFile(const QString& path, const std::string& bytes) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) &&
           file.write(bytes.data(), static_cast<qint64>(bytes.size())) == static_cast<qint64>(bytes.size());
}

} // namespace

class TestBadInputCatalogue : public QObject {
    Q_OBJECT

private slots:
    void catalogueIsLargeAndVaried();
    void failsWithTheExactErrorAndKeepsEarlierDefinitions_data();
    void failsWithTheExactErrorAndKeepsEarlierDefinitions();
    void evalPrintsOneErrorLineAndExitsWithOne_data();
    void evalPrintsOneErrorLineAndExitsWithOne();
    void renderRefusesWhatItCannotDo_data();
    void renderRefusesWhatItCannotDo();
    void benchRefusesAbsurdRequests_data();
    void benchRefusesAbsurdRequests();

private:
    QTemporaryDir m_dir;
};

void TestBadInputCatalogue::catalogueIsLargeAndVaried() {
    const auto& rows = catalogue();
    QVERIFY2(rows.size() >= 100, qPrintable(QStringLiteral("only %1 rows").arg(rows.size())));
    std::map<QString, int> bySource;
    for (const CatalogueRow& row : rows) {
        QVERIFY2(!row.message.isEmpty(), qPrintable(row.name));
        ++bySource[row.source];
    }
    QVERIFY(bySource[QStringLiteral("pytorch")] > 0 && bySource[QStringLiteral("python")] > 0 &&
            bySource[QStringLiteral("stridescope")] > 0);
}

void TestBadInputCatalogue::failsWithTheExactErrorAndKeepsEarlierDefinitions_data() {
    QTest::addColumn<int>("row");
    const auto& rows = catalogue();
    for (std::size_t i = 0; i < rows.size(); ++i)
        QTest::newRow(qPrintable(rows[i].name)) << static_cast<int>(i);
}

void TestBadInputCatalogue::failsWithTheExactErrorAndKeepsEarlierDefinitions() {
    QFETCH(int, row);
    const CatalogueRow& c = catalogue()[static_cast<std::size_t>(row)];

    Workspace workspace;
    Interpreter interpreter(workspace);
    for (const StatementOutcome& o : interpreter.run(kPrelude))
        QVERIFY2(o.ok(), describeOutcome(o).constData());

    QElapsedTimer timer;
    timer.start();
    std::vector<StatementOutcome> outcomes = interpreter.run(c.script);
    QVERIFY2(timer.elapsed() < kMaxMillisecondsPerRun, qPrintable(QStringLiteral("%1 ms").arg(timer.elapsed())));

    // Every statement before the last succeeded; the last failed with exactly this error.
    QVERIFY(!outcomes.empty());
    for (std::size_t i = 0; i + 1 < outcomes.size(); ++i)
        QVERIFY2(outcomes[i].ok(), describeOutcome(outcomes[i]).constData());
    const StatementOutcome& failed = outcomes.back();
    QVERIFY2(failed.error.has_value(), "the script ran without an error");
    const QString message = QString::fromStdString(failed.error->message());
    QVERIFY2(c.matches(message), qPrintable(QStringLiteral("got: %1\nexpected: %2").arg(message, c.message)));
    QCOMPARE(QString::fromStdString(errorKindName(failed.error->kind())), c.kind);
    QCOMPARE(failed.line, c.line);
    if (c.column)
        QCOMPARE(failed.column, *c.column);

    // Nothing the failing statement touched changed: the workspace is what the prelude and the
    // statements before the failing one make. (The first run's tensors go before the reference
    // run makes its own: together they could pass Storage::kMaxTotalValueBytes.)
    const std::string actual = describe(workspace);
    const std::size_t succeeded = outcomes.size() - 1;
    const bool parsed = failed.error->kind() != ErrorKind::SyntaxError || succeeded > 0;
    outcomes.clear();
    workspace.clear();
    Workspace expected;
    Interpreter reference(expected);
    reference.run(kPrelude);
    if (parsed) {
        const std::vector<Statement> statements = Interpreter::parse(c.script);
        QVERIFY(statements.size() > succeeded);
        for (std::size_t i = 0; i < succeeded; ++i)
            QVERIFY(reference.execute(statements[i]).ok());
    }
    QCOMPARE(QString::fromStdString(actual), QString::fromStdString(describe(expected)));
}

void TestBadInputCatalogue::evalPrintsOneErrorLineAndExitsWithOne_data() {
    failsWithTheExactErrorAndKeepsEarlierDefinitions_data();
}

void TestBadInputCatalogue::evalPrintsOneErrorLineAndExitsWithOne() {
    QFETCH(int, row);
    const CatalogueRow& c = catalogue()[static_cast<std::size_t>(row)];
    QVERIFY(m_dir.isValid());
    // Through a file, byte for byte: NUL bytes and invalid UTF-8 included.
    const QString path = m_dir.filePath(QStringLiteral("row%1.py").arg(row));
    QVERIFY(writeFile(path, c.script));

    const CommandResult result = runCommand(app::runEvalCommand, {"--json", path.toStdString()});
    QVERIFY2(result.milliseconds < kMaxMillisecondsPerRun, qPrintable(QStringLiteral("%1 ms").arg(result.milliseconds)));
    QCOMPARE(result.status, 1);
    QCOMPARE(result.err, QByteArray());

    const QList<QByteArray> lines = result.out.split('\n');
    QVERIFY(lines.size() >= 2 && lines.last().isEmpty());
    int errorLines = 0;
    for (qsizetype i = 0; i + 1 < lines.size(); ++i) {
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(lines[i], &parseError);
        QVERIFY2(parseError.error == QJsonParseError::NoError && document.isObject(), lines[i].left(300).constData());
        const QJsonObject object = document.object();
        if (!object.contains(QStringLiteral("error")))
            continue;
        ++errorLines;
        QCOMPARE(i, lines.size() - 2); // the error line is the last line
        const QString message = object.value(QStringLiteral("error")).toString();
        QVERIFY2(c.matches(message), qPrintable(QStringLiteral("got: %1\nexpected: %2").arg(message, c.message)));
        QCOMPARE(object.value(QStringLiteral("kind")).toString(), c.kind);
        QCOMPARE(object.value(QStringLiteral("line")).toInt(), c.line);
    }
    QCOMPARE(errorLines, 1);
}

void TestBadInputCatalogue::renderRefusesWhatItCannotDo_data() {
    QTest::addColumn<QStringList>("args"); // {out} becomes a path in a temporary folder
    QTest::addColumn<QString>("script");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("message"); // the first line on stderr; {out} as above

    const QString ok = QStringLiteral("import torch\nx = torch.arange(6).view(2, 3)\n");
    QTest::newRow("a picture in a folder that is a file")
        << QStringList{QStringLiteral("--out"), QStringLiteral("{dir}/a-file/x.png")} << ok << 1
        << QStringLiteral("stridescope render: cannot write {dir}/a-file/x.png: Not a directory");
    QTest::newRow("a picture in a folder that does not exist")
        << QStringList{QStringLiteral("--out"), QStringLiteral("{dir}/no/such/folder/x.svg")} << ok << 1
        << QStringLiteral("stridescope render: cannot write {dir}/no/such/folder/x.svg: No such file or directory");
    QTest::newRow("a picture where /proc allows no files")
        << QStringList{QStringLiteral("--out"), QStringLiteral("/proc/stridescope-test.pdf")} << ok << 1
        << QStringLiteral("stridescope render: cannot write /proc/stridescope-test.pdf: No such file or directory");
    QTest::newRow("a picture over an existing folder")
        << QStringList{QStringLiteral("--out"), QStringLiteral("{dir}/a-folder.png")} << ok << 1
        << QStringLiteral("stridescope render: cannot write {dir}/a-folder.png: Filename refers to a directory");
    QTest::newRow("an unknown picture format")
        << QStringList{QStringLiteral("--out"), QStringLiteral("{dir}/x.bmp")} << ok << 2
        << QStringLiteral("stridescope render: cannot tell the format of '{dir}/x.bmp': use a .png, .svg, .pdf, .tex or .gif file name");
    QTest::newRow("a scale of a billion")
        << QStringList{QStringLiteral("--out"), QStringLiteral("{dir}/x.png"), QStringLiteral("--scale"),
                       QStringLiteral("1e9")}
        << ok << 2 << QStringLiteral("stridescope render: --scale must be a number above 0 and at most 8, not '1e9'");
    QTest::newRow("a scale that is not a number")
        << QStringList{QStringLiteral("--out"), QStringLiteral("{dir}/x.png"), QStringLiteral("--scale"),
                       QStringLiteral("nan")}
        << ok << 2 << QStringLiteral("stridescope render: --scale must be a number above 0 and at most 8, not 'nan'");
    QTest::newRow("a script that fails")
        << QStringList{QStringLiteral("--out"), QStringLiteral("{dir}/x.png")}
        << QStringLiteral("import torch\nx = torch.zeros(2).view(3)\n") << 1
        << QStringLiteral("Traceback (most recent call last):");
    QTest::newRow("a name the script does not define")
        << QStringList{QStringLiteral("--out"), QStringLiteral("{dir}/x.png"), QStringLiteral("--var"),
                       QStringLiteral("nope")}
        << ok << 1 << QStringLiteral("stridescope render: --var nope: the script defines no name 'nope' (tensors: x)");
    QTest::newRow("an expanded view of 2**40 elements (drawn, not enumerated)")
        << QStringList{QStringLiteral("--out"), QStringLiteral("{dir}/expanded.svg")}
        << QStringLiteral("import torch\nx = torch.zeros(1).expand(1 << 40)\n") << 0 << QString();
    QTest::newRow("an overlapping as_strided view of 2**40 elements (drawn, not enumerated)")
        << QStringList{QStringLiteral("--out"), QStringLiteral("{dir}/overlapping.png")}
        << QStringLiteral("import torch\nx = torch.zeros(1 << 21).as_strided((1 << 20, 1 << 20), (1, 1))\n") << 0
        << QString();
    QTest::newRow("a tensor of 2**40 elements, layout only")
        << QStringList{QStringLiteral("--out"), QStringLiteral("{dir}/a-file/big.png")}
        << QStringLiteral("import torch\nx = torch.empty(1 << 20, 1 << 20)\n") << 1
        << QStringLiteral("stridescope render: cannot write {dir}/a-file/big.png: Not a directory");
}

void TestBadInputCatalogue::renderRefusesWhatItCannotDo() {
    QFETCH(QStringList, args);
    QFETCH(QString, script);
    QFETCH(int, status);
    QFETCH(QString, message);
    QVERIFY(m_dir.isValid());
    QVERIFY(writeFile(m_dir.filePath(QStringLiteral("a-file")), "not a folder\n"));
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("a-folder.png")));

    std::vector<std::string> arguments{"-"};
    for (QString arg : args)
        arguments.push_back(arg.replace(QStringLiteral("{dir}"), m_dir.path()).toStdString());
    message.replace(QStringLiteral("{dir}"), m_dir.path());

    const CommandResult result = runCommand(app::runRenderCommand, arguments, script.toStdString());
    QVERIFY2(result.milliseconds < kMaxMillisecondsPerRun, qPrintable(QStringLiteral("%1 ms").arg(result.milliseconds)));
    QCOMPARE(result.status, status);
    QCOMPARE(QString::fromUtf8(firstLine(result.err)), message);
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("x.png")))); // nothing half-written
}

void TestBadInputCatalogue::benchRefusesAbsurdRequests_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("script");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("message"); // the first line on stderr; a trailing '*' matches any rest

    const QString ok = QStringLiteral("import torch\nx = torch.arange(6).view(2, 3).t()\n");
    const auto row = [&](const char* name, QStringList args, const QString& script, int status, const char* message) {
        QTest::newRow(name) << args << script << status << QString::fromUtf8(message);
    };
    row("a working set of 1e30 MiB", {QStringLiteral("--mib"), QStringLiteral("1e30")}, ok, 2,
        "stridescope bench: --mib 1e30: more than this machine's RAM (*");
    row("a working set of 2**63 MiB", {QStringLiteral("--mib"), QStringLiteral("9223372036854775808")}, ok, 2,
        "stridescope bench: --mib 9223372036854775808: more than this machine's RAM (*");
    row("a negative working set", {QStringLiteral("--mib"), QStringLiteral("-1")}, ok, 2,
        "stridescope bench: --mib -1: the working set must be a positive number of MiB");
    row("a working set of zero", {QStringLiteral("--mib"), QStringLiteral("0")}, ok, 2,
        "stridescope bench: --mib 0: the working set must be a positive number of MiB");
    row("a working set that is not a number", {QStringLiteral("--mib"), QStringLiteral("nan")}, ok, 2,
        "stridescope bench: --mib nan: the working set must be a positive number of MiB");
    row("an infinite working set", {QStringLiteral("--mib"), QStringLiteral("inf")}, ok, 2,
        "stridescope bench: --mib inf: the working set must be a positive number of MiB");
    row("a working set too small for two elements", {QStringLiteral("--mib"), QStringLiteral("1e-9")}, ok, 2,
        "stridescope bench: --mib 1e-9: the working set must hold at least two elements");
    row("zero repetitions", {QStringLiteral("--repeat"), QStringLiteral("0")}, ok, 2,
        "stridescope bench: --repeat 0: must be a whole number from 1 to 100000");
    row("a trillion repetitions", {QStringLiteral("--repeat"), QStringLiteral("1000000000000")}, ok, 2,
        "stridescope bench: --repeat 1000000000000: must be a whole number from 1 to 100000");
    row("an unknown backend", {QStringLiteral("--backend"), QStringLiteral("quantum")}, ok, 2,
        "stridescope bench: unknown backend 'quantum' (auto, cpu or cuda)");
    row("a script that fails", {}, QStringLiteral("import torch\nx = torch.zeros(2).view(3)\n"), 1,
        "Traceback (most recent call last):");
    row("a script without a tensor", {}, QStringLiteral("import torch\nx = 1\n"), 1,
        "stridescope bench: the script produces no tensor; nothing to measure");
}

void TestBadInputCatalogue::benchRefusesAbsurdRequests() {
    QFETCH(QStringList, args);
    QFETCH(QString, script);
    QFETCH(int, status);
    QFETCH(QString, message);

    std::vector<std::string> arguments{"--backend", "cpu", "--json"};
    if (args.contains(QStringLiteral("--backend")))
        arguments = {"--json"};
    for (const QString& arg : args)
        arguments.push_back(arg.toStdString());
    arguments.push_back("-");

    const CommandResult result = runCommand(app::runBenchCommand, arguments, script.toStdString());
    QVERIFY2(result.milliseconds < kMaxMillisecondsPerRun, qPrintable(QStringLiteral("%1 ms").arg(result.milliseconds)));
    QCOMPARE(result.status, status);
    QCOMPARE(result.out, QByteArray()); // nothing measured
    const QString first = QString::fromUtf8(firstLine(result.err));
    if (message.endsWith(QLatin1Char('*')))
        QVERIFY2(first.startsWith(message.chopped(1)), qPrintable(first));
    else
        QCOMPARE(first, message);
}

STRIDESCOPE_TEST_MAIN(TestBadInputCatalogue)
#include "tst_bad_input_catalogue.moc"
