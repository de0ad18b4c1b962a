// Every refusal of core/Ops.h called directly: the exception is a TensorError whose kind is the
// Python exception PyTorch raises and whose message is PyTorch's text, exactly. The expected kinds
// and messages were produced by PyTorch 1.13 (Debian python3-torch) running the same cases written
// in Python (tests/fixtures/print_cpp_expectations.py --write: tests/data/op_error_rows.inc).
#include "core/Error.h"
#include "core/Ops.h"
#include "tests/OpCallHelpers.h"

#include "TestMain.h"
#include <QTest>

#include <functional>
#include <optional>

using namespace stridescope;
using namespace stridescope::testing;

namespace {

using Action = std::function<void()>;

void addRow(const char* name, Action action, ErrorKind kind, const char* message) {
    QTest::newRow(name) << action << int(kind) << QString::fromUtf8(message);
}

} // namespace

Q_DECLARE_METATYPE(Action)

class TestErrors : public QObject {
    Q_OBJECT

private slots:
    void refusal_data();
    void refusal();
    void kindNames();
    void describeLikePython();
};

void TestErrors::refusal_data() {
    QTest::addColumn<Action>("action");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("message");
    // One row per error case of tests/fixtures/print_cpp_expectations.py, generated there from PyTorch.
#include "data/op_error_rows.inc"
}

void TestErrors::refusal() {
    QFETCH(Action, action);
    QFETCH(int, kind);
    QFETCH(QString, message);
    try {
        action();
    } catch (const TensorError& error) {
        QCOMPARE(QString::fromStdString(error.message()), message);
        QCOMPARE(QString::fromStdString(errorKindName(error.kind())),
                 QString::fromStdString(errorKindName(ErrorKind(kind))));
        return;
    } catch (const std::exception& other) {
        QFAIL(qPrintable(QStringLiteral("threw a std::exception that is not a TensorError: ") +
                         QString::fromUtf8(other.what())));
    }
    QFAIL("no error: PyTorch refuses this");
}

void TestErrors::kindNames() {
    QCOMPARE(errorKindName(ErrorKind::RuntimeError), std::string("RuntimeError"));
    QCOMPARE(errorKindName(ErrorKind::IndexError), std::string("IndexError"));
    QCOMPARE(errorKindName(ErrorKind::TypeError), std::string("TypeError"));
    QCOMPARE(errorKindName(ErrorKind::ValueError), std::string("ValueError"));
    QCOMPARE(errorKindName(ErrorKind::SyntaxError), std::string("SyntaxError"));
    QCOMPARE(errorKindName(ErrorKind::NameError), std::string("NameError"));
    QCOMPARE(errorKindName(ErrorKind::AttributeError), std::string("AttributeError"));
    QCOMPARE(errorKindName(ErrorKind::OverflowError), std::string("OverflowError"));
}

// The last line of a Python traceback: "RuntimeError: start (1) + length (5) exceeds dimension size (2)."
void TestErrors::describeLikePython() {
    try {
        ops::narrow(A(2), 0, 1, 5);
        QFAIL("narrow past the end must fail");
    } catch (const TensorError& error) {
        QCOMPARE(error.describe(), std::string("RuntimeError: start (1) + length (5) exceeds dimension size (2)."));
    }
}

STRIDESCOPE_TEST_GUILESS_MAIN(TestErrors)
#include "tst_errors.moc"
