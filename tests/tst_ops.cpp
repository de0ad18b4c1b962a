// Every op of core/Ops.h called directly, one data row per case: the result's sizes, strides,
// storage_offset, dtype, is_contiguous, whether it is a view (shares the input's storage) and its
// logical values. The rows are generated with PyTorch 1.13 (Debian python3-torch) by
// tests/fixtures/print_cpp_expectations.py --write, which holds the same cases written in Python,
// into tests/data/op_rows.inc (CTest's generated_op_rows_fresh says when they are stale).
#include "core/Error.h"
#include "core/Ops.h"
#include "tests/OpCallHelpers.h"

#include "TestMain.h"
#include <QTest>

#include <functional>
#include <optional>
#include <utility>
#include <vector>

using namespace stridescope;
using namespace stridescope::testing;

namespace {

using Pair = std::pair<Tensor, Tensor>; // {input, output}; for in-place rows {base, base}

struct Expected {
    Shape sizes;
    Shape strides;
    std::int64_t storageOffset = 0;
    DType dtype = DType::Int64;
    bool contiguous = true;
    bool view = false;
    std::vector<double> values;
    bool checkValues = true; // false for empty_strided, whose values are unspecified
};

using Run = std::function<Pair()>;

void addRow(const char* name, Run run, Expected expected) {
    QTest::newRow(name) << run << expected;
}

QString describe(const Shape& shape) {
    QStringList parts;
    for (auto v : shape)
        parts << QString::number(v);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

} // namespace

Q_DECLARE_METATYPE(Run)
Q_DECLARE_METATYPE(Expected)

class TestOps : public QObject {
    Q_OBJECT

private slots:
    void operation_data();
    void operation();
    void viewsShareStorageAndCopiesDoNot();
    void failingOpChangesNothing();
};

void TestOps::operation_data() {
    QTest::addColumn<Run>("run");
    QTest::addColumn<Expected>("expected");
    // One row per case of tests/fixtures/print_cpp_expectations.py, generated there from PyTorch.
#include "data/op_rows.inc"
}

void TestOps::operation() {
    QFETCH(Run, run);
    QFETCH(Expected, expected);
    Pair result;
    try {
        result = run();
    } catch (const TensorError& error) {
        QFAIL(qPrintable(QStringLiteral("unexpected %1").arg(QString::fromStdString(error.describe()))));
    }
    const Tensor& input = result.first;
    const Tensor& output = result.second;
    QVERIFY(output.defined());
    QCOMPARE(describe(output.sizes()), describe(expected.sizes));
    QCOMPARE(describe(output.strides()), describe(expected.strides));
    QCOMPARE(output.storageOffset(), expected.storageOffset);
    QCOMPARE(int(output.dtype()), int(expected.dtype));
    QCOMPARE(output.isContiguous(), expected.contiguous);
    QCOMPARE(ops::isContiguous(output), expected.contiguous);
    QCOMPARE(output.sharesStorageWith(input), expected.view);
    if (!expected.checkValues)
        return;
    QVERIFY(output.hasValues());
    const std::vector<Scalar> values = output.values();
    QCOMPARE(values.size(), expected.values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        // Exact: every expected number is a value torch stored in this dtype.
        QVERIFY2(values[i].toDouble() == expected.values[i],
                 qPrintable(QStringLiteral("element %1: %2, torch has %3")
                                .arg(i)
                                .arg(values[i].toDouble(), 0, 'g', 17)
                                .arg(expected.values[i], 0, 'g', 17)));
    }
}

// A write through a view is seen by every alias; a copy is not (clone copies at once, no
// copy-on-write).
void TestOps::viewsShareStorageAndCopiesDoNot() {
    Tensor x = ops::view(A(6), {2, 3});
    Tensor view = ops::t(x);
    Tensor copy = ops::clone(x);
    Tensor reshaped = ops::reshape(ops::t(x), {6}); // copies: the transposed layout cannot view
    ops::fill_(ops::select(view, 0, 1), ops::Operand::of(N(-1)));
    // torch 1.13: x = [[0, -1, 2], [3, -1, 5]], copies unchanged
    const std::vector<double> expectedX{0, -1, 2, 3, -1, 5};
    for (std::size_t i = 0; i < expectedX.size(); ++i)
        QCOMPARE(x.values()[i].toDouble(), expectedX[i]);
    QCOMPARE(copy.values()[1].toDouble(), 1.0);
    QCOMPARE(reshaped.values()[2].toDouble(), 1.0); // [0, 3, 1, 4, 2, 5]
    QVERIFY(view.sharesStorageWith(x));
    QVERIFY(!copy.sharesStorageWith(x));
    QVERIFY(!reshaped.sharesStorageWith(x));
}

// "Failing ops throw TensorError and change nothing": a refused write leaves the values as they were.
void TestOps::failingOpChangesNothing() {
    Tensor x = ops::view(A(4), {1, 4});
    Tensor expanded = ops::expand(x, {3, 4});
    QVERIFY_THROWS_EXCEPTION(TensorError, ops::add_(expanded, ops::Operand::of(N(1))));
    Tensor y = A(3);
    QVERIFY_THROWS_EXCEPTION(TensorError, ops::add_(y, ops::Operand::of(F(1.5))));
    for (int i = 0; i < 4; ++i)
        QCOMPARE(x.values()[i].toDouble(), double(i));
    for (int i = 0; i < 3; ++i)
        QCOMPARE(y.values()[i].toDouble(), double(i));
}

STRIDESCOPE_TEST_GUILESS_MAIN(TestOps)
#include "tst_ops.moc"
