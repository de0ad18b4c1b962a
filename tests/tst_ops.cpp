// Every op of core/Ops.h called directly, one data row per case: the result's sizes, strides,
// storage_offset, dtype, is_contiguous, whether it is a view (shares the input's storage) and its
// logical values. The expectations were computed with PyTorch 1.13 (Debian python3-torch) by
// tests/fixtures/print_cpp_expectations.py, which holds the same cases written in Python.
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
    addRow("view 12 as 3x4", []() -> Pair { auto x = A(12); return {x, ops::view(x, {3, 4})}; },
           {{3, 4}, {4, 1}, 0, DType::Int64, true, true, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, true});
    addRow("view infers -1", []() -> Pair { auto x = A(24); return {x, ops::view(x, {2, -1, 3})}; },
           {{2, 4, 3}, {12, 3, 1}, 0, DType::Int64, true, true, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}, true});
    addRow("view splits a transposed dim", []() -> Pair { auto x = ops::t(ops::view(A(12), {3, 4})); return {x, ops::view(x, {2, 2, 3})}; },
           {{2, 2, 3}, {2, 1, 4}, 0, DType::Int64, false, true, {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}, true});
    addRow("view of an expanded tensor adds a size-1 dim", []() -> Pair { auto x = ops::expand(A(3), {2, 3}); return {x, ops::view(x, {2, 1, 3})}; },
           {{2, 1, 3}, {0, 3, 1}, 0, DType::Int64, false, true, {0, 1, 2, 0, 1, 2}, true});
    addRow("view of a 0-dim tensor", []() -> Pair { auto x = ops::tensor(leaf(N(5)), std::nullopt); return {x, ops::view(x, {1})}; },
           {{1}, {1}, 0, DType::Int64, true, true, {5}, true});
    addRow("view of a size-0 tensor", []() -> Pair { auto x = ops::zeros({0, 3}, std::nullopt); return {x, ops::view(x, {3, 0, 2})}; },
           {{3, 0, 2}, {2, 2, 1}, 0, DType::Float32, true, true, {}, true});
    addRow("reshape views when it can", []() -> Pair { auto x = ops::t(ops::view(A(12), {3, 4})); return {x, ops::reshape(x, {2, 2, 3})}; },
           {{2, 2, 3}, {2, 1, 4}, 0, DType::Int64, false, true, {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}, true});
    addRow("reshape copies a transposed tensor", []() -> Pair { auto x = ops::t(ops::view(A(6), {2, 3})); return {x, ops::reshape(x, {6})}; },
           {{6}, {1}, 0, DType::Int64, true, false, {0, 3, 1, 4, 2, 5}, true});
    addRow("reshape copies an expanded tensor", []() -> Pair { auto x = ops::expand(A(3), {2, 3}); return {x, ops::reshape(x, {-1})}; },
           {{6}, {1}, 0, DType::Int64, true, false, {0, 1, 2, 0, 1, 2}, true});
    addRow("transpose with negative dims", []() -> Pair { auto x = ops::view(A(24), {2, 3, 4}); return {x, ops::transpose(x, -1, -3)}; },
           {{4, 3, 2}, {1, 4, 12}, 0, DType::Int64, false, true, {0, 12, 4, 16, 8, 20, 1, 13, 5, 17, 9, 21, 2, 14, 6, 18, 10, 22, 3, 15, 7, 19, 11, 23}, true});
    addRow("transpose of a 0-dim tensor", []() -> Pair { auto x = ops::tensor(leaf(N(3)), std::nullopt); return {x, ops::transpose(x, 0, -1)}; },
           {{}, {}, 0, DType::Int64, true, true, {3}, true});
    addRow("t of a vector", []() -> Pair { auto x = A(3); return {x, ops::t(x)}; },
           {{3}, {1}, 0, DType::Int64, true, true, {0, 1, 2}, true});
    addRow("permute 3-D", []() -> Pair { auto x = ops::view(A(24), {2, 3, 4}); return {x, ops::permute(x, {2, 0, 1})}; },
           {{4, 2, 3}, {1, 12, 4}, 0, DType::Int64, false, true, {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23}, true});
    addRow("permute with negative dims", []() -> Pair { auto x = ops::view(A(24), {2, 3, 4}); return {x, ops::permute(x, {-1, -3, -2})}; },
           {{4, 2, 3}, {1, 12, 4}, 0, DType::Int64, false, true, {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23}, true});
    addRow("movedim two dims", []() -> Pair { auto x = ops::view(A(24), {2, 3, 4}); return {x, ops::movedim(x, {0, 1}, {2, 0})}; },
           {{3, 4, 2}, {4, 1, 12}, 0, DType::Int64, false, true, {0, 12, 1, 13, 2, 14, 3, 15, 4, 16, 5, 17, 6, 18, 7, 19, 8, 20, 9, 21, 10, 22, 11, 23}, true});
    addRow("narrow keeps an offset", []() -> Pair { auto x = ops::view(A(12), {3, 4}); return {x, ops::narrow(x, -1, 1, 2)}; },
           {{3, 2}, {4, 1}, 1, DType::Int64, false, true, {1, 2, 5, 6, 9, 10}, true});
    addRow("narrow with a negative start", []() -> Pair { auto x = A(6); return {x, ops::narrow(x, 0, -2, 2)}; },
           {{2}, {1}, 4, DType::Int64, true, true, {4, 5}, true});
    addRow("narrow of length 0 at the end", []() -> Pair { auto x = A(6); return {x, ops::narrow(x, 0, 6, 0)}; },
           {{0}, {1}, 6, DType::Int64, true, true, {}, true});
    addRow("select a column", []() -> Pair { auto x = ops::view(A(12), {3, 4}); return {x, ops::select(x, -1, -1)}; },
           {{3}, {4}, 3, DType::Int64, false, true, {3, 7, 11}, true});
    addRow("select to 0-dim", []() -> Pair { auto x = A(5); return {x, ops::select(x, 0, 3)}; },
           {{}, {}, 3, DType::Int64, true, true, {3}, true});
    addRow("slice with a step", []() -> Pair { auto x = A(10); return {x, ops::slice(x, 0, 1, std::nullopt, 3)}; },
           {{3}, {3}, 1, DType::Int64, false, true, {1, 4, 7}, true});
    addRow("slice clamps its bounds", []() -> Pair { auto x = A(10); return {x, ops::slice(x, 0, -100, 100, 1)}; },
           {{10}, {1}, 0, DType::Int64, true, true, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, true});
    addRow("slice that is empty", []() -> Pair { auto x = A(10); return {x, ops::slice(x, 0, 7, 2, 1)}; },
           {{0}, {1}, 7, DType::Int64, true, true, {}, true});
    addRow("index with int, None, ellipsis and slice", []() -> Pair { auto x = ops::view(A(120), {2, 3, 4, 5}); return {x, ops::index(x, {I(1), NONE, ELLIPSIS, S(1, 4, 2), I(-1)})}; },
           {{1, 3, 2}, {60, 20, 10}, 69, DType::Int64, false, true, {69, 79, 89, 99, 109, 119}, true});
    addRow("index a 0-dim tensor with None", []() -> Pair { auto x = ops::tensor(leaf(N(5)), std::nullopt); return {x, ops::index(x, {NONE})}; },
           {{1}, {1}, 0, DType::Int64, true, true, {5}, true});
    addRow("index with a step over a transposed tensor", []() -> Pair { auto x = ops::t(ops::view(A(12), {3, 4})); return {x, ops::index(x, {S(std::nullopt, std::nullopt, 2), I(1)})}; },
           {{2}, {2}, 4, DType::Int64, false, true, {4, 6}, true});
    addRow("unsqueeze of a transposed tensor", []() -> Pair { auto x = ops::t(ops::view(A(6), {2, 3})); return {x, ops::unsqueeze(x, 1)}; },
           {{3, 1, 2}, {1, 6, 3}, 0, DType::Int64, false, true, {0, 3, 1, 4, 2, 5}, true});
    addRow("unsqueeze at the end", []() -> Pair { auto x = ops::t(ops::view(A(6), {2, 3})); return {x, ops::unsqueeze(x, -1)}; },
           {{3, 2, 1}, {1, 3, 1}, 0, DType::Int64, false, true, {0, 3, 1, 4, 2, 5}, true});
    addRow("squeeze all size-1 dims", []() -> Pair { auto x = ops::view(A(6), {1, 2, 1, 3, 1}); return {x, ops::squeeze(x)}; },
           {{2, 3}, {3, 1}, 0, DType::Int64, true, true, {0, 1, 2, 3, 4, 5}, true});
    addRow("squeeze a dim that is not 1", []() -> Pair { auto x = ops::view(A(6), {2, 3}); return {x, ops::squeeze(x, 0)}; },
           {{2, 3}, {3, 1}, 0, DType::Int64, true, true, {0, 1, 2, 3, 4, 5}, true});
    addRow("flatten a permuted tensor that can view", []() -> Pair { auto x = ops::permute(ops::view(A(24), {2, 3, 4}), {2, 0, 1}); return {x, ops::flatten(x, 1, -1)}; },
           {{4, 6}, {1, 4}, 0, DType::Int64, false, true, {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23}, true});
    addRow("flatten a transposed tensor copies", []() -> Pair { auto x = ops::t(ops::view(A(6), {2, 3})); return {x, ops::flatten(x, 0, -1)}; },
           {{6}, {1}, 0, DType::Int64, true, false, {0, 3, 1, 4, 2, 5}, true});
    addRow("flatten a 0-dim tensor", []() -> Pair { auto x = ops::tensor(leaf(N(3)), std::nullopt); return {x, ops::flatten(x, 0, -1)}; },
           {{1}, {1}, 0, DType::Int64, true, true, {3}, true});
    addRow("unflatten with -1", []() -> Pair { auto x = ops::view(A(24), {6, 4}); return {x, ops::unflatten(x, -1, {2, -1})}; },
           {{6, 2, 2}, {4, 2, 1}, 0, DType::Int64, true, true, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}, true});
    addRow("expand a column", []() -> Pair { auto x = ops::view(A(3), {3, 1}); return {x, ops::expand(x, {-1, 4})}; },
           {{3, 4}, {1, 0}, 0, DType::Int64, false, true, {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}, true});
    addRow("expand a 0-dim tensor", []() -> Pair { auto x = ops::tensor(leaf(N(7)), std::nullopt); return {x, ops::expand(x, {2, 3})}; },
           {{2, 3}, {0, 0}, 0, DType::Int64, false, true, {7, 7, 7, 7, 7, 7}, true});
    addRow("expand size 1 to 0", []() -> Pair { auto x = ops::ones({1, 3}, std::nullopt); return {x, ops::expand(x, {0, 3})}; },
           {{0, 3}, {0, 1}, 0, DType::Float32, true, true, {}, true});
    addRow("expand_as", []() -> Pair { auto x = ops::view(A(3), {1, 3}); return {x, ops::expandAs(x, ops::zeros({4, 3}, std::nullopt))}; },
           {{4, 3}, {0, 1}, 0, DType::Int64, false, true, {0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2}, true});
    addRow("view_as", []() -> Pair { auto x = A(6); return {x, ops::viewAs(x, ops::zeros({3, 2}, std::nullopt))}; },
           {{3, 2}, {2, 1}, 0, DType::Int64, true, true, {0, 1, 2, 3, 4, 5}, true});
    addRow("diagonal with a positive offset", []() -> Pair { auto x = ops::view(A(12), {3, 4}); return {x, ops::diagonal(x, 1, 0, 1)}; },
           {{3}, {5}, 1, DType::Int64, false, true, {1, 6, 11}, true});
    addRow("diagonal with a negative offset", []() -> Pair { auto x = ops::view(A(12), {3, 4}); return {x, ops::diagonal(x, -1, 0, 1)}; },
           {{2}, {5}, 4, DType::Int64, false, true, {4, 9}, true});
    addRow("diagonal past the edge is empty at offset 0", []() -> Pair { auto x = ops::view(A(6), {2, 3}); return {x, ops::diagonal(x, 5, 0, 1)}; },
           {{0}, {4}, 0, DType::Int64, true, true, {}, true});
    addRow("diagonal of a 3-D tensor with negative dims", []() -> Pair { auto x = ops::view(A(24), {2, 3, 4}); return {x, ops::diagonal(x, 1, -1, 0)}; },
           {{3, 1}, {4, 13}, 12, DType::Int64, false, true, {12, 16, 20}, true});
    addRow("unfold with a step", []() -> Pair { auto x = A(7); return {x, ops::unfold(x, 0, 3, 2)}; },
           {{3, 3}, {2, 1}, 0, DType::Int64, false, true, {0, 1, 2, 2, 3, 4, 4, 5, 6}, true});
    addRow("unfold the last dim of a matrix", []() -> Pair { auto x = ops::view(A(12), {2, 6}); return {x, ops::unfold(x, -1, 3, 3)}; },
           {{2, 2, 3}, {6, 3, 1}, 0, DType::Int64, true, true, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, true});
    addRow("unfold a 0-dim tensor", []() -> Pair { auto x = ops::tensor(leaf(N(5)), std::nullopt); return {x, ops::unfold(x, 0, 1, 1)}; },
           {{1}, {1}, 0, DType::Int64, true, true, {5}, true});
    addRow("as_strided overlapping windows", []() -> Pair { auto x = A(10); return {x, ops::asStrided(x, {4, 3}, {2, 1}, std::nullopt)}; },
           {{4, 3}, {2, 1}, 0, DType::Int64, false, true, {0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8}, true});
    addRow("as_strided keeps the input offset", []() -> Pair { auto x = ops::slice(A(10), 0, 3, std::nullopt, 1); return {x, ops::asStrided(x, {2, 2}, {1, 2}, std::nullopt)}; },
           {{2, 2}, {1, 2}, 3, DType::Int64, false, true, {3, 5, 4, 6}, true});
    addRow("as_strided with a stride-0 dim and an offset", []() -> Pair { auto x = A(10); return {x, ops::asStrided(x, {3, 2}, {0, 1}, 4)}; },
           {{3, 2}, {0, 1}, 4, DType::Int64, false, true, {4, 5, 4, 5, 4, 5}, true});
    addRow("detach", []() -> Pair { auto x = ops::t(ops::view(A(6), {2, 3})); return {x, ops::detach(x)}; },
           {{3, 2}, {1, 3}, 0, DType::Int64, false, true, {0, 3, 1, 4, 2, 5}, true});
    addRow("split: the last, shorter piece", []() -> Pair { auto x = A(7); return {x, ops::split(x, 3, 0).back()}; },
           {{1}, {1}, 6, DType::Int64, true, true, {6}, true});
    addRow("split with sizes: the second piece", []() -> Pair { auto x = ops::view(A(12), {3, 4}); return {x, ops::splitWithSizes(x, {1, 3}, 1)[1]}; },
           {{3, 3}, {4, 1}, 1, DType::Int64, false, true, {1, 2, 3, 5, 6, 7, 9, 10, 11}, true});
    addRow("chunk(4) of 6 gives 3 chunks: the last", []() -> Pair { auto x = A(6); return {x, ops::chunk(x, 4, 0).back()}; },
           {{2}, {1}, 4, DType::Int64, true, true, {4, 5}, true});
    addRow("contiguous of a contiguous tensor is itself", []() -> Pair { auto x = ops::view(A(6), {2, 3}); return {x, ops::contiguous(x)}; },
           {{2, 3}, {3, 1}, 0, DType::Int64, true, true, {0, 1, 2, 3, 4, 5}, true});
    addRow("contiguous of a transposed tensor copies", []() -> Pair { auto x = ops::t(ops::view(A(6), {2, 3})); return {x, ops::contiguous(x)}; },
           {{3, 2}, {2, 1}, 0, DType::Int64, true, false, {0, 3, 1, 4, 2, 5}, true});
    addRow("contiguous channels_last", []() -> Pair { auto x = ops::view(A(48), {2, 2, 3, 4}); return {x, ops::contiguous(x, MemoryFormat::ChannelsLast)}; },
           {{2, 2, 3, 4}, {24, 1, 8, 2}, 0, DType::Int64, false, false, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47}, true});
    addRow("contiguous channels_last of one channel is itself", []() -> Pair { auto x = ops::view(A(12), {1, 1, 3, 4}); return {x, ops::contiguous(x, MemoryFormat::ChannelsLast)}; },
           {{1, 1, 3, 4}, {12, 12, 4, 1}, 0, DType::Int64, true, true, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, true});
    addRow("clone keeps the strides of a dense permuted input", []() -> Pair { auto x = ops::permute(ops::view(A(24), {2, 3, 4}), {2, 0, 1}); return {x, ops::clone(x)}; },
           {{4, 2, 3}, {1, 12, 4}, 0, DType::Int64, false, false, {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23}, true});
    addRow("clone infers dense strides for a non-dense input", []() -> Pair { auto x = ops::permute(ops::slice(ops::view(A(24), {2, 3, 4}), 2, 1, 3, 1), {2, 0, 1}); return {x, ops::clone(x)}; },
           {{2, 2, 3}, {1, 6, 2}, 0, DType::Int64, false, false, {1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22}, true});
    addRow("clone of an expanded tensor", []() -> Pair { auto x = ops::expand(A(3), {2, 3}); return {x, ops::clone(x)}; },
           {{2, 3}, {3, 1}, 0, DType::Int64, true, false, {0, 1, 2, 0, 1, 2}, true});
    addRow("clone of a non-dense channels-last tensor", []() -> Pair { auto x = ops::slice(ops::contiguous(ops::view(A(48), {1, 2, 4, 6}), MemoryFormat::ChannelsLast), 3, std::nullopt, std::nullopt, 2); return {x, ops::clone(x)}; },
           {{1, 2, 4, 3}, {24, 1, 6, 2}, 0, DType::Int64, false, false, {0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46}, true});
    addRow("clone with contiguous format", []() -> Pair { auto x = ops::t(ops::view(A(6), {2, 3})); return {x, ops::clone(x, MemoryFormat::Contiguous)}; },
           {{3, 2}, {2, 1}, 0, DType::Int64, true, false, {0, 3, 1, 4, 2, 5}, true});
    addRow("flip keeps the strides of a permuted input", []() -> Pair { auto x = ops::permute(ops::view(A(24), {2, 3, 4}), {2, 0, 1}); return {x, ops::flip(x, {0})}; },
           {{4, 2, 3}, {1, 12, 4}, 0, DType::Int64, false, false, {3, 7, 11, 15, 19, 23, 2, 6, 10, 14, 18, 22, 1, 5, 9, 13, 17, 21, 0, 4, 8, 12, 16, 20}, true});
    addRow("flip two dims", []() -> Pair { auto x = ops::view(A(6), {2, 3}); return {x, ops::flip(x, {0, -1})}; },
           {{2, 3}, {3, 1}, 0, DType::Int64, true, false, {5, 4, 3, 2, 1, 0}, true});
    addRow("repeat into 3-D", []() -> Pair { auto x = ops::view(A(4), {2, 2}); return {x, ops::repeat(x, {2, 1, 3})}; },
           {{2, 2, 6}, {12, 6, 1}, 0, DType::Int64, true, false, {0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3}, true});
    addRow("repeat of a transposed tensor", []() -> Pair { auto x = ops::t(ops::view(A(6), {2, 3})); return {x, ops::repeat(x, {1, 2})}; },
           {{3, 4}, {4, 1}, 0, DType::Int64, true, false, {0, 3, 0, 3, 1, 4, 1, 4, 2, 5, 2, 5}, true});
    addRow("to float16 of a permuted tensor keeps its strides", []() -> Pair { auto x = ops::permute(ops::view(A(24), {2, 3, 4}), {2, 0, 1}); return {x, ops::to(x, DType::Float16)}; },
           {{4, 2, 3}, {1, 12, 4}, 0, DType::Float16, false, false, {0.0, 4.0, 8.0, 12.0, 16.0, 20.0, 1.0, 5.0, 9.0, 13.0, 17.0, 21.0, 2.0, 6.0, 10.0, 14.0, 18.0, 22.0, 3.0, 7.0, 11.0, 15.0, 19.0, 23.0}, true});
    addRow("to the same dtype is itself", []() -> Pair { auto x = A(6); return {x, ops::to(x, DType::Int64)}; },
           {{6}, {1}, 0, DType::Int64, true, true, {0, 1, 2, 3, 4, 5}, true});
    addRow("to int8 wraps", []() -> Pair { auto x = ops::arange(N(250), N(260), N(1), std::nullopt); return {x, ops::to(x, DType::Int8)}; },
           {{10}, {1}, 0, DType::Int8, true, false, {-6, -5, -4, -3, -2, -1, 0, 1, 2, 3}, true});
    addRow("to bfloat16 rounds to even", []() -> Pair { auto x = ops::arange(N(254), N(262), N(1), std::nullopt); return {x, ops::to(x, DType::BFloat16)}; },
           {{8}, {1}, 0, DType::BFloat16, true, false, {254.0, 255.0, 256.0, 256.0, 258.0, 260.0, 260.0, 260.0}, true});
    addRow("arange bfloat16 rounds to even", []() -> Pair { auto x = A(1); return {x, ops::slice(ops::arange(N(0), N(300), N(1), DType::BFloat16), 0, 250, 262, 1)}; },
           {{12}, {1}, 250, DType::BFloat16, true, false, {250.0, 251.0, 252.0, 253.0, 254.0, 255.0, 256.0, 256.0, 258.0, 260.0, 260.0, 260.0}, true});
    addRow("arange int8 wraps", []() -> Pair { auto x = A(1); return {x, ops::slice(ops::arange(N(0), N(200), N(1), DType::Int8), 0, 125, 131, 1)}; },
           {{6}, {1}, 125, DType::Int8, true, false, {125, 126, 127, -128, -127, -126}, true});
    addRow("arange with a float step", []() -> Pair { auto x = A(1); return {x, ops::arange(N(0), N(1), F(0.1), std::nullopt)}; },
           {{10}, {1}, 0, DType::Float32, true, false, {0.0, 0.10000000149011612, 0.20000000298023224, 0.30000001192092896, 0.4000000059604645, 0.5, 0.6000000238418579, 0.699999988079071, 0.800000011920929, 0.8999999761581421}, true});
    addRow("arange with a negative float step", []() -> Pair { auto x = A(1); return {x, ops::arange(N(1), N(-1), F(-0.3), std::nullopt)}; },
           {{7}, {1}, 0, DType::Float32, true, false, {1.0, 0.699999988079071, 0.4000000059604645, 0.10000000149011612, -0.20000000298023224, -0.5, -0.800000011920929}, true});
    addRow("stack along dim 1", []() -> Pair { auto x = A(3); return {x, ops::stack({x, ops::arange(N(3), N(6), N(1), std::nullopt)}, 1)}; },
           {{3, 2}, {2, 1}, 0, DType::Int64, true, false, {0, 3, 1, 4, 2, 5}, true});
    addRow("stack of transposed inputs", []() -> Pair { auto x = ops::t(ops::view(A(6), {2, 3})); return {x, ops::stack({x, x}, 0)}; },
           {{2, 3, 2}, {6, 2, 1}, 0, DType::Int64, true, false, {0, 3, 1, 4, 2, 5, 0, 3, 1, 4, 2, 5}, true});
    addRow("cat promotes int and float", []() -> Pair { auto x = A(2); return {x, ops::cat({ops::zeros({2}, std::nullopt), x}, 0)}; },
           {{4}, {1}, 0, DType::Float32, true, false, {0.0, 0.0, 0.0, 1.0}, true});
    addRow("cat skips a legacy empty 1-D tensor", []() -> Pair { auto x = ops::view(A(6), {2, 3}); return {x, ops::cat({ops::zeros({0}, std::nullopt), x}, 0)}; },
           {{2, 3}, {3, 1}, 0, DType::Float32, true, false, {0.0, 1.0, 2.0, 3.0, 4.0, 5.0}, true});
    addRow("cat of channels-last inputs", []() -> Pair { auto x = ops::contiguous(ops::view(A(24), {1, 2, 3, 4}), MemoryFormat::ChannelsLast); return {x, ops::cat({x, x}, 0)}; },
           {{2, 2, 3, 4}, {24, 1, 8, 2}, 0, DType::Int64, false, false, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}, true});
    addRow("empty_strided column-major", []() -> Pair { auto x = A(1); return {x, ops::emptyStrided({2, 3}, {1, 2}, std::nullopt)}; },
           {{2, 3}, {1, 2}, 0, DType::Float32, false, false, {}, false});
    addRow("full uint8 from -1 wraps", []() -> Pair { auto x = A(1); return {x, ops::full({2}, N(-1), DType::UInt8)}; },
           {{2}, {1}, 0, DType::UInt8, true, false, {255, 255}, true});
    addRow("full with a bool is bool", []() -> Pair { auto x = A(1); return {x, ops::full({2}, Scalar::fromBool(true), std::nullopt)}; },
           {{2}, {1}, 0, DType::Bool, true, false, {1, 1}, true});
    addRow("add_ through a row view", []() -> Pair { auto x = ops::view(A(6), {2, 3}); ops::add_(ops::select(x, 0, 1), ops::Operand::of(N(10))); return {x, x}; },
           {{2, 3}, {3, 1}, 0, DType::Int64, true, true, {0, 1, 2, 13, 14, 15}, true});
    addRow("add_ a broadcast tensor with alpha", []() -> Pair { auto x = ops::zeros({2, 3}, std::nullopt); ops::add_(x, ops::Operand::of(A(3)), F(0.5)); return {x, x}; },
           {{2, 3}, {3, 1}, 0, DType::Float32, true, true, {0.0, 0.5, 1.0, 0.0, 0.5, 1.0}, true});
    addRow("add_ int8 wraps", []() -> Pair { auto x = ops::full({2}, N(100), DType::Int8); ops::add_(x, ops::Operand::of(N(100))); return {x, x}; },
           {{2}, {1}, 0, DType::Int8, true, true, {-56, -56}, true});
    addRow("add_ to float16 rounds", []() -> Pair { auto x = ops::full({2}, N(2048), DType::Float16); ops::add_(x, ops::Operand::of(N(1))); return {x, x}; },
           {{2}, {1}, 0, DType::Float16, true, true, {2048.0, 2048.0}, true});
    addRow("mul_ float32 by 0.1 computes in float32", []() -> Pair { auto x = ops::arange(N(0), N(8), N(1), DType::Float32); ops::mul_(x, ops::Operand::of(F(0.1))); return {x, x}; },
           {{8}, {1}, 0, DType::Float32, true, true, {0.0, 0.10000000149011612, 0.20000000298023224, 0.30000001192092896, 0.4000000059604645, 0.5, 0.6000000238418579, 0.699999988079071}, true});
    addRow("mul_ through a stepped view", []() -> Pair { auto x = A(6); ops::mul_(ops::slice(x, 0, std::nullopt, std::nullopt, 2), ops::Operand::of(N(-1))); return {x, x}; },
           {{6}, {1}, 0, DType::Int64, true, true, {0, 1, -2, 3, -4, 5}, true});
    addRow("fill_ an expanded tensor", []() -> Pair { auto x = ops::view(A(3), {1, 3}); ops::fill_(ops::expand(x, {4, 3}), ops::Operand::of(N(5))); return {x, x}; },
           {{1, 3}, {3, 1}, 0, DType::Int64, true, true, {5, 5, 5}, true});
    addRow("fill_ uint8 with -1", []() -> Pair { auto x = ops::zeros({2}, DType::UInt8); ops::fill_(x, ops::Operand::of(N(-1))); return {x, x}; },
           {{2}, {1}, 0, DType::UInt8, true, true, {255, 255}, true});
    addRow("zero_ a diagonal", []() -> Pair { auto x = ops::ones({3, 3}, std::nullopt); ops::zero_(ops::diagonal(x, 0, 0, 1)); return {x, x}; },
           {{3, 3}, {3, 1}, 0, DType::Float32, true, true, {0.0, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0}, true});
    addRow("copy_ into a transposed view", []() -> Pair { auto x = ops::zeros({2, 3}, std::nullopt); ops::copy_(ops::t(x), ops::view(A(6), {3, 2})); return {x, x}; },
           {{2, 3}, {3, 1}, 0, DType::Float32, true, true, {0.0, 2.0, 4.0, 1.0, 3.0, 5.0}, true});
    addRow("copy_ casts int to int8 wrapping", []() -> Pair { auto x = ops::zeros({3}, DType::Int8); ops::copy_(x, ops::arange(N(126), N(129), N(1), std::nullopt)); return {x, x}; },
           {{3}, {1}, 0, DType::Int8, true, true, {126, 127, -128}, true});
    addRow("copy_ from a disjoint part of the same storage", []() -> Pair { auto x = A(6); ops::copy_(ops::slice(x, 0, std::nullopt, 3, 1), ops::slice(x, 0, 3, std::nullopt, 1)); return {x, x}; },
           {{6}, {1}, 0, DType::Int64, true, true, {3, 4, 5, 3, 4, 5}, true});
    addRow("setIndex a column with a broadcast tensor", []() -> Pair { auto x = ops::zeros({2, 3}, std::nullopt); ops::setIndex(x, {S(std::nullopt, std::nullopt, 1), I(1)}, ops::Operand::of(ops::arange(N(7), N(9), N(1), std::nullopt))); return {x, x}; },
           {{2, 3}, {3, 1}, 0, DType::Float32, true, true, {0.0, 7.0, 0.0, 0.0, 8.0, 0.0}, true});
    addRow("setIndex a float into int truncates", []() -> Pair { auto x = A(5); ops::setIndex(x, {I(0)}, ops::Operand::of(F(1.7))); return {x, x}; },
           {{5}, {1}, 0, DType::Int64, true, true, {1, 1, 2, 3, 4}, true});
    addRow("setIndex a scalar on an expanded tensor", []() -> Pair { auto x = ops::view(A(3), {1, 3}); ops::setIndex(ops::expand(x, {2, 3}), {I(0)}, ops::Operand::of(N(5))); return {x, x}; },
           {{1, 3}, {3, 1}, 0, DType::Int64, true, true, {5, 5, 5}, true});
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
