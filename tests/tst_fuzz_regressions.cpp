// Replays every input kept in tests/fuzz/regressions/: scripts on which the fuzzer (scripts/fuzz)
// or hardening found a crash, a hang, undefined behaviour or a runaway allocation. Each must now
// run to its end or stop at a clean error, quickly, through the interpreter and through
// `stridescope eval --json --values`, and never with an "internal error" (an exception that was
// not a refusal). Under scripts/test-sanitizers the same replay runs with ASan and UBSan.
#include "app/commands/EvalCommand.h"
#include "core/Analysis.h"
#include "core/script/Interpreter.h"

#include "TestMain.h"
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <sstream>
#include <string>

using namespace stridescope;
using namespace stridescope::script;

namespace {

constexpr qint64 kMaxMilliseconds = 60000;

QString regressionsDir() { return QStringLiteral(STRIDESCOPE_TEST_DATA_DIR "/../fuzz/regressions"); }

} // namespace

class TestFuzzRegressions : public QObject {
    Q_OBJECT

private slots:
    void regressionsAreKept();
    void runsToAnEndOrAClearError_data();
    void runsToAnEndOrAClearError();
};

void TestFuzzRegressions::regressionsAreKept() {
    QVERIFY(!QDir(regressionsDir()).entryList({QStringLiteral("*.py")}, QDir::Files).isEmpty());
}

void TestFuzzRegressions::runsToAnEndOrAClearError_data() {
    QTest::addColumn<QString>("path");
    const QDir dir(regressionsDir());
    for (const QString& name : dir.entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(name)) << dir.filePath(name);
}

void TestFuzzRegressions::runsToAnEndOrAClearError() {
    QFETCH(QString, path);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const std::string source = file.readAll().toStdString();

    QElapsedTimer timer;
    timer.start();
    Workspace workspace;
    Interpreter interpreter(workspace);
    const std::vector<StatementOutcome> outcomes = interpreter.run(source, [](const StatementOutcome& outcome) {
        for (const auto& [name, tensor] : outcome.tensors()) // what the diagram reads of each tensor
            (void)analyse(tensor.layout());
        return true;
    });
    QVERIFY(!outcomes.empty());
    for (const StatementOutcome& o : outcomes) {
        if (o.error)
            QVERIFY2(o.error->message().rfind("internal error", 0) != 0, o.error->message().c_str());
    }
    for (std::size_t i = 0; i + 1 < outcomes.size(); ++i)
        QVERIFY(outcomes[i].ok()); // the run stops at the first error

    std::istringstream in;
    std::ostringstream out;
    std::ostringstream err;
    const int status = app::runEvalCommand({"--json", "--values", path.toStdString()}, in, out, err);
    QCOMPARE(status, outcomes.back().ok() ? 0 : 1);
    QVERIFY2(timer.elapsed() < kMaxMilliseconds, qPrintable(QStringLiteral("%1 ms").arg(timer.elapsed())));
}

STRIDESCOPE_TEST_MAIN(TestFuzzRegressions)
#include "tst_fuzz_regressions.moc"
