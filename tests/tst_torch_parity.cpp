// Torch parity: every case of tests/data/{ops_parity,errors_parity,random_chains,views_parity,views_sweep}.jsonl is run
// through `stridescope eval --json --values -` (runEvalCommand, in process) and each printed line
// is compared, field by field, with what PyTorch 1.13 printed for the same script
// (tests/fixtures/generate_parity.py, run once with Debian's python3-torch; CI has no torch).
//
// Exact comparisons: line, name, shape, stride, storage_offset, dtype, is_contiguous,
// storage_nbytes, value, error (first line), kind, and every element of values (floats bit-exact,
// NaN equals NaN). "storage" is compared after numbering the storages of the actual output in order
// of first appearance, which is how the fixtures number them: the contract only promises that the
// numbers are equal exactly when two tensors share a storage.
#include "app/commands/EvalCommand.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QMap>
#include <QTest>

#include <cmath>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct ParityCase {
    QString name;
    QString script;
    bool layoutOnly = false;
    QJsonArray expected;
};

struct Fixture {
    QJsonObject header;
    QList<ParityCase> cases;
    QString error; // why the file could not be read
};

Fixture loadFixture(const QString& fileName) {
    Fixture fixture;
    QFile file(QStringLiteral(STRIDESCOPE_TEST_DATA_DIR "/") + fileName);
    if (!file.open(QIODevice::ReadOnly)) {
        fixture.error = QStringLiteral("cannot open ") + file.fileName();
        return fixture;
    }
    int lineNumber = 0;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        ++lineNumber;
        if (line.isEmpty())
            continue;
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
        if (!document.isObject()) {
            fixture.error = QStringLiteral("%1:%2: %3").arg(fileName).arg(lineNumber).arg(parseError.errorString());
            return fixture;
        }
        const QJsonObject object = document.object();
        if (object.contains(QStringLiteral("header"))) {
            fixture.header = object.value(QStringLiteral("header")).toObject();
            continue;
        }
        ParityCase parityCase;
        parityCase.name = object.value(QStringLiteral("name")).toString();
        parityCase.script = object.value(QStringLiteral("script")).toString();
        parityCase.layoutOnly = object.value(QStringLiteral("layout_only")).toBool(false);
        parityCase.expected = object.value(QStringLiteral("expected")).toArray();
        fixture.cases.append(parityCase);
    }
    return fixture;
}

struct EvalRun {
    int status = -1;
    QList<QJsonObject> lines;
    QStringList unparsable;
    QString stdErr;
    QString exception;
};

EvalRun runEval(const QString& script) {
    EvalRun run;
    std::istringstream in(script.toStdString());
    std::ostringstream out;
    std::ostringstream err;
    try {
        run.status = stridescope::app::runEvalCommand({"--json", "--values", "-"}, in, out, err);
    } catch (const std::exception& e) {
        run.exception = QString::fromUtf8(e.what());
    } catch (...) {
        run.exception = QStringLiteral("unknown exception");
    }
    run.stdErr = QString::fromStdString(err.str());
    std::istringstream produced(out.str());
    std::string line;
    while (std::getline(produced, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        // Strict JSON: a bare NaN or Infinity token would leave the line unparsable (and fail).
        const QByteArray bytes = QByteArray::fromStdString(line);
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
        if (document.isObject())
            run.lines.append(document.object());
        else
            run.unparsable.append(QString::fromStdString(line));
    }
    return run;
}

QString compact(const QJsonObject& object) {
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QString compact(const QJsonValue& value) {
    if (value.isObject())
        return compact(value.toObject());
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    if (value.isString())
        return QLatin1Char('"') + value.toString() + QLatin1Char('"');
    if (value.isNull())
        return QStringLiteral("null");
    if (value.isUndefined())
        return QStringLiteral("(missing)");
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    return QString::number(value.toDouble(), 'g', 17);
}

// A non-finite number as the fixtures spell it, or nothing for a finite or non-number value.
std::optional<double> nonFinite(const QJsonValue& value) {
    if (!value.isString())
        return std::nullopt;
    const QString s = value.toString().toLower();
    if (s == QStringLiteral("nan") || s == QStringLiteral("-nan"))
        return std::nan("");
    if (s == QStringLiteral("inf") || s == QStringLiteral("+inf") || s == QStringLiteral("infinity"))
        return INFINITY;
    if (s == QStringLiteral("-inf") || s == QStringLiteral("-infinity"))
        return -INFINITY;
    return std::nullopt;
}

// Compares one element of "values". Integers exactly as 64-bit integers, floats bit-exact
// (including the sign of zero), NaN equal to NaN, bools as bools.
bool sameElement(const QJsonValue& expected, const QJsonValue& actual) {
    if (expected.isBool())
        return actual.isBool() && actual.toBool() == expected.toBool();
    if (const auto e = nonFinite(expected)) {
        const auto a = nonFinite(actual);
        if (!a)
            return false;
        return std::isnan(*e) ? std::isnan(*a) : *a == *e;
    }
    if (!expected.isDouble() || !actual.isDouble())
        return false;
    const double e = expected.toDouble();
    const double a = actual.toDouble();
    // Integers beyond 2^53 are only exact as integers.
    const qint64 ei = expected.toInteger(std::numeric_limits<qint64>::min());
    const qint64 ai = actual.toInteger(std::numeric_limits<qint64>::min());
    if (ei != std::numeric_limits<qint64>::min() && ai != std::numeric_limits<qint64>::min())
        return ei == ai && std::signbit(e) == std::signbit(a);
    return e == a && std::signbit(e) == std::signbit(a);
}

QString firstLine(const QString& text) {
    const qsizetype newline = text.indexOf(QLatin1Char('\n'));
    return newline < 0 ? text : text.left(newline);
}

class LineComparer {
public:
    explicit LineComparer(bool layoutOnly) : m_layoutOnly(layoutOnly) {}

    // Empty when the lines agree, else which field differs and how.
    QString compare(const QJsonObject& expected, const QJsonObject& actual) {
        const auto key = [](const char* name) { return QString::fromLatin1(name); };
        if (actual.value(key("line")) != expected.value(key("line")))
            return QStringLiteral("field \"line\"");
        if (expected.contains(key("error"))) {
            if (!actual.contains(key("error")))
                return QStringLiteral("expected an error line");
            if (firstLine(actual.value(key("error")).toString()) != expected.value(key("error")).toString())
                return QStringLiteral("field \"error\" (message text)");
            if (actual.value(key("kind")) != expected.value(key("kind")))
                return QStringLiteral("field \"kind\" (Python exception type)");
            return {};
        }
        if (actual.contains(key("error")))
            return QStringLiteral("unexpected error line");
        if (expected.contains(key("value"))) {
            if (!actual.contains(key("value")))
                return QStringLiteral("expected a non-tensor value line");
            if (actual.value(key("value")) != expected.value(key("value")))
                return QStringLiteral("field \"value\"");
            const QJsonValue expectedName = expected.value(key("name"));
            const QJsonValue actualName = actual.value(key("name"));
            if (expectedName.isUndefined() ? !(actualName.isUndefined() || actualName.isNull())
                                           : actualName != expectedName)
                return QStringLiteral("field \"name\"");
            return {};
        }
        if (!actual.contains(key("shape")))
            return QStringLiteral("expected a tensor line");
        for (const char* field : {"name", "shape", "stride", "storage_offset", "dtype", "is_contiguous",
                                  "storage_nbytes"}) {
            const QJsonValue e = expected.value(key(field));
            const QJsonValue a = actual.value(key(field));
            if (e.isDouble() && a.isDouble() ? e.toInteger() != a.toInteger() : e != a)
                return QStringLiteral("field \"%1\"").arg(key(field));
        }
        const qint64 expectedStorage = expected.value(key("storage")).toInteger(-1);
        const QString actualStorage = compact(actual.value(key("storage")));
        if (!actual.contains(key("storage")))
            return QStringLiteral("field \"storage\" missing");
        if (!m_storages.contains(actualStorage))
            m_storages.insert(actualStorage, m_storages.size());
        if (m_storages.value(actualStorage) != expectedStorage)
            return QStringLiteral("field \"storage\": sharing differs (actual storage %1 is the %2th distinct "
                                  "storage printed; torch says storage #%3)")
                .arg(actualStorage)
                .arg(m_storages.value(actualStorage))
                .arg(expectedStorage);
        if (m_layoutOnly || !expected.contains(key("values")))
            return {};
        if (!actual.contains(key("values")))
            return QStringLiteral("field \"values\" missing");
        const QJsonArray e = expected.value(key("values")).toArray();
        const QJsonArray a = actual.value(key("values")).toArray();
        if (e.size() != a.size())
            return QStringLiteral("field \"values\": %1 elements, torch has %2").arg(a.size()).arg(e.size());
        for (qsizetype i = 0; i < e.size(); ++i) {
            if (!sameElement(e[i], a[i]))
                return QStringLiteral("field \"values\" at element %1: %2, torch has %3")
                    .arg(i)
                    .arg(compact(a[i]), compact(e[i]));
        }
        return {};
    }

private:
    bool m_layoutOnly;
    QMap<QString, qint64> m_storages; // actual storage id -> order of first appearance
};

// Empty when StrideScope agrees with torch on the whole case; else a report that shows the
// script, the expected and the actual line.
QString compareCase(const ParityCase& parityCase, const EvalRun& run) {
    const auto header = [&] {
        return QStringLiteral("case \"%1\"\n--- script ---\n%2--- ").arg(parityCase.name, parityCase.script);
    };
    if (!run.exception.isEmpty())
        return header() + QStringLiteral("runEvalCommand threw: ") + run.exception;
    if (!run.unparsable.isEmpty())
        return header() + QStringLiteral("output line is not JSON: ") + run.unparsable.first();
    LineComparer comparer(parityCase.layoutOnly);
    const qsizetype common = std::min<qsizetype>(parityCase.expected.size(), run.lines.size());
    for (qsizetype i = 0; i < common; ++i) {
        const QJsonObject expected = parityCase.expected[i].toObject();
        const QString difference = comparer.compare(expected, run.lines[i]);
        if (!difference.isEmpty())
            return header() + QStringLiteral("output line %1 differs in %2\nexpected: %3\nactual:   %4")
                                  .arg(i + 1)
                                  .arg(difference, compact(expected), compact(run.lines[i]));
    }
    if (run.lines.size() < parityCase.expected.size())
        return header() + QStringLiteral("StrideScope printed %1 lines, torch %2\nexpected: %3\nactual:   (nothing)%4")
                              .arg(run.lines.size())
                              .arg(parityCase.expected.size())
                              .arg(compact(parityCase.expected[common].toObject()),
                                   run.stdErr.isEmpty() ? QString() : QStringLiteral("\nstderr: ") + run.stdErr);
    if (run.lines.size() > parityCase.expected.size())
        return header() + QStringLiteral("StrideScope printed %1 lines, torch %2\nexpected: (nothing)\nactual:   %3")
                              .arg(run.lines.size())
                              .arg(parityCase.expected.size())
                              .arg(compact(run.lines[common]));
    bool failed = false;
    for (const QJsonValue& line : parityCase.expected)
        failed = failed || line.toObject().contains(QStringLiteral("error"));
    const int expectedStatus = failed ? 1 : 0;
    if (run.status != expectedStatus)
        return header() + QStringLiteral("exit status %1, expected %2").arg(run.status).arg(expectedStatus);
    return {};
}

} // namespace

Q_DECLARE_METATYPE(ParityCase)

class TestTorchParity : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void opsParity_data() { addRows(QStringLiteral("ops_parity.jsonl")); }
    void opsParity() { runRow(QStringLiteral("ops_parity.jsonl")); }
    void errorsParity_data() { addRows(QStringLiteral("errors_parity.jsonl")); }
    void errorsParity() { runRow(QStringLiteral("errors_parity.jsonl")); }
    void randomChains_data() { addRows(QStringLiteral("random_chains.jsonl")); }
    void randomChains() { runRow(QStringLiteral("random_chains.jsonl")); }
    // The view and shape surface of issue 10 (tests/fixtures/views_cases.py).
    void viewsParity_data() { addRows(QStringLiteral("views_parity.jsonl")); }
    void viewsParity() { runRow(QStringLiteral("views_parity.jsonl")); }
    // Every dim-taking op on 0-dim, empty and size-1 tensors, dims in and out of range.
    void viewsSweep_data() { addRows(QStringLiteral("views_sweep.jsonl")); }
    void viewsSweep() { runRow(QStringLiteral("views_sweep.jsonl")); }

    // The fixtures themselves: generated by torch, as many cases as promised.
    void fixturesAreComplete_data();
    void fixturesAreComplete();

private:
    void addRows(const QString& fileName);
    void runRow(const QString& fileName);

    QMap<QString, Fixture> m_fixtures;
    QMap<QString, int> m_agreed;
    QMap<QString, int> m_ran;
    QMap<QString, QStringList> m_failedNames;
};

void TestTorchParity::initTestCase() {
    for (const QString& fileName : {QStringLiteral("ops_parity.jsonl"), QStringLiteral("errors_parity.jsonl"),
                                    QStringLiteral("random_chains.jsonl"), QStringLiteral("views_parity.jsonl"),
                                    QStringLiteral("views_sweep.jsonl")}) {
        Fixture fixture = loadFixture(fileName);
        QVERIFY2(fixture.error.isEmpty(), qPrintable(fixture.error));
        m_fixtures.insert(fileName, fixture);
    }
}

void TestTorchParity::cleanupTestCase() {
    for (auto it = m_ran.cbegin(); it != m_ran.cend(); ++it) {
        const int agreed = m_agreed.value(it.key());
        qInfo("%s: StrideScope agrees with torch %s on %d of %d cases (%.2f%%)", qPrintable(it.key()),
              qPrintable(m_fixtures.value(it.key()).header.value(QStringLiteral("torch")).toString()), agreed,
              it.value(), it.value() ? 100.0 * agreed / it.value() : 100.0);
        const QStringList& failed = m_failedNames[it.key()];
        constexpr int kListed = 40;
        if (!failed.isEmpty())
            qInfo("  disagreeing cases: %s%s", qPrintable(failed.mid(0, kListed).join(QStringLiteral("; "))),
                  failed.size() > kListed ? qPrintable(QStringLiteral(" ... and %1 more").arg(failed.size() - kListed))
                                          : "");
    }
}

void TestTorchParity::addRows(const QString& fileName) {
    QTest::addColumn<ParityCase>("parityCase");
    for (const ParityCase& parityCase : m_fixtures.value(fileName).cases)
        QTest::newRow(qPrintable(parityCase.name)) << parityCase;
}

void TestTorchParity::runRow(const QString& fileName) {
    QFETCH(ParityCase, parityCase);
    const QString report = compareCase(parityCase, runEval(parityCase.script));
    ++m_ran[fileName];
    if (report.isEmpty()) {
        ++m_agreed[fileName];
        return;
    }
    m_failedNames[fileName].append(parityCase.name);
    QFAIL(qPrintable(report));
}

void TestTorchParity::fixturesAreComplete_data() {
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<int>("minimumCases");
    QTest::addColumn<int>("minimumErrorCases");
    QTest::newRow("ops_parity.jsonl") << QStringLiteral("ops_parity.jsonl") << 400 << 0;
    QTest::newRow("errors_parity.jsonl") << QStringLiteral("errors_parity.jsonl") << 80 << 80;
    QTest::newRow("random_chains.jsonl") << QStringLiteral("random_chains.jsonl") << 600 << 1;
    QTest::newRow("views_parity.jsonl") << QStringLiteral("views_parity.jsonl") << 250 << 80;
    QTest::newRow("views_sweep.jsonl") << QStringLiteral("views_sweep.jsonl") << 1300 << 400;
}

void TestTorchParity::fixturesAreComplete() {
    QFETCH(QString, fileName);
    QFETCH(int, minimumCases);
    QFETCH(int, minimumErrorCases);
    const Fixture& fixture = m_fixtures[fileName];
    QVERIFY2(fixture.header.value(QStringLiteral("torch")).toString().startsWith(QStringLiteral("1.13")),
             "the fixtures are generated by PyTorch 1.13 (Debian python3-torch)");
    QCOMPARE(fixture.header.value(QStringLiteral("cases")).toInt(), fixture.cases.size());
    QVERIFY(fixture.cases.size() >= minimumCases);
    int errorCases = 0;
    for (const ParityCase& parityCase : fixture.cases) {
        QVERIFY2(!parityCase.expected.isEmpty(), qPrintable(parityCase.name));
        if (parityCase.expected.last().toObject().contains(QStringLiteral("error")))
            ++errorCases;
    }
    QVERIFY(errorCases >= minimumErrorCases);
}

QTEST_GUILESS_MAIN(TestTorchParity)
#include "tst_torch_parity.moc"
