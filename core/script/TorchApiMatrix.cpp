// Matrix products (core/MatrixProducts.h) as the script calls them: dot, vdot, mv, mm, bmm,
// matmul and kron as methods and torch functions, torch.tensordot (written in Python in
// torch/functional.py, which turns its dims into two lists) and the @ operator. Signatures are
// PyTorch 1.13's; out= is refused, as for the other torch functions StrideScope has added.
#include "core/MatrixProducts.h"
#include "core/script/Operators.h"
#include "core/script/Repr.h"
#include "core/script/TorchRegistry.h"

#include <tuple>

namespace stridescope::script {

using namespace registry_detail;

namespace {

using P = const ParsedArguments&;
using T = const Tensor&;
using C = CallContext&;

// torch.tensordot's Python part: dims an int (the last dims of a with the first of b), a pair of
// lists, or a tensor holding either.
Value tensordot(const CallArguments& args) {
    const auto bound = bindPythonArguments("tensordot", {"a", "b", "dims", "out"}, 2, args);
    const Value dims = bound[2] ? *bound[2] : Value::fromInt(2);
    const auto countedDims = [](std::int64_t count, const Value& shown) {
        SS_CHECK(count >= 0, RuntimeError, "tensordot expects dims >= 0, but got dims=", str(shown));
        std::vector<Value> first, last;
        for (std::int64_t i = 0; i < count; ++i) {
            first.push_back(Value::fromInt(i - count));
            last.push_back(Value::fromInt(i));
        }
        return std::pair{Value::list(first), Value::list(last)};
    };
    std::pair<Value, Value> lists;
    if (dims.is(Value::Kind::Tuple) || dims.is(Value::Kind::List)) {
        const std::vector<Value>& pair = dims.is(Value::Kind::Tuple) ? dims.asTuple() : dims.asList();
        SS_CHECK(pair.size() >= 2, ValueError, "not enough values to unpack (expected 2, got ", pair.size(),
                 ")");
        SS_CHECK(pair.size() == 2, ValueError, "too many values to unpack (expected 2)");
        lists = {pair[0], pair[1]};
    } else if (dims.isTensor()) {
        const Tensor& t = dims.asTensor();
        SS_CHECK(
            t.numel() <= 1, RuntimeError,
            "tensordot with dims given as a tensor of lists is not supported by StrideScope: give the two "
            "lists");
        lists = countedDims(singleValue(t).intValue, dims);
    } else if (dims.is(Value::Kind::Int) || dims.is(Value::Kind::Bool)) {
        lists = countedDims(dims.asIntegral(), dims);
    } else {
        fail(ErrorKind::RuntimeError,
             "tensordot expects dims to be int or Tuple[List[int], List[int]] or List[List[int]] containing "
             "two "
             "lists, but got dims=",
             str(dims));
    }
    // Then _VF.tensordot, with its own argument checks.
    static const ArgumentParser parser(
        {"tensordot(Tensor input, Tensor other, IntArrayRef dims_self, IntArrayRef "
         "dims_other, *, Tensor out=None)"});
    CallArguments forwarded;
    forwarded.positional = {bound[0] ? *bound[0] : Value(), bound[1] ? *bound[1] : Value(), lists.first,
                            lists.second};
    if (bound[3] && !bound[3]->isNone())
        forwarded.keywords.emplace_back("out", *bound[3]);
    const ParsedArguments p = parser.parse(forwarded);
    checkFactoryOptions(p);
    return Value::fromTensor(ops::tensordot(p.tensor(0), p.tensor(1), p.intList(2), p.intList(3)));
}

} // namespace

namespace registry_detail {

void registerMatrixProducts(Registry& r) {
    using Product = Tensor (*)(const Tensor&, const Tensor&);
    // name, the second parameter's name, the op
    const std::tuple<const char*, const char*, Product> products[] = {
        {"dot", "tensor", &ops::dot},  {"vdot", "other", &ops::vdot}, {"mv", "vec", &ops::mv},
        {"mm", "mat2", &ops::mm},      {"bmm", "mat2", &ops::bmm},    {"matmul", "other", &ops::matmul},
        {"kron", "other", &ops::kron},
    };
    for (const auto& [name, other, product] : products) {
        const std::string method = std::string(name) + "(Tensor " + other + ")";
        r.tensorOp(name, {method}, false, [product = product](P p, T self, C) {
            return Value::fromTensor(product(self, p.tensor(0)));
        });
        r.torchFunction(name,
                        {std::string(name) + "(Tensor input, Tensor " + other + ", *, Tensor out=None)"},
                        [product = product](P p, C) {
                            checkFactoryOptions(p);
                            return Value::fromTensor(product(p.tensor(0), p.tensor(1)));
                        });
    }
    r.tensorOp("cross", {"cross(Tensor other, int64_t? dim=None)"}, false, [](P p, T self, C) {
        return Value::fromTensor(ops::cross(self, p.tensor(0), p.toInt64Optional(1)));
    });
    r.torchFunction("cross", {"cross(Tensor input, Tensor other, int64_t? dim=None, *, Tensor out=None)"},
                    [](P p, C) {
                        checkFactoryOptions(p);
                        return Value::fromTensor(ops::cross(p.tensor(0), p.tensor(1), p.toInt64Optional(2)));
                    });
    r.custom("torch.tensordot", [](const CallArguments& args, const Tensor*, C) { return tensordot(args); });
    r.torchNames.push_back("tensordot");
}

} // namespace registry_detail

// a @ b: Tensor.__matmul__ (and __rmatmul__), a TypeError for anything but two tensors.
Value tensorMatmulOperation(const Value& lhs, const Value& rhs) {
    if (!lhs.isTensor() || !rhs.isTensor())
        fail(ErrorKind::TypeError, "unsupported operand type(s) for @: '", typeName(lhs), "' and '",
             typeName(rhs), "'");
    return Value::fromTensor(ops::matmul(lhs.asTensor(), rhs.asTensor()));
}

} // namespace stridescope::script
