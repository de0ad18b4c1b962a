// Every refusal of core/Ops.h called directly: the exception is a TensorError whose kind is the
// Python exception PyTorch raises and whose message is PyTorch's text, exactly. The expected kinds
// and messages were produced by PyTorch 1.13 (Debian python3-torch) running the same cases written
// in Python (tests/fixtures/print_cpp_expectations.py --errors).
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
    addRow("view with a size that does not divide", [] { ops::view(A(6), {4, -1}); },
           ErrorKind::RuntimeError, "shape '[4, -1]' is invalid for input of size 6");
    addRow("view with two -1", [] { ops::view(A(6), {-1, -1}); },
           ErrorKind::RuntimeError, "only one dimension can be inferred");
    addRow("view with a size of -2", [] { ops::view(A(6), {-2, 3}); },
           ErrorKind::RuntimeError, "invalid shape dimension -2");
    addRow("view of 0 elements with an ambiguous -1", [] { ops::view(ops::zeros({0, 3}, std::nullopt), {-1, 0}); },
           ErrorKind::RuntimeError, "cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified dimension size -1 can be any value and is ambiguous");
    addRow("view across contiguous subspaces", [] { ops::view(ops::t(ops::view(A(6), {2, 3})), {6}); },
           ErrorKind::RuntimeError, "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
    addRow("view merging a broadcast dim", [] { ops::view(ops::expand(A(3), {2, 3}), {6}); },
           ErrorKind::RuntimeError, "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
    addRow("reshape with the wrong element count", [] { ops::reshape(A(6), {5}); },
           ErrorKind::RuntimeError, "shape '[5]' is invalid for input of size 6");
    addRow("transpose dim out of range", [] { ops::transpose(ops::view(A(6), {2, 3}), 0, 2); },
           ErrorKind::IndexError, "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
    addRow("transpose negative dim out of range", [] { ops::transpose(ops::view(A(6), {2, 3}), -3, 0); },
           ErrorKind::IndexError, "Dimension out of range (expected to be in range of [-2, 1], but got -3)");
    addRow("transpose of a 0-dim tensor with dim 1", [] { ops::transpose(ops::tensor(leaf(N(1)), std::nullopt), 0, 1); },
           ErrorKind::IndexError, "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
    addRow("t of a 3-D tensor", [] { ops::t(ops::zeros({2, 3, 4}, std::nullopt)); },
           ErrorKind::RuntimeError, "t() expects a tensor with <= 2 dimensions, but self is 3D");
    addRow("permute with duplicate dims", [] { ops::permute(ops::view(A(6), {2, 3}), {0, 0}); },
           ErrorKind::RuntimeError, "permute(): duplicate dims are not allowed.");
    addRow("permute with too few dims", [] { ops::permute(ops::view(A(6), {2, 3}), {0}); },
           ErrorKind::RuntimeError, "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = 2 is not equal to len(dims) = 1");
    addRow("permute dim out of range", [] { ops::permute(ops::view(A(6), {2, 3}), {0, 2}); },
           ErrorKind::IndexError, "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
    addRow("movedim repeated source", [] { ops::movedim(ops::view(A(24), {2, 3, 4}), {0, 0}, {1, 2}); },
           ErrorKind::RuntimeError, "movedim: repeated dim in `source` ([0, 0])");
    addRow("movedim repeated destination", [] { ops::movedim(ops::view(A(24), {2, 3, 4}), {0, 1}, {2, 2}); },
           ErrorKind::RuntimeError, "movedim: repeated dim in `destination` ([2, 2])");
    addRow("movedim lengths differ", [] { ops::movedim(ops::view(A(24), {2, 3, 4}), {0, 1}, {2}); },
           ErrorKind::RuntimeError, "movedim: Invalid source or destination dims: source ([0, 1] dims) should contain the same number of dims as destination ([2] dims)");
    addRow("narrow past the end", [] { ops::narrow(ops::view(A(6), {2, 3}), 1, 1, 5); },
           ErrorKind::RuntimeError, "start (1) + length (5) exceeds dimension size (3).");
    addRow("narrow with a negative length", [] { ops::narrow(A(6), 0, 1, -1); },
           ErrorKind::RuntimeError, "start (1) + length (-1) exceeds dimension size (6).");
    addRow("narrow with a start past the end", [] { ops::narrow(A(6), 0, 7, 0); },
           ErrorKind::IndexError, "Dimension out of range (expected to be in range of [-6, 5], but got 7)");
    addRow("narrow of a 0-dim tensor", [] { ops::narrow(ops::tensor(leaf(N(3)), std::nullopt), 0, 0, 1); },
           ErrorKind::RuntimeError, "narrow() cannot be applied to a 0-dim tensor.");
    addRow("select index out of range", [] { ops::select(ops::view(A(6), {2, 3}), 1, 3); },
           ErrorKind::IndexError, "select(): index 3 out of range for tensor of size [2, 3] at dimension 1");
    addRow("select negative index out of range", [] { ops::select(ops::view(A(6), {2, 3}), 0, -3); },
           ErrorKind::IndexError, "select(): index -3 out of range for tensor of size [2, 3] at dimension 0");
    addRow("select of a 0-dim tensor", [] { ops::select(ops::tensor(leaf(N(3)), std::nullopt), 0, 0); },
           ErrorKind::IndexError, "select() cannot be applied to a 0-dim tensor.");
    addRow("index with a negative slice step", [] { ops::index(A(6), {S(std::nullopt, std::nullopt, -1)}); },
           ErrorKind::ValueError, "step must be greater than zero");
    addRow("index with slice step 0", [] { ops::index(A(6), {S(std::nullopt, std::nullopt, 0)}); },
           ErrorKind::ValueError, "slice step cannot be zero");
    addRow("index out of bounds", [] { ops::index(ops::view(A(6), {2, 3}), {I(2)}); },
           ErrorKind::IndexError, "index 2 is out of bounds for dimension 0 with size 2");
    addRow("negative index out of bounds", [] { ops::index(ops::view(A(6), {2, 3}), {S(std::nullopt, std::nullopt, 1), I(-4)}); },
           ErrorKind::IndexError, "index -4 is out of bounds for dimension 1 with size 3");
    addRow("too many indices", [] { ops::index(ops::view(A(6), {2, 3}), {I(0), I(0), I(0)}); },
           ErrorKind::IndexError, "too many indices for tensor of dimension 2");
    addRow("index into a 0-dim tensor", [] { ops::index(ops::tensor(leaf(N(5)), std::nullopt), {I(0)}); },
           ErrorKind::IndexError, "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
    addRow("unsqueeze dim out of range", [] { ops::unsqueeze(ops::view(A(6), {2, 3}), 3); },
           ErrorKind::IndexError, "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
    addRow("squeeze dim out of range", [] { ops::squeeze(ops::view(A(6), {2, 3}), 2); },
           ErrorKind::IndexError, "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
    addRow("flatten start after end", [] { ops::flatten(ops::view(A(24), {2, 3, 4}), 2, 1); },
           ErrorKind::RuntimeError, "flatten() has invalid args: start_dim cannot come after end_dim");
    addRow("unflatten sizes that do not multiply up", [] { ops::unflatten(A(6), 0, {4, 2}); },
           ErrorKind::RuntimeError, "unflatten: Provided sizes [4, 2] don't multiply up to the size of dim 0 (6) in the input tensor");
    addRow("unflatten with empty sizes", [] { ops::unflatten(A(6), 0, {}); },
           ErrorKind::RuntimeError, "unflatten: sizes must be non-empty");
    addRow("expand a non-singleton dim", [] { ops::expand(ops::view(A(6), {2, 3}), {3, 3}); },
           ErrorKind::RuntimeError, "The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 0.  Target sizes: [3, 3].  Tensor sizes: [2, 3]");
    addRow("expand with fewer sizes than dims", [] { ops::expand(ops::view(A(6), {2, 3}), {3}); },
           ErrorKind::RuntimeError, "expand(torch.LongTensor{[2, 3]}, size=[3]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)");
    addRow("expand a new leading dim with -1", [] { ops::expand(A(3), {-1, 3}); },
           ErrorKind::RuntimeError, "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension 0");
    addRow("diagonal with identical dims", [] { ops::diagonal(ops::view(A(6), {2, 3}), 0, 1, 1); },
           ErrorKind::RuntimeError, "diagonal dimensions cannot be identical 1, 1");
    addRow("diagonal of a 1-D tensor", [] { ops::diagonal(A(6), 0, 0, 1); },
           ErrorKind::IndexError, "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
    addRow("unfold window larger than the dim", [] { ops::unfold(A(6), 0, 7, 1); },
           ErrorKind::RuntimeError, "maximum size for tensor at dimension 0 is 6 but size is 7");
    addRow("unfold with step 0", [] { ops::unfold(A(6), 0, 2, 0); },
           ErrorKind::RuntimeError, "step is 0 but must be > 0");
    addRow("as_strided out of bounds", [] { ops::asStrided(A(6), {3, 3}, {3, 1}, std::nullopt); },
           ErrorKind::RuntimeError, "setStorage: sizes [3, 3], strides [3, 1], storage offset 0, and itemsize 8 requiring a storage size of 72 are out of bounds for storage of size 48");
    addRow("as_strided with a negative stride", [] { ops::asStrided(A(6), {2, 2}, {1, -1}, std::nullopt); },
           ErrorKind::RuntimeError, "as_strided: Negative strides are not supported at the moment, got strides: [1, -1]");
    addRow("as_strided with a negative offset", [] { ops::asStrided(A(6), {2}, {1}, -1); },
           ErrorKind::RuntimeError, "Tensor: invalid storage offset -1");
    addRow("as_strided with mismatched lengths", [] { ops::asStrided(A(6), {2, 3}, {1}, std::nullopt); },
           ErrorKind::RuntimeError, "mismatch in length of strides and shape");
    addRow("split of size 0 on a non-empty dim", [] { ops::split(A(6), 0, 0); },
           ErrorKind::RuntimeError, "split_size can only be 0 if dimension size is 0, but got dimension size of 6");
    addRow("split with a negative size", [] { ops::split(A(6), -1, 0); },
           ErrorKind::RuntimeError, "split expects split_size be non-negative, but got split_size=-1");
    addRow("split with sizes that do not sum up", [] { ops::splitWithSizes(A(6), {2, 3}, 0); },
           ErrorKind::RuntimeError, "split_with_sizes expects split_sizes to sum exactly to 6 (input tensor's size at dimension 0), but got split_sizes=[2, 3]");
    addRow("chunk into 0 chunks", [] { ops::chunk(A(6), 0, 0); },
           ErrorKind::RuntimeError, "chunk expects `chunks` to be greater than 0, got: 0");
    addRow("chunk of a 0-dim tensor", [] { ops::chunk(ops::tensor(leaf(N(1)), std::nullopt), 1, 0); },
           ErrorKind::RuntimeError, "chunk expects at least a 1-dimensional tensor");
    addRow("flip with duplicate dims", [] { ops::flip(A(6), {0, 0}); },
           ErrorKind::RuntimeError, "dim 0 appears multiple times in the list of dims");
    addRow("flip with a duplicate negative dim", [] { ops::flip(ops::view(A(6), {2, 3}), {1, -1}); },
           ErrorKind::RuntimeError, "dim 1 appears multiple times in the list of dims");
    addRow("repeat with fewer repeats than dims", [] { ops::repeat(ops::view(A(6), {2, 3}), {2}); },
           ErrorKind::RuntimeError, "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
    addRow("contiguous channels_last of a 2-D tensor", [] { ops::contiguous(ops::view(A(6), {2, 3}), MemoryFormat::ChannelsLast); },
           ErrorKind::RuntimeError, "required rank 4 tensor to use channels_last format");
    addRow("clone channels_last of a 3-D tensor", [] { ops::clone(ops::view(A(24), {2, 3, 4}), MemoryFormat::ChannelsLast); },
           ErrorKind::RuntimeError, "required rank 4 tensor to use channels_last format");
    addRow("empty with a negative size", [] { ops::empty({-1}, std::nullopt); },
           ErrorKind::RuntimeError, "Trying to create tensor with negative dimension -1: [-1]");
    addRow("zeros with a negative size", [] { ops::zeros({2, -3}, std::nullopt); },
           ErrorKind::RuntimeError, "Trying to create tensor with negative dimension -3: [2, -3]");
    addRow("empty with an overflowing size", [] { ops::empty({std::int64_t(1) << 40, std::int64_t(1) << 40}, std::nullopt); },
           ErrorKind::RuntimeError, "Storage size calculation overflowed with sizes=[1099511627776, 1099511627776]");
    addRow("empty_strided with an overflowing storage", [] { ops::emptyStrided({std::int64_t(1) << 40, std::int64_t(1) << 40}, {std::int64_t(1) << 40, 1}, std::nullopt); },
           ErrorKind::RuntimeError, "Storage size calculation overflowed with sizes=[1099511627776, 1099511627776] and strides=[1099511627776, 1]");
    addRow("arange with step 0", [] { ops::arange(N(0), N(10), N(0), std::nullopt); },
           ErrorKind::RuntimeError, "step must be nonzero");
    addRow("arange with the wrong step sign", [] { ops::arange(N(10), N(0), N(1), std::nullopt); },
           ErrorKind::RuntimeError, "upper bound and larger bound inconsistent with step sign");
    addRow("arange of bool", [] { ops::arange(N(0), N(4), N(1), DType::Bool); },
           ErrorKind::RuntimeError, "\"arange_cpu\" not implemented for 'Bool'");
    addRow("full int8 overflow", [] { ops::full({2}, N(300), DType::Int8); },
           ErrorKind::RuntimeError, "value cannot be converted to type int8_t without overflow");
    addRow("rand of an integer dtype", [] { RandomGenerator g; ops::rand({2}, DType::Int64, g); },
           ErrorKind::RuntimeError, "\"check_uniform_bounds\" not implemented for 'Long'");
    addRow("randn of an integer dtype", [] { RandomGenerator g; ops::randn({2}, DType::Int32, g); },
           ErrorKind::RuntimeError, "\"normal_kernel_cpu\" not implemented for 'Int'");
    addRow("stack of no tensors", [] { ops::stack({}, 0); },
           ErrorKind::RuntimeError, "stack expects a non-empty TensorList");
    addRow("cat of no tensors", [] { ops::cat({}, 0); },
           ErrorKind::RuntimeError, "torch.cat(): expected a non-empty list of Tensors");
    addRow("stack of different shapes", [] { ops::stack({ops::zeros({2, 3}, std::nullopt), ops::zeros({3, 2}, std::nullopt)}, 0); },
           ErrorKind::RuntimeError, "stack expects each tensor to be equal size, but got [2, 3] at entry 0 and [3, 2] at entry 1");
    addRow("stack dim out of range", [] { ops::stack({A(3), A(3)}, 3); },
           ErrorKind::IndexError, "Dimension out of range (expected to be in range of [-2, 1], but got 3)");
    addRow("cat of different sizes", [] { ops::cat({ops::zeros({2, 3}, std::nullopt), ops::zeros({3, 2}, std::nullopt)}, 0); },
           ErrorKind::RuntimeError, "Sizes of tensors must match except in dimension 0. Expected size 3 but got size 2 for tensor number 1 in the list.");
    addRow("cat of different ranks", [] { ops::cat({ops::zeros({2, 3}, std::nullopt), ops::zeros({3}, std::nullopt)}, 0); },
           ErrorKind::RuntimeError, "Tensors must have same number of dimensions: got 2 and 1");
    addRow("cat of a 0-dim tensor", [] { auto a = ops::tensor(leaf(N(1)), std::nullopt); ops::cat({a, a}, 0); },
           ErrorKind::RuntimeError, "zero-dimensional tensor (at position 0) cannot be concatenated");
    addRow("add_ a float scalar to int64", [] { ops::add_(A(3), ops::Operand::of(F(1.5))); },
           ErrorKind::RuntimeError, "result type Float can't be cast to the desired output type Long");
    addRow("add_ an int to bool", [] { ops::add_(ops::ones({2}, DType::Bool), ops::Operand::of(N(1))); },
           ErrorKind::RuntimeError, "result type Long can't be cast to the desired output type Bool");
    addRow("add_ a float alpha to an int tensor", [] { ops::add_(A(3), ops::Operand::of(A(3)), F(2.5)); },
           ErrorKind::RuntimeError, "For integral input tensors, argument alpha must not be a floating point number.");
    addRow("add_ a float scalar to uint8", [] { ops::add_(ops::zeros({2}, DType::UInt8), ops::Operand::of(F(0.5))); },
           ErrorKind::RuntimeError, "result type Float can't be cast to the desired output type Byte");
    addRow("mul_ a float tensor to int8", [] { ops::mul_(A(3, DType::Int8), ops::Operand::of(ops::ones({3}, std::nullopt))); },
           ErrorKind::RuntimeError, "result type Float can't be cast to the desired output type Char");
    addRow("mul_ a double tensor to int16", [] { ops::mul_(A(3, DType::Int16), ops::Operand::of(ops::ones({3}, DType::Float64))); },
           ErrorKind::RuntimeError, "result type Double can't be cast to the desired output type Short");
    addRow("add_ a bfloat16 tensor to int32", [] { ops::add_(A(3, DType::Int32), ops::Operand::of(ops::ones({3}, DType::BFloat16))); },
           ErrorKind::RuntimeError, "result type BFloat16 can't be cast to the desired output type Int");
    addRow("add_ with a broadcast mismatch", [] { ops::add_(A(3), ops::Operand::of(A(2))); },
           ErrorKind::RuntimeError, "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0");
    addRow("add_ whose broadcast shape exceeds the output", [] { ops::add_(ops::zeros({3, 1}, std::nullopt), ops::Operand::of(ops::ones({3}, std::nullopt))); },
           ErrorKind::RuntimeError, "output with shape [3, 1] doesn't match the broadcast shape [3, 3]");
    addRow("add_ into an expanded tensor", [] { ops::add_(ops::expand(ops::view(A(4), {1, 4}), {3, 4}), ops::Operand::of(N(1))); },
           ErrorKind::RuntimeError, "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.");
    addRow("copy_ into an expanded tensor", [] { ops::copy_(ops::expand(ops::view(A(4), {1, 4}), {3, 4}), ops::zeros({3, 4}, std::nullopt)); },
           ErrorKind::RuntimeError, "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.");
    addRow("setIndex a tensor into an expanded tensor", [] { ops::setIndex(ops::expand(ops::view(A(4), {1, 4}), {3, 4}), {S(std::nullopt, std::nullopt, 1), I(0)}, ops::Operand::of(A(3))); },
           ErrorKind::RuntimeError, "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.");
    addRow("copy_ from a partially overlapping source", [] { auto x = A(5); ops::copy_(ops::slice(x, 0, 1, std::nullopt, 1), ops::slice(x, 0, std::nullopt, -1, 1)); },
           ErrorKind::RuntimeError, "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.");
    addRow("copy_ with a larger source", [] { ops::copy_(ops::zeros({3}, std::nullopt), ops::ones({2, 3}, std::nullopt)); },
           ErrorKind::RuntimeError, "output with shape [3] doesn't match the broadcast shape [2, 3]");
    addRow("fill_ with a 1-D tensor", [] { ops::fill_(ops::zeros({3}, std::nullopt), ops::Operand::of(ops::ones({2}, std::nullopt))); },
           ErrorKind::RuntimeError, "fill_ only supports 0-dimension value tensor but got tensor with 1 dimensions.");
    addRow("fill_ int8 overflow", [] { ops::fill_(ops::zeros({2}, DType::Int8), ops::Operand::of(N(300))); },
           ErrorKind::RuntimeError, "value cannot be converted to type int8_t without overflow");
    addRow("setIndex int8 overflow", [] { ops::setIndex(ops::zeros({2}, DType::Int8), {I(0)}, ops::Operand::of(N(200))); },
           ErrorKind::RuntimeError, "value cannot be converted to type int8_t without overflow");
    addRow("setIndex with a shape mismatch", [] { ops::setIndex(ops::zeros({2, 3}, std::nullopt), {I(0)}, ops::Operand::of(ops::ones({2}, std::nullopt))); },
           ErrorKind::RuntimeError, "The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 0.  Target sizes: [3].  Tensor sizes: [2]");
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
