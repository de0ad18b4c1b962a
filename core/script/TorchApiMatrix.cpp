// Matrix products (core/MatrixProducts.h) as the script calls them: dot, vdot, mv, mm, bmm,
// matmul and kron as methods and torch functions, torch.tensordot (written in Python in
// torch/functional.py, which turns its dims into two lists) and the @ operator. Signatures are
// PyTorch 1.13's, out= included (each op's own dtype rule for it).
#include "core/DType.h"
#include "core/Elementwise.h"
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

// How an op's out= is checked against its result's dtype.
enum class OutRule {
    Structured,     // mm, bmm, mv, matmul, cross: exactly the result's dtype (set_output's check)
    SameAsInput,    // dot, vdot: "result dtype Long does not match input dtype Float"
    CastFromResult, // kron (its mul_out): any dtype the result can be cast to
    Tensordot,      // tensordot_out's own words
};

// The op's result, written into out= when one is given (checked, then resize_output and a copy:
// out keeps its strides when the shape matches).
template <typename Compute> Value withOut(P p, C context, OutRule rule, const Tensor& self, Compute compute) {
    const std::optional<Tensor> announced = announcedOut(p, context);
    if (!announced)
        return Value::fromTensor(compute());
    const Tensor& out = *announced;
    if (rule == OutRule::SameAsInput) // dot_out checks before it computes
        SS_CHECK(out.dtype() == self.dtype(), RuntimeError, "result dtype ", scalarTypeName(out.dtype()),
                 " does not match input dtype ", scalarTypeName(self.dtype()));
    const Tensor result = compute();
    if (rule == OutRule::Structured)
        detail::requireOutDtype(out, result.dtype());
    if (rule == OutRule::CastFromResult)
        SS_CHECK(canCast(result.dtype(), out.dtype()), RuntimeError, "result type ",
                 scalarTypeName(result.dtype()), " can't be cast to the desired output type ",
                 scalarTypeName(out.dtype()));
    if (rule == OutRule::Tensordot)
        SS_CHECK(out.dtype() == result.dtype(), RuntimeError,
                 "tensordot: Expected the output tensor to have dtype ", scalarTypeName(result.dtype()),
                 ", but got an output tensor with dtype ", scalarTypeName(out.dtype()));
    return Value::fromTensor(detail::writeOut(out, result));
}

// torch.tensordot's Python part: dims an int (the last dims of a with the first of b), a pair of
// lists, or a tensor holding either.
Value tensordot(const CallArguments& args, C context) {
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
    const Tensor a = p.tensor(0), b = p.tensor(1);
    return withOut(p, context, OutRule::Tensordot, a,
                   [&] { return ops::tensordot(a, b, p.intList(2), p.intList(3)); });
}

} // namespace

namespace registry_detail {

void registerMatrixProducts(Registry& r) {
    using Product = Tensor (*)(const Tensor&, const Tensor&);
    // name, the second parameter's name, the op, how its out= is checked
    const std::tuple<const char*, const char*, Product, OutRule> products[] = {
        {"dot", "tensor", &ops::dot, OutRule::SameAsInput},
        {"vdot", "other", &ops::vdot, OutRule::SameAsInput},
        {"mv", "vec", &ops::mv, OutRule::Structured},
        {"mm", "mat2", &ops::mm, OutRule::Structured},
        {"bmm", "mat2", &ops::bmm, OutRule::Structured},
        {"matmul", "other", &ops::matmul, OutRule::Structured},
        {"kron", "other", &ops::kron, OutRule::CastFromResult},
        {"inner", "other", &ops::inner, OutRule::Tensordot},
    };
    for (const auto& [name, other, product, rule] : products) {
        const std::string method = std::string(name) + "(Tensor " + other + ")";
        r.tensorOp(name, {method}, false, [product = product](P p, T self, C) {
            return Value::fromTensor(product(self, p.tensor(0)));
        });
        r.torchFunction(name,
                        {std::string(name) + "(Tensor input, Tensor " + other + ", *, Tensor out=None)"},
                        [product = product, rule = rule](P p, C context) {
                            const Tensor self = p.tensor(0), second = p.tensor(1);
                            return withOut(p, context, rule, self, [&] { return product(self, second); });
                        });
    }
    // beta * self + alpha * product: addmm, addmv, baddbmm, addbmm (and their in-place forms).
    using AddProduct =
        Tensor (*)(const Tensor&, const Tensor&, const Tensor&, const Scalar&, const Scalar&, bool);
    const std::tuple<const char*, const char*, const char*, AddProduct> addProducts[] = {
        {"addmm", "mat1", "mat2", &ops::addmm},
        {"addmv", "mat", "vec", &ops::addmv},
        {"baddbmm", "batch1", "batch2", &ops::baddbmm},
        {"addbmm", "batch1", "batch2", &ops::addbmm},
    };
    for (const auto& [name, first, second, op] : addProducts) {
        const std::string operands = std::string("Tensor ") + first + ", Tensor " + second;
        const std::string scalars = ", *, Scalar beta=1, Scalar alpha=1";
        r.tensorOp(
            name, {std::string(name) + "(" + operands + scalars + ")"}, false, [op = op](P p, T self, C) {
                return Value::fromTensor(op(self, p.tensor(0), p.tensor(1), p.scalar(2), p.scalar(3), false));
            });
        r.tensorOp(std::string(name) + "_", {std::string(name) + "_(" + operands + scalars + ")"}, false,
                   [op = op](P p, T self, C context) {
                       context.aboutToWrite(self);
                       return Value::fromTensor(
                           op(self, p.tensor(0), p.tensor(1), p.scalar(2), p.scalar(3), true));
                   });
        r.torchFunction(name,
                        {std::string(name) + "(Tensor input, " + operands + scalars + ", Tensor out=None)"},
                        [op = op](P p, C context) {
                            const Tensor self = p.tensor(0), a = p.tensor(1), b = p.tensor(2);
                            return withOut(p, context, OutRule::Structured, self,
                                           [&] { return op(self, a, b, p.scalar(3), p.scalar(4), false); });
                        });
    }
    r.tensorOp("cross", {"cross(Tensor other, int64_t? dim=None)"}, false, [](P p, T self, C) {
        return Value::fromTensor(ops::cross(self, p.tensor(0), p.toInt64Optional(1)));
    });
    r.torchFunction("cross", {"cross(Tensor input, Tensor other, int64_t? dim=None, *, Tensor out=None)"},
                    [](P p, C context) {
                        const Tensor self = p.tensor(0), other = p.tensor(1);
                        return withOut(p, context, OutRule::Structured, self,
                                       [&] { return ops::cross(self, other, p.toInt64Optional(2)); });
                    });
    r.custom("torch.tensordot",
             [](const CallArguments& args, const Tensor*, C context) { return tensordot(args, context); });
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
