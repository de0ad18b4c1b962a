// The arithmetic area of the op surface: elementwise binary and unary ops (method, torch.<name>,
// in-place <name>_ and out=), where, clamp, type promotion queries, the Python operators on
// tensors, reductions, copying (advanced) indexing and joining. Signatures are PyTorch 1.13's.
#include "core/Arithmetic.h"
#include "core/Elementwise.h"
#include "core/Error.h"
#include "core/IndexWriteOps.h"
#include "core/TypePromotion.h"
#include "core/script/Operators.h"
#include "core/script/TorchRegistry.h"

#include <cmath>

namespace stridescope::script {

using namespace registry_detail;

namespace {

using ops::BinaryKind;
using ops::Operand;
using ops::UnaryKind;
using P = const ParsedArguments&;
using T = const Tensor&;
using C = CallContext&;

Operand operandArg(P p, std::string_view name) { return p.operand(at(p, name)); }

// Writes go through the context first, so that a failing statement restores the storage.
std::optional<Tensor> announce(const std::optional<Tensor>& out, C context) {
    if (out)
        context.aboutToWrite(*out);
    return out;
}

struct BinaryRow {
    std::string name;
    BinaryKind kind;
    std::string otherName; // "other" or "exponent"
    bool scalarOverload;   // a separate "(Scalar other)" signature (ops without numbers-as-tensors)
    bool inPlace;
    bool scalarSelf = false; // torch.<name>(Scalar self, Tensor other) too
};

const std::vector<BinaryRow> kBinaryRows = {
    {"mul", BinaryKind::Mul, "other", false, true},
    {"multiply", BinaryKind::Mul, "other", false, true},
    {"true_divide", BinaryKind::Div, "other", false, true},
    {"floor_divide", BinaryKind::DivFloor, "other", true, true},
    {"remainder", BinaryKind::Remainder, "other", true, true, true},
    {"pow", BinaryKind::Pow, "exponent", true, true, true},
    {"maximum", BinaryKind::Maximum, "other", false, false},
    {"minimum", BinaryKind::Minimum, "other", false, false},
    {"eq", BinaryKind::Eq, "other", true, true},
    {"ne", BinaryKind::Ne, "other", true, true},
    {"lt", BinaryKind::Lt, "other", true, true},
    {"le", BinaryKind::Le, "other", true, true},
    {"gt", BinaryKind::Gt, "other", true, true},
    {"ge", BinaryKind::Ge, "other", true, true},
    {"bitwise_and", BinaryKind::BitAnd, "other", true, true},
    {"bitwise_or", BinaryKind::BitOr, "other", true, true},
    {"bitwise_xor", BinaryKind::BitXor, "other", true, true},
    {"fmod", BinaryKind::Fmod, "other", true, true},
    {"atan2", BinaryKind::Atan2, "other", false, true},
    {"arctan2", BinaryKind::Atan2, "other", false, true},
    {"hypot", BinaryKind::Hypot, "other", false, true},
    {"copysign", BinaryKind::Copysign, "other", true, true},
    {"logaddexp", BinaryKind::LogAddExp, "other", false, false},
    {"logaddexp2", BinaryKind::LogAddExp2, "other", false, false},
    {"xlogy", BinaryKind::Xlogy, "other", true, true, true},
    {"logical_and", BinaryKind::LogicalAnd, "other", false, true},
    {"logical_or", BinaryKind::LogicalOr, "other", false, true},
    {"logical_xor", BinaryKind::LogicalXor, "other", false, true},
    {"heaviside", BinaryKind::Heaviside, "values", false, true},
    {"gcd", BinaryKind::Gcd, "other", false, true},
    {"lcm", BinaryKind::Lcm, "other", false, true},
    {"nextafter", BinaryKind::NextAfter, "other", false, true},
};

std::vector<std::string> binaryFormats(const BinaryRow& row, const std::string& name, bool function) {
    const std::string head = function ? "Tensor input, " : "";
    const std::string tail = function ? ", *, Tensor out=None" : "";
    std::vector<std::string> formats{name + "(" + head + "Tensor " + row.otherName + tail + ")"};
    if (row.scalarOverload)
        formats.push_back(name + "(" + head + "Scalar " + row.otherName + tail + ")");
    return formats;
}

// div's rounding_mode, as at::native::div checks it.
BinaryKind divisionKind(P p) {
    const auto index = p.find("rounding_mode");
    if (!index || !p.has(*index))
        return BinaryKind::Div;
    const std::string mode = p.string(*index);
    if (mode == "trunc")
        return BinaryKind::DivTrunc;
    if (mode == "floor")
        return BinaryKind::DivFloor;
    fail(ErrorKind::RuntimeError, "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '",
         mode, "'");
}

struct UnaryRow {
    std::string name;
    UnaryKind kind;
    bool inPlace;
    bool function;
};

// sgn is sign extended to complex; PyTorch 1.13 has no angle_.
const std::vector<UnaryRow> kUnaryRows = {
    {"neg", UnaryKind::Neg, true, true},
    {"negative", UnaryKind::Neg, true, true},
    {"abs", UnaryKind::Abs, true, true},
    {"absolute", UnaryKind::Abs, true, true},
    {"sqrt", UnaryKind::Sqrt, true, true},
    {"exp", UnaryKind::Exp, true, true},
    {"log", UnaryKind::Log, true, true},
    {"sin", UnaryKind::Sin, true, true},
    {"cos", UnaryKind::Cos, true, true},
    {"tanh", UnaryKind::Tanh, true, true},
    {"sigmoid", UnaryKind::Sigmoid, true, true},
    {"relu", UnaryKind::Relu, true, true},
    {"floor", UnaryKind::Floor, true, true},
    {"ceil", UnaryKind::Ceil, true, true},
    {"round", UnaryKind::Round, true, true},
    {"trunc", UnaryKind::Trunc, true, true},
    {"sign", UnaryKind::Sign, true, true},
    {"square", UnaryKind::Square, true, true},
    {"sgn", UnaryKind::Sgn, true, true},
    {"angle", UnaryKind::Angle, false, true},
    {"reciprocal", UnaryKind::Reciprocal, true, true},
    {"logical_not", UnaryKind::LogicalNot, true, true},
    {"bitwise_not", UnaryKind::BitwiseNot, true, true},
    {"tan", UnaryKind::Tan, true, true},
    {"asin", UnaryKind::Asin, true, true},
    {"arcsin", UnaryKind::Asin, true, true},
    {"acos", UnaryKind::Acos, true, true},
    {"arccos", UnaryKind::Acos, true, true},
    {"atan", UnaryKind::Atan, true, true},
    {"arctan", UnaryKind::Atan, true, true},
    {"sinh", UnaryKind::Sinh, true, true},
    {"cosh", UnaryKind::Cosh, true, true},
    {"asinh", UnaryKind::Asinh, true, true},
    {"arcsinh", UnaryKind::Asinh, true, true},
    {"acosh", UnaryKind::Acosh, true, true},
    {"arccosh", UnaryKind::Acosh, true, true},
    {"atanh", UnaryKind::Atanh, true, true},
    {"arctanh", UnaryKind::Atanh, true, true},
    {"log2", UnaryKind::Log2, true, true},
    {"log10", UnaryKind::Log10, true, true},
    {"log1p", UnaryKind::Log1p, true, true},
    {"expm1", UnaryKind::Expm1, true, true},
    {"exp2", UnaryKind::Exp2, true, true},
    {"rsqrt", UnaryKind::Rsqrt, true, true},
    {"erf", UnaryKind::Erf, true, true},
    {"erfc", UnaryKind::Erfc, true, true},
    {"frac", UnaryKind::Frac, true, true},
    {"sinc", UnaryKind::Sinc, true, true},
    {"signbit", UnaryKind::SignBit, false, true},
};

// ---- reductions -------------------------------------------------------------------------

Value maxMinValues(const std::pair<Tensor, Tensor>& result, bool wantMax) {
    static const auto maxType = std::make_shared<const NamedTupleType>(
        NamedTupleType{"torch.return_types.max", {"values", "indices"}});
    static const auto minType = std::make_shared<const NamedTupleType>(
        NamedTupleType{"torch.return_types.min", {"values", "indices"}});
    return Value::namedTuple(wantMax ? maxType : minType,
                             {Value::fromTensor(result.first), Value::fromTensor(result.second)});
}

std::optional<Shape> optionalDims(P p, std::string_view name) {
    const auto index = p.find(name);
    if (!index || !p.has(*index))
        return std::nullopt;
    return p.intList(*index);
}

std::optional<double> optionalDouble(P p, std::string_view name) {
    const auto index = p.find(name);
    if (!index || !p.has(*index))
        return std::nullopt;
    return p.toDouble(*index);
}

// torch.positive and unary + (Tensor.__pos__): self itself; bool refused.
Value positive(const Tensor& self) {
    SS_CHECK(self.dtype() != DType::Bool, RuntimeError,
             "The `+` operator, on a bool tensor is not supported.");
    return Value::fromTensor(self);
}

// The elementwise ops with their own arguments or rules: positive, deg2rad / rad2deg,
// float_power, nan_to_num, logit, lerp, addcmul / addcdiv, clamp_min / clamp_max.
void registerMoreElementwise(Registry& r) {
    r.noArgsMethod("positive", [](T self, C) { return positive(self); });
    r.torchFunction("positive", {"positive(Tensor input)"}, [](P p, C) { return positive(p.tensor(0)); });
    for (const bool toRadians : {true, false}) {
        const std::string name = toRadians ? "deg2rad" : "rad2deg";
        r.noArgsMethod(name, [toRadians](T self, C) {
            return Value::fromTensor(ops::degreesToRadians(self, toRadians));
        });
        r.noArgsMethod(name + "_", [toRadians](T self, C context) {
            return Value::fromTensor(ops::degreesToRadians(self, toRadians, announce(self, context)));
        });
        r.torchFunction(name, {name + "(Tensor input, *, Tensor out=None)"}, [toRadians](P p, C context) {
            return Value::fromTensor(ops::degreesToRadians(p.tensor(0), toRadians, announcedOut(p, context)));
        });
    }
    // float_power: Tensor or number exponents; torch.float_power(Scalar self, Tensor exponent) too.
    const auto floatPowerCall = [](P p, const Operand& base, const std::optional<Tensor>& out, bool inPlace) {
        return Value::fromTensor(ops::floatPower(base, operandArg(p, "exponent"), out, inPlace));
    };
    r.tensorOp("float_power", {"float_power(Tensor exponent)", "float_power(Scalar exponent)"}, false,
               [floatPowerCall](P p, T self, C) {
                   return floatPowerCall(p, Operand::of(self), std::nullopt, false);
               });
    r.tensorOp("float_power_", {"float_power_(Tensor exponent)", "float_power_(Scalar exponent)"}, false,
               [floatPowerCall](P p, T self, C context) {
                   return floatPowerCall(p, Operand::of(self), announce(self, context), true);
               });
    r.torchFunction("float_power",
                    {"float_power(Tensor input, Tensor exponent, *, Tensor out=None)",
                     "float_power(Scalar self, Tensor exponent, *, Tensor out=None)",
                     "float_power(Tensor input, Scalar exponent, *, Tensor out=None)"},
                    [floatPowerCall](P p, C context) {
                        const Operand base = p.find("self") ? Operand::of(p.scalar(at(p, "self")))
                                                            : Operand::of(p.tensor(at(p, "input")));
                        return floatPowerCall(p, base, announcedOut(p, context), false);
                    });
    // nan_to_num(nan, posinf, neginf)
    const std::string replacements = "double? nan=None, double? posinf=None, double? neginf=None";
    const auto nanToNum = [](P p, T self, const std::optional<Tensor>& out) {
        return Value::fromTensor(ops::nanToNum(self, optionalDouble(p, "nan"), optionalDouble(p, "posinf"),
                                               optionalDouble(p, "neginf"), out));
    };
    r.tensorOp("nan_to_num", {"nan_to_num(" + replacements + ")"}, false,
               [nanToNum](P p, T self, C) { return nanToNum(p, self, std::nullopt); });
    r.tensorOp("nan_to_num_", {"nan_to_num_(" + replacements + ")"}, false,
               [nanToNum](P p, T self, C context) { return nanToNum(p, self, announce(self, context)); });
    r.torchFunction(
        "nan_to_num", {"nan_to_num(Tensor input, " + replacements + ", *, Tensor out=None)"},
        [nanToNum](P p, C context) { return nanToNum(p, p.tensor(0), announcedOut(p, context)); });
    // logit(eps)
    const auto logit = [](P p, T self, const std::optional<Tensor>& out) {
        return Value::fromTensor(ops::logit(self, optionalDouble(p, "eps"), out));
    };
    r.tensorOp("logit", {"logit(double? eps=None)"}, false,
               [logit](P p, T self, C) { return logit(p, self, std::nullopt); });
    r.tensorOp("logit_", {"logit_(double? eps=None)"}, false,
               [logit](P p, T self, C context) { return logit(p, self, announce(self, context)); });
    r.torchFunction("logit", {"logit(Tensor input, double? eps=None, *, Tensor out=None)"},
                    [logit](P p, C context) { return logit(p, p.tensor(0), announcedOut(p, context)); });
    // lerp(end, weight): a Tensor or a number weight.
    const auto lerp = [](P p, T self, const std::optional<Tensor>& out) {
        const std::size_t weight = at(p, "weight");
        const Operand weightOperand =
            p.raw(weight).isTensor() ? Operand::of(p.tensor(weight)) : Operand::of(p.scalar(weight));
        return Value::fromTensor(ops::lerp(self, p.tensor(at(p, "end")), weightOperand, out));
    };
    for (const std::string name : {"lerp", "lerp_"}) {
        const bool inPlace = name.back() == '_';
        r.tensorOp(name, {name + "(Tensor end, Tensor weight)", name + "(Tensor end, Scalar weight)"}, false,
                   [lerp, inPlace](P p, T self, C context) {
                       return lerp(p, self, inPlace ? announce(self, context) : std::nullopt);
                   });
    }
    r.torchFunction("lerp",
                    {"lerp(Tensor input, Tensor end, Tensor weight, *, Tensor out=None)",
                     "lerp(Tensor input, Tensor end, Scalar weight, *, Tensor out=None)"},
                    [lerp](P p, C context) { return lerp(p, p.tensor(0), announcedOut(p, context)); });
    // addcmul / addcdiv(tensor1, tensor2, *, value=1), and the deprecated (value, tensor1, tensor2).
    for (const bool divide : {false, true}) {
        const std::string base = divide ? "addcdiv" : "addcmul";
        const auto impl = [divide](P p, T self, const std::optional<Tensor>& out) {
            const Tensor tensor1 = p.tensor(at(p, "tensor1")), tensor2 = p.tensor(at(p, "tensor2"));
            const Scalar value = p.scalar(at(p, "value"));
            return Value::fromTensor(divide ? ops::addcdiv(self, tensor1, tensor2, value, out)
                                            : ops::addcmul(self, tensor1, tensor2, value, out));
        };
        for (const std::string& name : {base, base + "_"}) {
            const bool inPlace = name.back() == '_';
            r.tensorOp(name,
                       {name + "(Tensor tensor1, Tensor tensor2, *, Scalar value=1)",
                        name + "(Scalar value, Tensor tensor1, Tensor tensor2)|deprecated"},
                       false, [impl, inPlace](P p, T self, C context) {
                           return impl(p, self, inPlace ? announce(self, context) : std::nullopt);
                       });
        }
        r.torchFunction(
            base,
            {base + "(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor out=None)",
             base + "(Tensor input, Scalar value, Tensor tensor1, Tensor tensor2, *, Tensor "
                    "out=None)|deprecated"},
            [impl](P p, C context) { return impl(p, p.tensor(0), announcedOut(p, context)); });
    }
    // addr(vec1, vec2, *, beta=1, alpha=1): a TensorIterator op, so its out= and in-place rules.
    const auto addr = [](P p, T self, const std::optional<Tensor>& out) {
        return Value::fromTensor(ops::addr(self, p.tensor(at(p, "vec1")), p.tensor(at(p, "vec2")),
                                           p.scalar(at(p, "beta")), p.scalar(at(p, "alpha")), out));
    };
    r.tensorOp("addr", {"addr(Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1)"}, false,
               [addr](P p, T self, C) { return addr(p, self, std::nullopt); });
    r.tensorOp("addr_", {"addr_(Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1)"}, false,
               [addr](P p, T self, C context) {
                   SS_CHECK(self.dim() == 2, RuntimeError, "2D tensor expected, got ", self.dim(),
                            "D tensor for input");
                   return addr(p, self, announce(self, context));
               });
    r.torchFunction("addr",
                    {"addr(Tensor input, Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1, Tensor "
                     "out=None)"},
                    [addr](P p, C context) { return addr(p, p.tensor(0), announcedOut(p, context)); });
    // clamp_min / clamp_max: clamp with one bound.
    for (const bool lower : {true, false}) {
        const std::string bound = lower ? "min" : "max";
        const std::string name = "clamp_" + bound;
        const auto impl = [lower, bound](P p, T self, const std::optional<Tensor>& out) {
            const Operand limit = p.operand(at(p, bound));
            return Value::fromTensor(lower ? ops::clamp(self, limit, std::nullopt, out, true)
                                           : ops::clamp(self, std::nullopt, limit, out, true));
        };
        for (const std::string& method : {name, name + "_"}) {
            const bool inPlace = method.back() == '_';
            r.tensorOp(method, {method + "(Scalar " + bound + ")", method + "(Tensor " + bound + ")"}, false,
                       [impl, inPlace](P p, T self, C context) {
                           return impl(p, self, inPlace ? announce(self, context) : std::nullopt);
                       });
        }
        r.torchFunction(name,
                        {name + "(Tensor input, Scalar " + bound + ", *, Tensor out=None)",
                         name + "(Tensor input, Tensor " + bound + ", *, Tensor out=None)"},
                        [impl](P p, C context) { return impl(p, p.tensor(0), announcedOut(p, context)); });
    }
}

void registerElementwise(Registry& r) {
    // add and sub: alpha, and numbers as tensors.
    for (const bool subtract : {false, true}) {
        const std::string name = subtract ? "sub" : "add";
        const BinaryKind kind = subtract ? BinaryKind::Sub : BinaryKind::Add;
        const auto impl = [kind](P p, T self, const std::optional<Tensor>& out) {
            return Value::fromTensor(
                ops::binary(kind, Operand::of(self), operandArg(p, "other"), out, p.scalar(at(p, "alpha"))));
        };
        r.tensorOp(name, {name + "(Tensor other, *, Scalar alpha=1)", name + "(Scalar alpha, Tensor other)|deprecated"},
                   false, [impl](P p, T self, C) { return impl(p, self, std::nullopt); });
        r.tensorOp(name + "_",
                   {name + "_(Tensor other, *, Scalar alpha=1)", name + "_(Scalar alpha, Tensor other)|deprecated"},
                   false, [impl](P p, T self, C context) { return impl(p, self, announce(self, context)); });
        r.torchFunction(name,
                        {name + "(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)",
                         name + "(Tensor input, Scalar alpha, Tensor other, *, Tensor out=None)|deprecated"},
                        [impl](P p, C context) { return impl(p, p.tensor(0), announcedOut(p, context)); });
    }
    r.tensorOp("rsub", {"rsub(Tensor other, *, Scalar alpha=1)"}, true, [](P p, T self, C) {
        return Value::fromTensor(ops::binary(BinaryKind::Sub, operandArg(p, "other"), Operand::of(self), std::nullopt,
                                             p.scalar(at(p, "alpha"))));
    });
    // div / divide with rounding_mode.
    for (const std::string name : {"div", "divide"}) {
        const auto impl = [](P p, T self, const std::optional<Tensor>& out) {
            return Value::fromTensor(ops::binary(divisionKind(p), Operand::of(self), operandArg(p, "other"), out));
        };
        const auto methods = [](const std::string& n) {
            return std::vector<std::string>{n + "(Tensor other)", n + "(Tensor other, *, c10::string_view? rounding_mode)"};
        };
        r.tensorOp(name, methods(name), false, [impl](P p, T self, C) { return impl(p, self, std::nullopt); });
        r.tensorOp(name + "_", methods(name + "_"), false,
                   [impl](P p, T self, C context) { return impl(p, self, announce(self, context)); });
        r.torchFunction(
            name,
            {name + "(Tensor input, Tensor other, *, Tensor out=None)",
             name + "(Tensor input, Tensor other, *, c10::string_view? rounding_mode, Tensor out=None)"},
            [impl](P p, C context) { return impl(p, p.tensor(0), announcedOut(p, context)); });
    }
    for (const BinaryRow& row : kBinaryRows) {
        const BinaryKind kind = row.kind;
        const std::string other = row.otherName;
        const auto impl = [kind, other](P p, T self, const std::optional<Tensor>& out) {
            return Value::fromTensor(ops::binary(kind, Operand::of(self), operandArg(p, other), out));
        };
        r.tensorOp(row.name, binaryFormats(row, row.name, false), false,
                   [impl](P p, T self, C) { return impl(p, self, std::nullopt); });
        if (row.inPlace)
            r.tensorOp(row.name + "_", binaryFormats(row, row.name + "_", false), false,
                       [impl](P p, T self, C context) { return impl(p, self, announce(self, context)); });
        std::vector<std::string> functionFormats = binaryFormats(row, row.name, true);
        // pow(Scalar self, Tensor exponent), remainder and xlogy(Scalar self, Tensor other)
        if (row.scalarSelf)
            functionFormats.push_back(row.name + "(Scalar self, Tensor " + other + ", *, Tensor out=None)");
        r.torchFunction(row.name, functionFormats, [impl, kind, other](P p, C context) {
            if (p.find("self"))
                return Value::fromTensor(ops::binary(kind, Operand::of(p.scalar(at(p, "self"))),
                                                     Operand::of(p.tensor(at(p, other))),
                                                     announcedOut(p, context)));
            return impl(p, p.tensor(0), announcedOut(p, context));
        });
    }
    for (const UnaryRow& row : kUnaryRows) {
        const UnaryKind kind = row.kind;
        r.noArgsMethod(row.name, [kind](T self, C) { return Value::fromTensor(ops::unary(kind, self)); });
        if (row.inPlace)
            r.noArgsMethod(row.name + "_", [kind](T self, C context) {
                // abs_ would write a real result into a complex tensor: at::abs_ refuses it first.
                SS_CHECK(kind != UnaryKind::Abs || !isComplex(self.dtype()), RuntimeError,
                         "In-place abs is not supported for complex tensors.");
                return Value::fromTensor(ops::unary(kind, self, announce(self, context)));
            });
        // torch.relu is the one without out= (native_functions.yaml has no relu.out).
        const std::string tail = row.kind == UnaryKind::Relu ? ")" : ", *, Tensor out=None)";
        if (row.function)
            r.torchFunction(row.name, {row.name + "(Tensor input" + tail}, [kind](P p, C context) {
                return Value::fromTensor(ops::unary(kind, p.tensor(0), announcedOut(p, context)));
            });
    }
    registerMoreElementwise(r);
    // Tests of values (bool results): isnan, isinf, isfinite, isposinf, isneginf; isclose and
    // allclose (a Python bool).
    const std::pair<const char*, ops::ValueTest> valueTests[] = {
        {"isnan", ops::ValueTest::IsNan},       {"isinf", ops::ValueTest::IsInf},
        {"isfinite", ops::ValueTest::IsFinite}, {"isposinf", ops::ValueTest::IsPosInf},
        {"isneginf", ops::ValueTest::IsNegInf},
    };
    for (const auto& [name, test] : valueTests)
        r.tensorOp(name, {std::string(name) + "()"}, true,
                   [test = test](P, T self, C) { return Value::fromTensor(ops::testValues(test, self)); });
    const std::string closeTail =
        "(Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)";
    const auto closeArguments = [](P p) {
        return std::tuple{p.tensor(at(p, "other")), p.toDouble(at(p, "rtol")), p.toDouble(at(p, "atol")),
                          p.toBool(at(p, "equal_nan"))};
    };
    r.tensorOp("isclose", {"isclose" + closeTail}, true, [closeArguments](P p, T self, C) {
        const auto [other, rtol, atol, equalNan] = closeArguments(p);
        return Value::fromTensor(ops::isclose(self, other, rtol, atol, equalNan));
    });
    r.tensorOp("allclose", {"allclose" + closeTail}, true, [closeArguments](P p, T self, C) {
        const auto [other, rtol, atol, equalNan] = closeArguments(p);
        return Value::fromBool(ops::allclose(self, other, rtol, atol, equalNan));
    });
    // where(condition, input, other): numbers on either side.
    r.torchFunction("where",
                    {"where(Tensor condition)", "where(Tensor condition, Tensor input, Tensor other, *, Tensor out=None)",
                     "where(Tensor condition, Scalar self, Tensor other)",
                     "where(Tensor condition, Tensor input, Scalar other)",
                     "where(Tensor condition, Scalar self, Scalar other)"},
                    [](P p, C context) {
                        if (p.overload() == 0)
                            return tensorsToTuple(ops::nonzeroNumpy(p.tensor(0)));
                        const auto side = [&](std::string_view tensorName, std::string_view scalarName) {
                            const auto index = p.find(tensorName);
                            return index ? p.operand(*index) : Operand::of(p.scalar(at(p, scalarName)));
                        };
                        return Value::fromTensor(ops::where(p.tensor(0), side("input", "self"),
                                                            side("other", "other"),
                                                            announcedOut(p, context)));
                    });
    r.tensorOp("where", {"where(Tensor condition, Tensor other)", "where(Tensor condition, Scalar other)"}, false,
               [](P p, T self, C) {
                   return Value::fromTensor(ops::where(p.tensor(0), Operand::of(self), p.operand(1)));
               });
    // clamp / clip: numbers or tensors as bounds.
    for (const std::string name : {"clamp", "clip"}) {
        const auto impl = [](P p, T self, const std::optional<Tensor>& out) {
            const auto bound = [&](std::string_view n) -> std::optional<Operand> {
                const auto index = at(p, n);
                if (!p.has(index))
                    return std::nullopt;
                return p.operand(index);
            };
            return Value::fromTensor(ops::clamp(self, bound("min"), bound("max"), out));
        };
        const std::vector<std::string> method{name + "(Scalar? min=None, Scalar? max=None)",
                                              name + "(Tensor? min=None, Tensor? max=None)"};
        r.tensorOp(name, method, false, [impl](P p, T self, C) { return impl(p, self, std::nullopt); });
        r.tensorOp(name + "_", {name + "_(Scalar? min=None, Scalar? max=None)", name + "_(Tensor? min=None, Tensor? max=None)"},
                   false, [impl](P p, T self, C context) { return impl(p, self, announce(self, context)); });
        r.torchFunction(name,
                        {name + "(Tensor input, Scalar? min=None, Scalar? max=None, *, Tensor out=None)",
                         name + "(Tensor input, Tensor? min=None, Tensor? max=None, *, Tensor out=None)"},
                        [impl](P p, C context) { return impl(p, p.tensor(0), announcedOut(p, context)); });
    }
    // Type promotion queries.
    r.torchFunction("result_type",
                    {"result_type(Tensor tensor, Tensor other)", "result_type(Scalar scalar, Tensor tensor)",
                     "result_type(Tensor tensor, Scalar other)", "result_type(Scalar scalar1, Scalar scalar2)"},
                    [](P p, C) {
                        std::vector<PromotionOperand> operands;
                        for (std::size_t i = 0; i < 2; ++i) {
                            const Value& v = p.raw(i);
                            operands.push_back(v.isTensor() ? PromotionOperand::of(v.asTensor())
                                                            : PromotionOperand::of(v.asScalar()));
                        }
                        return Value::fromDType(resultType(operands));
                    });
    r.torchFunction("promote_types", {"promote_types(ScalarType type1, ScalarType type2)"}, [](P p, C) {
        return Value::fromDType(promoteTypes(*p.scalarType(0), *p.scalarType(1)));
    });
    r.torchFunction("can_cast", {"can_cast(ScalarType from, ScalarType to)"},
                    [](P p, C) { return Value::fromBool(canCast(*p.scalarType(0), *p.scalarType(1))); });
}

void registerReductions(Registry& r) {
    struct Row {
        std::string name;
        ops::ReductionKind kind;
    };
    // sum, mean: an optional dim list; prod: one dim; all, any: one dim.
    for (const Row& row : std::vector<Row>{{"sum", ops::ReductionKind::Sum}, {"mean", ops::ReductionKind::Mean}}) {
        const auto kind = row.kind;
        const auto impl = [kind](P p, T self) {
            if (p.overload() == 0)
                return Value::fromTensor(ops::reduce(kind, self, {}, false, dtypeArg(p)));
            const auto dims = optionalDims(p, "dim");
            return Value::fromTensor(ops::reduce(kind, self, dims.value_or(Shape{}), p.toBool(at(p, "keepdim")), dtypeArg(p)));
        };
        r.tensorOp(row.name,
                   {row.name + "(*, ScalarType? dtype=None)",
                    row.name + "(IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)",
                    row.name + "(DimnameList[1] dim, bool keepdim=False, *, ScalarType? dtype=None)"},
                   true, [impl](P p, T self, C) {
                       if (p.overload() == 2)
                           namedTensorsUnsupported();
                       return impl(p, self);
                   });
    }
    for (const Row& row : std::vector<Row>{{"prod", ops::ReductionKind::Prod}}) {
        const auto kind = row.kind;
        r.tensorOp(row.name,
                   {row.name + "(*, ScalarType? dtype=None)",
                    row.name + "(int64_t dim, bool keepdim=False, *, ScalarType? dtype=None)",
                    row.name + "(Dimname dim, bool keepdim=False, *, ScalarType? dtype=None)"},
                   true, [kind](P p, T self, C) {
                       if (p.overload() == 2)
                           namedTensorsUnsupported();
                       if (p.overload() == 0)
                           return Value::fromTensor(ops::reduce(kind, self, {}, false, dtypeArg(p)));
                       return Value::fromTensor(ops::reduce(kind, self, {intArg(p, "dim")}, p.toBool(at(p, "keepdim")),
                                                            dtypeArg(p)));
                   });
    }
    r.tensorOp("trace", {"trace()"}, true, [](P, T self, C) { return Value::fromTensor(ops::trace(self)); });
    for (const bool logarithm : {false, true}) {
        const std::string name = logarithm ? "log_softmax" : "softmax";
        r.tensorOp(name,
                   {name + "(int64_t dim, ScalarType? dtype=None)",
                    name + "(Dimname dim, *, ScalarType? dtype=None)"},
                   true, [logarithm](P p, T self, C) {
                       if (p.overload() == 1)
                           namedTensorsUnsupported();
                       return Value::fromTensor(ops::softmax(self, intArg(p, "dim"), dtypeArg(p), logarithm));
                   });
    }
    r.tensorOp("logsumexp",
               {"logsumexp(IntArrayRef[1] dim, bool keepdim=False)",
                "logsumexp(DimnameList[1] dim, bool keepdim=False)"},
               true, [](P p, T self, C) {
                   if (p.overload() == 1)
                       namedTensorsUnsupported();
                   return Value::fromTensor(
                       ops::logsumexp(self, listArg(p, "dim"), p.toBool(at(p, "keepdim"))));
               });
    r.tensorOp("count_nonzero", {"count_nonzero(IntArrayRef dim)", "count_nonzero(int64_t? dim=None)"}, true,
               [](P p, T self, C) {
                   if (p.overload() == 0)
                       return Value::fromTensor(ops::countNonzero(self, listArg(p, "dim")));
                   const auto dim = p.toInt64Optional(at(p, "dim"));
                   return Value::fromTensor(ops::countNonzero(self, dim ? Shape{*dim} : Shape{}));
               });
    for (const Row& row : std::vector<Row>{{"all", ops::ReductionKind::All}, {"any", ops::ReductionKind::Any}}) {
        const auto kind = row.kind;
        r.tensorOp(row.name,
                   {row.name + "()", row.name + "(int64_t dim, bool keepdim=False)",
                    row.name + "(Dimname dim, bool keepdim=False)"},
                   true, [kind](P p, T self, C) {
                       if (p.overload() == 2)
                           namedTensorsUnsupported();
                       if (p.overload() == 0)
                           return Value::fromTensor(ops::reduce(kind, self, {}, false, std::nullopt));
                       return Value::fromTensor(
                           ops::reduce(kind, self, {intArg(p, "dim")}, p.toBool(at(p, "keepdim")), std::nullopt));
                   });
    }
    for (const Row& row : std::vector<Row>{{"amax", ops::ReductionKind::Amax}, {"amin", ops::ReductionKind::Amin}}) {
        const auto kind = row.kind;
        r.tensorOp(row.name, {row.name + "(IntArrayRef[1] dim=None, bool keepdim=False)"}, true, [kind](P p, T self, C) {
            return Value::fromTensor(ops::reduce(kind, self, optionalDims(p, "dim").value_or(Shape{}),
                                                 p.toBool(at(p, "keepdim")), std::nullopt));
        });
    }
    for (const bool wantMax : {true, false}) {
        const std::string name = wantMax ? "max" : "min";
        const auto impl = [wantMax](P p, T self) {
            if (p.overload() == 0)
                return Value::fromTensor(ops::maxAll(self, wantMax));
            if (p.overload() == 1)
                return Value::fromTensor(ops::binary(wantMax ? BinaryKind::Maximum : BinaryKind::Minimum,
                                                     Operand::of(self), Operand::of(p.tensor(at(p, "other")))));
            if (p.overload() == 3)
                namedTensorsUnsupported();
            return maxMinValues(ops::maxDim(self, intArg(p, "dim"), p.toBool(at(p, "keepdim")), wantMax), wantMax);
        };
        r.tensorOp(name,
                   {name + "()", name + "(Tensor other)", name + "(int64_t dim, bool keepdim=False)",
                    name + "(Dimname dim, bool keepdim=False)"},
                   true, [impl](P p, T self, C) { return impl(p, self); });
        const std::string arg = wantMax ? "argmax" : "argmin";
        r.tensorOp(arg, {arg + "(int64_t? dim=None, bool keepdim=False)"}, true, [wantMax](P p, T self, C) {
            return Value::fromTensor(
                ops::argMax(self, p.toInt64Optional(at(p, "dim")), p.toBool(at(p, "keepdim")), wantMax));
        });
    }
    for (const bool root : {true, false}) {
        const std::string name = root ? "std" : "var";
        r.tensorOp(name,
                   {name + "(IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)",
                    name + "(IntArrayRef[1]? dim=None, *, int64_t? correction=None, bool keepdim=False)",
                    name + "(bool unbiased=True)"},
                   true, [root](P p, T self, C) {
                       double correction = 1;
                       std::optional<Shape> dims;
                       bool keepdim = false;
                       if (p.overload() == 2) {
                           correction = p.toBool(at(p, "unbiased")) ? 1 : 0;
                       } else {
                           dims = optionalDims(p, "dim");
                           keepdim = p.toBool(at(p, "keepdim"));
                           if (p.overload() == 0)
                               correction = p.toBool(at(p, "unbiased")) ? 1 : 0;
                           else if (const auto c = p.toInt64Optional(at(p, "correction")))
                               correction = static_cast<double>(*c);
                       }
                       return Value::fromTensor(ops::variance(self, dims, correction, keepdim, root));
                   });
    }
    // Tensor.norm and torch.norm are Python (torch/functional.py): p, dim, keepdim, dtype.
    const auto normCall = [](const Tensor& self, const std::vector<std::optional<Value>>& bound) {
        double order = 2;
        if (bound[0] && !bound[0]->isNone()) {
            const Value& pv = *bound[0];
            if (pv.is(Value::Kind::String)) {
                SS_CHECK(pv.asString() == "fro", RuntimeError, "norm: p='", pv.asString(),
                         "' is not supported by StrideScope (supported: numbers and 'fro')");
            } else {
                order = pv.asDouble();
            }
        }
        std::optional<Shape> dims;
        if (bound[1] && !bound[1]->isNone()) {
            if (bound[1]->isSequence())
                for (const Value& d : bound[1]->sequenceItems())
                    dims = dims.value_or(Shape{}), dims->push_back(toPythonInt(d));
            else
                dims = Shape{toPythonInt(*bound[1])};
        }
        const bool keepdim = bound[2] && truthy(*bound[2]);
        std::optional<DType> dtype;
        if (bound[3] && bound[3]->is(Value::Kind::DType))
            dtype = bound[3]->asDType();
        return Value::fromTensor(ops::norm(self, order, dims, keepdim, dtype));
    };
    r.custom("Tensor.norm", [normCall](const CallArguments& args, const Tensor* self, C) {
        return normCall(*self, bindPythonArguments("Tensor.norm", {"p", "dim", "keepdim", "dtype"}, 4, args, true));
    });
    r.tensorNames.push_back("norm");
    r.custom("torch.norm", [normCall](const CallArguments& args, const Tensor*, C) {
        const auto bound = bindPythonArguments("norm", {"input", "p", "dim", "keepdim", "out", "dtype"}, 5, args);
        SS_CHECK(bound[0]->isTensor(), TypeError, "norm(): argument 'input' must be Tensor, not ", typeName(*bound[0]));
        return normCall(bound[0]->asTensor(), {bound[1], bound[2], bound[3], bound[5]});
    });
    r.torchNames.push_back("norm");
}

void registerIndexing(Registry& r) {
    r.tensorOp("index_select", {"index_select(int64_t dim, Tensor index)"}, true, [](P p, T self, C) {
        return Value::fromTensor(ops::indexSelect(self, intArg(p, "dim"), p.tensor(at(p, "index"))));
    });
    // repeat_interleave(int) makes its repeats a one-element int64 tensor, as ATen does; the torch
    // function also has the repeats-only overload (the indices themselves).
    const auto repeatInterleave = [](P p, const Tensor& self, std::size_t repeatsAt) {
        const std::optional<std::int64_t> outputSize = p.toInt64Optional(at(p, "output_size"));
        const Tensor repeats = p.raw(repeatsAt).isTensor()
                                   ? p.tensor(repeatsAt)
                                   : ops::full({1}, Scalar::fromInt(p.toInt64(repeatsAt)), DType::Int64);
        return Value::fromTensor(
            ops::repeatInterleave(self, repeats, p.toInt64Optional(at(p, "dim")), outputSize));
    };
    r.tensorOp("repeat_interleave",
               {"repeat_interleave(Tensor repeats, int64_t? dim=None, *, int64_t? output_size=None)",
                "repeat_interleave(SymInt repeats, int64_t? dim=None, *, int64_t? output_size=None)"},
               false,
               [repeatInterleave](P p, T self, C) { return repeatInterleave(p, self, at(p, "repeats")); });
    r.torchFunction(
        "repeat_interleave",
        {"repeat_interleave(Tensor repeats, *, int64_t? output_size=None)",
         "repeat_interleave(Tensor input, Tensor repeats, int64_t? dim=None, *, int64_t? output_size=None)",
         "repeat_interleave(Tensor input, SymInt repeats, int64_t? dim=None, *, int64_t? output_size=None)"},
        [repeatInterleave](P p, C) {
            if (p.overload() == 0)
                return Value::fromTensor(
                    ops::repeatInterleaveIndices(p.tensor(0), p.toInt64Optional(at(p, "output_size"))));
            return repeatInterleave(p, p.tensor(0), at(p, "repeats"));
        });
    r.tensorOp("masked_select", {"masked_select(Tensor mask)"}, true,
               [](P p, T self, C) { return Value::fromTensor(ops::maskedSelect(self, p.tensor(at(p, "mask")))); });
    r.tensorOp("masked_fill_", {"masked_fill_(Tensor mask, Tensor value)", "masked_fill_(Tensor mask, Scalar value)"},
               false, [](P p, T self, C context) {
                   context.aboutToWrite(self);
                   return Value::fromTensor(ops::maskedFill_(self, p.tensor(0), p.operand(1)));
               });
    r.tensorOp("masked_fill",
               {"masked_fill(Tensor mask, Tensor value)", "masked_fill(Tensor mask, Scalar value)"}, true,
               [](P p, T self, C) {
                   return Value::fromTensor(
                       ops::maskedFill(self, p.tensor(at(p, "mask")), p.operand(at(p, "value"))));
               });
    r.tensorOp("gather", {"gather(int64_t dim, Tensor index, *, bool sparse_grad=False)"}, true, [](P p, T self, C) {
        return Value::fromTensor(ops::gather(self, intArg(p, "dim"), p.tensor(at(p, "index"))));
    });
    // scatter_ / scatter: core/IndexWriteOps.h, with the rest of the scatter family.
    for (const bool inPlace : {true, false}) {
        const std::string name = inPlace ? "scatter_" : "scatter";
        r.tensorOp(name,
                   {name + "(int64_t dim, Tensor index, Tensor src)",
                    name + "(int64_t dim, Tensor index, Scalar value)"},
                   !inPlace, [inPlace](P p, T self, C context) {
                       if (inPlace)
                           context.aboutToWrite(self);
                       return Value::fromTensor(ops::scatter(
                           self, intArg(p, "dim"), p.tensor(at(p, "index")), p.operand(at(p, "index") + 1),
                           inPlace ? ops::WriteTarget::InPlace : ops::WriteTarget::NewTensor));
                   });
    }
    r.tensorOp("take", {"take(Tensor index)"}, true,
               [](P p, T self, C) { return Value::fromTensor(ops::take(self, p.tensor(at(p, "index")))); });
    r.tensorOp("nonzero", {"nonzero(*, bool as_tuple=False)"}, true, [](P p, T self, C) {
        return p.toBool(at(p, "as_tuple")) ? tensorsToTuple(ops::nonzeroNumpy(self))
                                           : Value::fromTensor(ops::nonzero(self));
    });
    // index_put_(indices, values, accumulate=False): one index (tensor or None) per leading dim.
    const auto indexPut = [](const Tensor& self, const CallArguments& args, const std::string& name, C context,
                             bool inPlace) {
        const auto bound = bindPythonArguments(name, {"indices", "values", "accumulate"}, 1, args);
        SS_CHECK(bound[0]->is(Value::Kind::Tuple) || bound[0]->is(Value::Kind::List), TypeError, name,
                 "(): argument 'indices' must be tuple of Tensors, not ", typeName(*bound[0]));
        SS_CHECK(bound[1]->isTensor(), TypeError, name, "(): argument 'values' must be Tensor, not ",
                 typeName(*bound[1]));
        std::vector<ops::AdvancedItem> items;
        const std::vector<Value> indices = bound[0]->sequenceItems();
        for (std::size_t i = 0; i < indices.size(); ++i) {
            // The Python binding takes a list of Tensors (None, which C++ callers may pass, is refused).
            SS_CHECK(indices[i].isTensor(), TypeError, "expected Tensor as element ", i, " in argument 0, but got ",
                     typeName(indices[i]));
            ops::AdvancedItem item;
            item.isTensor = true;
            item.tensor = indices[i].asTensor();
            items.push_back(item);
        }
        const bool accumulate = bound[2] && truthy(*bound[2]);
        const Tensor target = inPlace ? self : ops::clone(self);
        if (inPlace)
            context.aboutToWrite(target);
        ops::advancedSetIndex(target, items, Operand::of(bound[1]->asTensor()), accumulate);
        return Value::fromTensor(target);
    };
    r.custom("Tensor.index_put_", [indexPut](const CallArguments& args, const Tensor* self, C context) {
        return indexPut(*self, args, "index_put_", context, true);
    });
    r.custom("Tensor.index_put", [indexPut](const CallArguments& args, const Tensor* self, C context) {
        return indexPut(*self, args, "index_put", context, false);
    });
    r.tensorNames.push_back("index_put_");
    r.tensorNames.push_back("index_put");
    // Joining (out= is refused as for cat and stack).
    r.torchFunction("concat", {"concat(TensorList tensors, int64_t dim=0, *, Tensor out=None)"}, [](P p, C) {
        checkFactoryOptions(p);
        return Value::fromTensor(ops::cat(p.tensorList(0), intArg(p, "dim")));
    });
    // The stacks of a tensor list (row_stack is vstack under another name, as in ATen).
    const std::pair<const char*, Tensor (*)(const std::vector<Tensor>&)> stacks[] = {
        {"hstack", &ops::hstack},    {"vstack", &ops::vstack},
        {"dstack", &ops::dstack},    {"column_stack", &ops::columnStack},
        {"row_stack", &ops::vstack},
    };
    for (const auto& [name, stack] : stacks)
        r.torchFunction(name, {std::string(name) + "(TensorList tensors, *, Tensor out=None)"},
                        [stack = stack](P p, C) {
                            checkFactoryOptions(p);
                            return Value::fromTensor(stack(p.tensorList(0)));
                        });
    // The *_like factories are registered with the views (TorchApiViews.cpp, ops::like).
}

// ---- the Python operators on tensors ------------------------------------------------------

Operand operandOf(const Value& v) {
    return v.isTensor() ? Operand::of(v.asTensor()) : Operand::of(v.asScalar());
}

[[noreturn]] void unsupportedOperand(const std::string& symbol, const Value& lhs, const Value& rhs) {
    fail(ErrorKind::TypeError, "unsupported operand type(s) for ", symbol, ": '", typeName(lhs), "' and '",
         typeName(rhs), "'");
}

} // namespace

Value tensorBinaryOperation(BinaryOp op, const Value& lhs, const Value& rhs) {
    const std::string symbol = binaryOperatorSymbol(op);
    if (!(lhs.isTensor() || lhs.isNumber()) || !(rhs.isTensor() || rhs.isNumber()))
        unsupportedOperand(symbol, lhs, rhs);
    const Operand a = operandOf(lhs), b = operandOf(rhs);
    const auto result = [](const Tensor& t) { return Value::fromTensor(t); };
    switch (op) {
    case BinaryOp::Add:
        return result(lhs.isTensor() ? ops::binary(BinaryKind::Add, a, b) : ops::binary(BinaryKind::Add, b, a));
    case BinaryOp::Multiply:
        return result(lhs.isTensor() ? ops::binary(BinaryKind::Mul, a, b) : ops::binary(BinaryKind::Mul, b, a));
    case BinaryOp::Subtract:
        return result(ops::binary(BinaryKind::Sub, a, b));
    case BinaryOp::Divide:
        // Tensor.__rtruediv__ is self.reciprocal() * other (torch/_tensor.py).
        if (!lhs.isTensor())
            return result(ops::binary(BinaryKind::Mul, Operand::of(ops::unary(UnaryKind::Reciprocal, rhs.asTensor())), a));
        return result(ops::binary(BinaryKind::Div, a, b));
    case BinaryOp::FloorDivide:
        return result(ops::binary(BinaryKind::DivFloor, a, b));
    case BinaryOp::Modulo:
        return result(ops::binary(BinaryKind::Remainder, a, b));
    case BinaryOp::Power:
        return result(ops::binary(BinaryKind::Pow, a, b));
    case BinaryOp::BitAnd:
    case BinaryOp::BitOr:
    case BinaryOp::BitXor: {
        const BinaryKind kind = op == BinaryOp::BitAnd  ? BinaryKind::BitAnd
                                : op == BinaryOp::BitOr ? BinaryKind::BitOr
                                                        : BinaryKind::BitXor;
        return result(lhs.isTensor() ? ops::binary(kind, a, b) : ops::binary(kind, b, a));
    }
    case BinaryOp::MatMul:
        return tensorMatmulOperation(lhs, rhs);
    case BinaryOp::LeftShift:
    case BinaryOp::RightShift:
        fail(ErrorKind::RuntimeError, "shifts (", symbol, ") on tensors are not supported by StrideScope");
    }
    unsupportedOperand(symbol, lhs, rhs);
}

Value tensorUnaryOperation(UnaryOp op, const Tensor& operand) {
    switch (op) {
    case UnaryOp::Negate:
        return Value::fromTensor(ops::unary(UnaryKind::Neg, operand));
    case UnaryOp::Plus:
        return positive(operand);
    case UnaryOp::Invert:
        SS_CHECK(!isFloating(operand.dtype()) && !isComplex(operand.dtype()), TypeError,
                 "~ (operator.invert) is only implemented on integer and Boolean-type tensors");
        return Value::fromTensor(ops::unary(UnaryKind::BitwiseNot, operand));
    case UnaryOp::Not:
        break;
    }
    return Value::fromBool(!truthy(Value::fromTensor(operand)));
}

std::optional<Value> tensorComparison(CompareOp op, const Value& lhs, const Value& rhs) {
    if (!(lhs.isTensor() || lhs.isNumber()) || !(rhs.isTensor() || rhs.isNumber())) {
        // Tensor.__eq__ with anything else is NotImplemented: Python falls back to identity.
        if (op == CompareOp::Equal || op == CompareOp::NotEqual)
            return Value::fromBool(op == CompareOp::NotEqual);
        fail(ErrorKind::TypeError, "'", compareOperatorSymbol(op), "' not supported between instances of '",
             typeName(lhs), "' and '", typeName(rhs), "'");
    }
    // A number on the left is the reflected comparison of the tensor: 2 < x is x > 2.
    const bool reflect = !lhs.isTensor();
    const Operand self = operandOf(reflect ? rhs : lhs), other = operandOf(reflect ? lhs : rhs);
    BinaryKind kind = BinaryKind::Eq;
    switch (op) {
    case CompareOp::Equal:
        kind = BinaryKind::Eq;
        break;
    case CompareOp::NotEqual:
        kind = BinaryKind::Ne;
        break;
    case CompareOp::Less:
        kind = reflect ? BinaryKind::Gt : BinaryKind::Lt;
        break;
    case CompareOp::LessEqual:
        kind = reflect ? BinaryKind::Ge : BinaryKind::Le;
        break;
    case CompareOp::Greater:
        kind = reflect ? BinaryKind::Lt : BinaryKind::Gt;
        break;
    case CompareOp::GreaterEqual:
        kind = reflect ? BinaryKind::Le : BinaryKind::Ge;
        break;
    }
    return Value::fromTensor(ops::binary(kind, self, other));
}

namespace registry_detail {

void registerArithmetic(Registry& r) {
    registerElementwise(r);
    registerReductions(r);
    registerIndexing(r);
}

} // namespace registry_detail

} // namespace stridescope::script
