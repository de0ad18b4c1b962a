#include "core/script/Operators.h"

#include "core/Error.h"
#include "core/Ops.h"
#include "core/ValueWorkLimit.h"
#include "core/script/Repr.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace stridescope::script {

namespace {

constexpr ErrorKind kZeroDivision = ErrorKind::ZeroDivisionError;

bool isIntLike(const Value& v) { return v.is(Value::Kind::Int) || v.is(Value::Kind::Bool); }

[[noreturn]] void overflow(const Value& lhs, BinaryOp op, const Value& rhs) {
    fail(ErrorKind::OverflowError, "integer overflow: ", lhs.asIntegral(), " ", binaryOperatorSymbol(op), " ",
         rhs.asIntegral(), " does not fit in 64 bits (StrideScope integers are int64)");
}

[[noreturn]] void unsupportedOperands(BinaryOp op, const Value& lhs, const Value& rhs) {
    if (lhs.isTensor() || rhs.isTensor())
        fail(ErrorKind::TypeError, "tensor arithmetic (", typeName(lhs), " ", binaryOperatorSymbol(op), " ",
             typeName(rhs),
             ") is not supported by StrideScope, which models layouts and in-place writes; "
             "use the in-place methods add_(), mul_(), fill_() or copy_()");
    fail(ErrorKind::TypeError, "unsupported operand type(s) for ", binaryOperatorSymbol(op), ": '",
         typeName(lhs), "' and '", typeName(rhs), "'");
}

std::int64_t floorDivide(std::int64_t a, std::int64_t b) {
    const std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

std::int64_t floorModulo(std::int64_t a, std::int64_t b) {
    const std::int64_t r = a % b;
    return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

Value integerPower(const Value& lhs, const Value& rhs) {
    const std::int64_t base = lhs.asIntegral();
    std::int64_t exponent = rhs.asIntegral();
    if (exponent < 0) {
        if (base == 0)
            fail(kZeroDivision, "0.0 cannot be raised to a negative power");
        return Value::fromFloat(std::pow(static_cast<double>(base), static_cast<double>(exponent)));
    }
    std::int64_t result = 1;
    std::int64_t factor = base;
    while (exponent > 0) {
        if (exponent & 1)
            if (__builtin_mul_overflow(result, factor, &result))
                overflow(lhs, BinaryOp::Power, rhs);
        exponent >>= 1;
        if (exponent > 0 && __builtin_mul_overflow(factor, factor, &factor))
            overflow(lhs, BinaryOp::Power, rhs);
    }
    return Value::fromInt(result);
}

Value integerOperation(BinaryOp op, const Value& lhs, const Value& rhs) {
    const std::int64_t a = lhs.asIntegral();
    const std::int64_t b = rhs.asIntegral();
    std::int64_t result = 0;
    switch (op) {
    case BinaryOp::Add:
        if (__builtin_add_overflow(a, b, &result))
            overflow(lhs, op, rhs);
        return Value::fromInt(result);
    case BinaryOp::Subtract:
        if (__builtin_sub_overflow(a, b, &result))
            overflow(lhs, op, rhs);
        return Value::fromInt(result);
    case BinaryOp::Multiply:
        if (__builtin_mul_overflow(a, b, &result))
            overflow(lhs, op, rhs);
        return Value::fromInt(result);
    case BinaryOp::Divide:
        if (b == 0)
            fail(kZeroDivision, "division by zero");
        // Exact for |a|, |b| < 2^53; Python rounds the exact quotient, which agrees there.
        return Value::fromFloat(static_cast<double>(a) / static_cast<double>(b));
    case BinaryOp::FloorDivide:
        if (b == 0)
            fail(kZeroDivision, "integer division or modulo by zero");
        if (a == std::numeric_limits<std::int64_t>::min() && b == -1)
            overflow(lhs, op, rhs);
        return Value::fromInt(floorDivide(a, b));
    case BinaryOp::Modulo:
        if (b == 0)
            fail(kZeroDivision, "integer modulo by zero");
        if (b == -1)
            return Value::fromInt(0);
        return Value::fromInt(floorModulo(a, b));
    case BinaryOp::Power:
        return integerPower(lhs, rhs);
    case BinaryOp::LeftShift:
        if (b < 0)
            fail(ErrorKind::ValueError, "negative shift count");
        if (a == 0)
            return Value::fromInt(0);
        if (b >= 63 || (a > 0 ? a > (std::numeric_limits<std::int64_t>::max() >> b)
                              : a < (std::numeric_limits<std::int64_t>::min() >> b)))
            overflow(lhs, op, rhs);
        return Value::fromInt(static_cast<std::int64_t>(static_cast<std::uint64_t>(a) << b));
    case BinaryOp::RightShift:
        if (b < 0)
            fail(ErrorKind::ValueError, "negative shift count");
        return Value::fromInt(b >= 63 ? (a < 0 ? -1 : 0) : a >> b);
    case BinaryOp::BitAnd:
        if (lhs.is(Value::Kind::Bool) && rhs.is(Value::Kind::Bool))
            return Value::fromBool(lhs.asBool() && rhs.asBool());
        return Value::fromInt(a & b);
    case BinaryOp::BitOr:
        if (lhs.is(Value::Kind::Bool) && rhs.is(Value::Kind::Bool))
            return Value::fromBool(lhs.asBool() || rhs.asBool());
        return Value::fromInt(a | b);
    case BinaryOp::BitXor:
        if (lhs.is(Value::Kind::Bool) && rhs.is(Value::Kind::Bool))
            return Value::fromBool(lhs.asBool() != rhs.asBool());
        return Value::fromInt(a ^ b);
    case BinaryOp::MatMul:
        break;
    }
    unsupportedOperands(op, lhs, rhs);
}

// CPython's float_divmod, so that -7.5 // 2 and -7.5 % 2 agree with Python to the last bit.
std::pair<double, double> floatDivmod(double vx, double wx) {
    double mod = std::fmod(vx, wx);
    double div = (vx - mod) / wx;
    if (mod != 0.0) {
        if ((wx < 0) != (mod < 0)) {
            mod += wx;
            div -= 1.0;
        }
    } else {
        mod = std::copysign(0.0, wx);
    }
    double floordiv;
    if (div != 0.0) {
        floordiv = std::floor(div);
        if (div - floordiv > 0.5)
            floordiv += 1.0;
    } else {
        floordiv = std::copysign(0.0, vx / wx);
    }
    return {floordiv, mod};
}

// ---- Python's complex numbers, computed as CPython's Objects/complexobject.c computes them ----
struct Complex {
    double re = 0.0;
    double im = 0.0;
};

Complex asComplexNumber(const Value& v) {
    if (v.is(Value::Kind::Complex))
        return {v.asComplex().real, v.asComplex().imag};
    return {v.asDouble(), 0.0};
}

Value complexValue(Complex c) { return Value::fromComplex(c.re, c.im); }

Complex complexProduct(Complex a, Complex b) {
    return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

// _Py_c_quot: Smith's method, scaling by the larger part of the divisor.
Complex complexQuotient(Complex a, Complex b) {
    const double absBr = std::abs(b.re), absBi = std::abs(b.im);
    if (absBr >= absBi) {
        if (absBr == 0.0)
            fail(kZeroDivision, "complex division by zero");
        const double ratio = b.im / b.re;
        const double denom = b.re + b.im * ratio;
        return {(a.re + a.im * ratio) / denom, (a.im - a.re * ratio) / denom};
    }
    if (absBi >= absBr) {
        const double ratio = b.re / b.im;
        const double denom = b.re * ratio + b.im;
        return {(a.re * ratio + a.im) / denom, (a.im * ratio - a.re) / denom};
    }
    return {std::nan(""), std::nan("")}; // a NaN in b
}

// c_powu: binary exponentiation, which CPython uses for integral exponents up to 100.
Complex complexPowerUnsigned(Complex x, long n) {
    Complex r{1.0, 0.0}, p = x;
    for (long mask = 1; mask > 0 && n >= mask; mask <<= 1) {
        if (n & mask)
            r = complexProduct(r, p);
        p = complexProduct(p, p);
    }
    return r;
}

Complex complexPower(Complex a, Complex b) {
    if (b.im == 0.0 && b.re == std::floor(b.re) && std::abs(b.re) <= 100.0) {
        const long n = static_cast<long>(b.re);
        if (n > 0)
            return complexPowerUnsigned(a, n);
        if (n < 0)
            return complexQuotient({1.0, 0.0}, complexPowerUnsigned(a, -n));
    }
    // _Py_c_pow
    if (b.re == 0.0 && b.im == 0.0)
        return {1.0, 0.0};
    if (a.re == 0.0 && a.im == 0.0) {
        if (b.im != 0.0 || b.re < 0.0)
            fail(kZeroDivision, "0.0 to a negative or complex power");
        return {0.0, 0.0};
    }
    const double vabs = std::hypot(a.re, a.im);
    double len = std::pow(vabs, b.re);
    const double at = std::atan2(a.im, a.re);
    double phase = at * b.re;
    if (b.im != 0.0) {
        len /= std::exp(at * b.im);
        phase += b.im * std::log(vabs);
    }
    return {len * std::cos(phase), len * std::sin(phase)};
}

Value complexOperation(BinaryOp op, const Value& lhs, const Value& rhs) {
    const Complex a = asComplexNumber(lhs), b = asComplexNumber(rhs);
    switch (op) {
    case BinaryOp::Add:
        return complexValue({a.re + b.re, a.im + b.im});
    case BinaryOp::Subtract:
        return complexValue({a.re - b.re, a.im - b.im});
    case BinaryOp::Multiply:
        // A real operand is a complex with a zero imaginary part, as Python converts it.
        return complexValue(complexProduct(a, b));
    case BinaryOp::Divide:
        return complexValue(complexQuotient(a, b));
    case BinaryOp::Power:
        return complexValue(complexPower(a, b));
    default:
        unsupportedOperands(op, lhs, rhs);
    }
}

Value floatOperation(BinaryOp op, const Value& lhs, const Value& rhs) {
    const double a = lhs.asDouble();
    const double b = rhs.asDouble();
    switch (op) {
    case BinaryOp::Add:
        return Value::fromFloat(a + b);
    case BinaryOp::Subtract:
        return Value::fromFloat(a - b);
    case BinaryOp::Multiply:
        return Value::fromFloat(a * b);
    case BinaryOp::Divide:
        if (b == 0.0)
            fail(kZeroDivision, "float division by zero");
        return Value::fromFloat(a / b);
    case BinaryOp::FloorDivide:
        if (b == 0.0)
            fail(kZeroDivision, "float floor division by zero");
        return Value::fromFloat(floatDivmod(a, b).first);
    case BinaryOp::Modulo:
        if (b == 0.0)
            fail(kZeroDivision, "float modulo");
        return Value::fromFloat(floatDivmod(a, b).second);
    case BinaryOp::Power: {
        if (a == 0.0 && b < 0.0)
            fail(kZeroDivision, "0.0 cannot be raised to a negative power");
        if (a < 0.0 && std::isfinite(b) && b != std::floor(b))
            return complexValue(complexPower({a, 0.0}, {b, 0.0})); // float_pow: a complex result
        const double result = std::pow(a, b);
        if (std::isinf(result) && std::isfinite(a) && std::isfinite(b))
            fail(ErrorKind::OverflowError, "(34, 'Numerical result out of range')");
        return Value::fromFloat(result);
    }
    default:
        unsupportedOperands(op, lhs, rhs);
    }
}

std::vector<Value> repeated(const std::vector<Value>& items, std::int64_t times) {
    std::vector<Value> out;
    if (times <= 0 || items.empty()) // () * (2**63 - 1) must not loop 2**63 times to add nothing
        return out;
    SS_CHECK(static_cast<double>(items.size()) * static_cast<double>(times) <=
                 static_cast<double>(kMaxIterationItems),
             OverflowError, "sequence repetition is too large");
    for (std::int64_t i = 0; i < times; ++i)
        out.insert(out.end(), items.begin(), items.end());
    return out;
}

Value sequenceOperation(BinaryOp op, const Value& lhs, const Value& rhs) {
    const Value::Kind lk = lhs.kind();
    if (op == BinaryOp::Add) {
        if (lk == Value::Kind::String && rhs.is(Value::Kind::String)) {
            // Bounded like repetition: `s = s + s` would otherwise double to gigabytes.
            const std::size_t size = lhs.asString().size() + rhs.asString().size();
            SS_CHECK(size <= static_cast<std::size_t>(kMaxIterationItems), OverflowError,
                     "concatenated string is too long");
            ValueWorkLimit::charge(static_cast<std::int64_t>(size));
            return Value::fromString(lhs.asString() + rhs.asString());
        }
        if (lk == Value::Kind::String)
            fail(ErrorKind::TypeError, "can only concatenate str (not \"", typeName(rhs), "\") to str");
        if (lk == Value::Kind::List) {
            SS_CHECK(rhs.is(Value::Kind::List), TypeError, "can only concatenate list (not \"", typeName(rhs),
                     "\") to list");
            std::vector<Value> items = lhs.asList();
            items.insert(items.end(), rhs.asList().begin(), rhs.asList().end());
            return Value::list(std::move(items));
        }
        // tuple + tuple; torch.Size + tuple is a torch.Size, tuple + torch.Size a tuple.
        SS_CHECK(rhs.is(Value::Kind::Tuple) || rhs.is(Value::Kind::Size), TypeError,
                 "can only concatenate tuple (not \"", typeName(rhs), "\") to tuple");
        std::vector<Value> items = lhs.sequenceItems();
        const std::vector<Value> more = rhs.sequenceItems();
        items.insert(items.end(), more.begin(), more.end());
        if (lk == Value::Kind::Size) {
            Shape dims;
            for (const Value& item : items) {
                SS_CHECK(item.is(Value::Kind::Int), TypeError,
                         "torch.Size() takes an iterable of 'int' (item ", dims.size(), " is '",
                         typeName(item), "')");
                dims.push_back(item.asInt());
            }
            return Value::fromSize(std::move(dims));
        }
        return Value::tuple(std::move(items));
    }
    if (op == BinaryOp::Multiply) {
        const bool sequenceFirst = !isIntLike(lhs);
        const Value& sequence = sequenceFirst ? lhs : rhs;
        const Value& count = sequenceFirst ? rhs : lhs;
        if (!isIntLike(count))
            fail(ErrorKind::TypeError, "can't multiply sequence by non-int of type '", typeName(count), "'");
        const std::int64_t times = count.asIntegral();
        if (sequence.is(Value::Kind::String)) {
            std::string out;
            SS_CHECK(times <= 0 ||
                         static_cast<double>(sequence.asString().size()) * static_cast<double>(times) <=
                             static_cast<double>(kMaxIterationItems),
                     OverflowError, "repeated string is too long");
            if (sequence.asString().empty())
                return Value::fromString(""); // and '' * (2**63 - 1) neither
            if (times > 0)
                ValueWorkLimit::charge(static_cast<std::int64_t>(sequence.asString().size()) * times);
            for (std::int64_t i = 0; i < times; ++i)
                out += sequence.asString();
            return Value::fromString(out);
        }
        std::vector<Value> items = repeated(sequence.sequenceItems(), times);
        if (sequence.is(Value::Kind::List))
            return Value::list(std::move(items));
        if (sequence.is(Value::Kind::Size)) {
            Shape dims;
            for (const Value& item : items)
                dims.push_back(item.asInt());
            return Value::fromSize(std::move(dims));
        }
        return Value::tuple(std::move(items));
    }
    unsupportedOperands(op, lhs, rhs);
}

bool isSequenceOrString(const Value& v) { return v.isSequence() || v.is(Value::Kind::String); }

} // namespace

Value binaryOperation(BinaryOp op, const Value& lhs, const Value& rhs) {
    if (lhs.isTensor() || rhs.isTensor())
        return tensorBinaryOperation(op, lhs, rhs);
    if (isIntLike(lhs) && isIntLike(rhs))
        return integerOperation(op, lhs, rhs);
    if (lhs.isNumber() && rhs.isNumber()) {
        if (op == BinaryOp::LeftShift || op == BinaryOp::RightShift || op == BinaryOp::BitAnd ||
            op == BinaryOp::BitOr || op == BinaryOp::BitXor || op == BinaryOp::MatMul)
            unsupportedOperands(op, lhs, rhs);
        if (lhs.is(Value::Kind::Complex) || rhs.is(Value::Kind::Complex))
            return complexOperation(op, lhs, rhs);
        return floatOperation(op, lhs, rhs);
    }
    if ((op == BinaryOp::Add && isSequenceOrString(lhs)) ||
        (op == BinaryOp::Multiply &&
         ((isSequenceOrString(lhs) && !lhs.isNumber()) || isSequenceOrString(rhs))))
        return sequenceOperation(op, lhs, rhs);
    if (op == BinaryOp::Modulo && lhs.is(Value::Kind::String))
        fail(ErrorKind::TypeError,
             "printf-style string formatting is not supported in StrideScope scripts; use an f-string");
    unsupportedOperands(op, lhs, rhs);
}

Value unaryOperation(UnaryOp op, const Value& operand) {
    if (op == UnaryOp::Not)
        return Value::fromBool(!truthy(operand));
    if (operand.isTensor())
        return tensorUnaryOperation(op, operand.asTensor());
    const char* symbol = op == UnaryOp::Negate ? "-" : op == UnaryOp::Plus ? "+" : "~";
    if (isIntLike(operand)) {
        const std::int64_t v = operand.asIntegral();
        switch (op) {
        case UnaryOp::Negate:
            if (v == std::numeric_limits<std::int64_t>::min())
                fail(ErrorKind::OverflowError, "integer overflow: -(", v,
                     ") does not fit in 64 bits (StrideScope integers are int64)");
            return Value::fromInt(-v);
        case UnaryOp::Plus:
            return Value::fromInt(v);
        case UnaryOp::Invert:
            return Value::fromInt(~v);
        case UnaryOp::Not:
            break;
        }
    }
    if (operand.is(Value::Kind::Float)) {
        if (op == UnaryOp::Negate)
            return Value::fromFloat(-operand.asFloat());
        if (op == UnaryOp::Plus)
            return operand;
    }
    if (operand.is(Value::Kind::Complex)) {
        if (op == UnaryOp::Negate)
            return Value::fromComplex(-operand.asComplex().real, -operand.asComplex().imag);
        if (op == UnaryOp::Plus)
            return operand;
    }
    fail(ErrorKind::TypeError, "bad operand type for unary ", symbol, ": '", typeName(operand), "'");
}

bool valuesEqual(const Value& lhs, const Value& rhs) {
    if (lhs.isTensor() || rhs.isTensor())
        fail(ErrorKind::TypeError, "comparing tensors (", typeName(lhs), " == ", typeName(rhs),
             ") computes a tensor of values and is not supported by StrideScope");
    if (lhs.isNumber() && rhs.isNumber()) {
        if (isIntLike(lhs) && isIntLike(rhs))
            return lhs.asIntegral() == rhs.asIntegral();
        if (lhs.is(Value::Kind::Complex) || rhs.is(Value::Kind::Complex)) {
            const Complex a = asComplexNumber(lhs), b = asComplexNumber(rhs);
            return a.re == b.re && a.im == b.im;
        }
        return lhs.asDouble() == rhs.asDouble();
    }
    const bool lhsTuple = lhs.is(Value::Kind::Tuple) || lhs.is(Value::Kind::Size);
    const bool rhsTuple = rhs.is(Value::Kind::Tuple) || rhs.is(Value::Kind::Size);
    if ((lhsTuple && rhsTuple) || (lhs.is(Value::Kind::List) && rhs.is(Value::Kind::List))) {
        const std::vector<Value> a = lhs.sequenceItems();
        const std::vector<Value> b = rhs.sequenceItems();
        if (a.size() != b.size())
            return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!valuesEqual(a[i], b[i]))
                return false;
        return true;
    }
    if (lhs.kind() != rhs.kind())
        return false;
    switch (lhs.kind()) {
    case Value::Kind::None:
    case Value::Kind::Ellipsis:
    case Value::Kind::Generator:
        return true;
    case Value::Kind::String:
        return lhs.asString() == rhs.asString();
    case Value::Kind::DType:
        return lhs.asDType() == rhs.asDType();
    case Value::Kind::Device:
        return lhs.asDevice() == rhs.asDevice();
    case Value::Kind::MemoryFormat:
        return lhs.asMemoryFormat() == rhs.asMemoryFormat();
    case Value::Kind::TorchLayout:
        return lhs.asTorchLayout() == rhs.asTorchLayout();
    case Value::Kind::Range: {
        const RangeValue& a = lhs.asRange();
        const RangeValue& b = rhs.asRange();
        const std::int64_t n = a.length();
        if (n != b.length())
            return false;
        return n == 0 || (a.start == b.start && (n == 1 || a.step == b.step));
    }
    case Value::Kind::Module:
        return lhs.asModule().name == rhs.asModule().name;
    case Value::Kind::Function:
        return lhs.asFunction().name == rhs.asFunction().name && !lhs.asFunction().self &&
               !rhs.asFunction().self;
    default:
        return false;
    }
}

namespace {

// -1, 0, 1 for lhs < = > rhs under Python's ordering; TypeError where Python has none.
int compareOrdered(const Value& lhs, const Value& rhs, CompareOp op) {
    if (lhs.isRealNumber() && rhs.isRealNumber()) {
        if (isIntLike(lhs) && isIntLike(rhs))
            return lhs.asIntegral() < rhs.asIntegral() ? -1 : lhs.asIntegral() > rhs.asIntegral() ? 1 : 0;
        const double a = lhs.asDouble();
        const double b = rhs.asDouble();
        if (std::isnan(a) || std::isnan(b))
            return 2; // unordered: every ordering comparison is False
        return a < b ? -1 : a > b ? 1 : 0;
    }
    if (lhs.is(Value::Kind::String) && rhs.is(Value::Kind::String))
        return lhs.asString().compare(rhs.asString()) < 0 ? -1 : lhs.asString() == rhs.asString() ? 0 : 1;
    const bool lhsTuple = lhs.is(Value::Kind::Tuple) || lhs.is(Value::Kind::Size);
    const bool rhsTuple = rhs.is(Value::Kind::Tuple) || rhs.is(Value::Kind::Size);
    if ((lhsTuple && rhsTuple) || (lhs.is(Value::Kind::List) && rhs.is(Value::Kind::List))) {
        const std::vector<Value> a = lhs.sequenceItems();
        const std::vector<Value> b = rhs.sequenceItems();
        for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
            if (!valuesEqual(a[i], b[i]))
                return compareOrdered(a[i], b[i], op);
        return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
    }
    if (lhs.isTensor() || rhs.isTensor())
        fail(ErrorKind::TypeError, "comparing tensors (", typeName(lhs), " ", compareOperatorSymbol(op), " ",
             typeName(rhs), ") computes a tensor of values and is not supported by StrideScope");
    fail(ErrorKind::TypeError, "'", compareOperatorSymbol(op), "' not supported between instances of '",
         typeName(lhs), "' and '", typeName(rhs), "'");
}

} // namespace

Value comparisonValue(CompareOp op, const Value& lhs, const Value& rhs) {
    if (lhs.isTensor() || rhs.isTensor())
        if (auto tensor = tensorComparison(op, lhs, rhs))
            return *tensor;
    return Value::fromBool(compare(op, lhs, rhs));
}

bool compare(CompareOp op, const Value& lhs, const Value& rhs) {
    switch (op) {
    case CompareOp::Equal:
        return valuesEqual(lhs, rhs);
    case CompareOp::NotEqual:
        return !valuesEqual(lhs, rhs);
    default:
        break;
    }
    const int order = compareOrdered(lhs, rhs, op);
    if (order == 2)
        return false;
    switch (op) {
    case CompareOp::Less:
        return order < 0;
    case CompareOp::LessEqual:
        return order <= 0;
    case CompareOp::Greater:
        return order > 0;
    case CompareOp::GreaterEqual:
        return order >= 0;
    default:
        return false;
    }
}

bool truthy(const Value& value) {
    switch (value.kind()) {
    case Value::Kind::None:
        return false;
    case Value::Kind::Bool:
        return value.asBool();
    case Value::Kind::Int:
        return value.asInt() != 0;
    case Value::Kind::Float:
        return value.asFloat() != 0.0;
    case Value::Kind::Complex:
        return value.asComplex().real != 0.0 || value.asComplex().imag != 0.0;
    case Value::Kind::String:
        return !value.asString().empty();
    case Value::Kind::Size:
        return !value.asSize().empty();
    case Value::Kind::Tuple:
        return !value.asTuple().empty();
    case Value::Kind::List:
        return !value.asList().empty();
    case Value::Kind::Range:
        return value.asRange().length() != 0;
    case Value::Kind::Tensor: {
        const Tensor& t = value.asTensor();
        SS_CHECK(t.numel() != 0, RuntimeError, "Boolean value of Tensor with no values is ambiguous");
        SS_CHECK(t.numel() == 1, RuntimeError,
                 "Boolean value of Tensor with more than one value is ambiguous");
        SS_CHECK(t.hasValues(), RuntimeError, "the values of this tensor are not kept (layout only)");
        const Scalar v = t.valueAt(Shape(static_cast<std::size_t>(t.dim()), 0));
        return v.toDouble() != 0.0 || v.imagValue != 0.0;
    }
    default:
        return true;
    }
}

std::int64_t pythonLength(const Value& value) {
    switch (value.kind()) {
    case Value::Kind::String: {
        std::int64_t count = 0;
        for (char c : value.asString())
            if ((static_cast<unsigned char>(c) & 0xC0) != 0x80)
                ++count;
        return count;
    }
    case Value::Kind::Size:
        return static_cast<std::int64_t>(value.asSize().size());
    case Value::Kind::Tuple:
        return static_cast<std::int64_t>(value.asTuple().size());
    case Value::Kind::List:
        return static_cast<std::int64_t>(value.asList().size());
    case Value::Kind::Range:
        return value.asRange().length();
    case Value::Kind::Tensor:
        SS_CHECK(value.asTensor().dim() > 0, TypeError, "len() of a 0-d tensor");
        return value.asTensor().sizes()[0];
    case Value::Kind::Storage: // len(x.storage()) is its size() in elements of its dtype
        return value.asStorage().storage->nbytes() / itemSize(value.asStorage().dtype);
    default:
        fail(ErrorKind::TypeError, "object of type '", typeName(value), "' has no len()");
    }
}

std::vector<Value> iterate(const Value& value) {
    switch (value.kind()) {
    case Value::Kind::Size:
    case Value::Kind::Tuple:
    case Value::Kind::List:
        return value.sequenceItems();
    case Value::Kind::Range: {
        const RangeValue& r = value.asRange();
        const std::int64_t n = r.length();
        SS_CHECK(n <= kMaxIterationItems, OverflowError, "range of ", n,
                 " items is too long to iterate in a StrideScope script");
        ValueWorkLimit::charge(n);
        std::vector<Value> items;
        items.reserve(static_cast<std::size_t>(n));
        for (std::int64_t i = 0; i < n; ++i)
            items.push_back(Value::fromInt(r.at(i)));
        return items;
    }
    case Value::Kind::String: {
        std::vector<Value> items;
        const std::string& s = value.asString();
        for (std::size_t i = 0; i < s.size();) {
            std::size_t length = 1;
            while (i + length < s.size() && (static_cast<unsigned char>(s[i + length]) & 0xC0) == 0x80)
                ++length;
            items.push_back(Value::fromString(s.substr(i, length)));
            i += length;
        }
        return items;
    }
    case Value::Kind::Tensor: {
        // Tensor.__iter__ is unbind(0): one view per index of dimension 0.
        const Tensor& t = value.asTensor();
        SS_CHECK(t.dim() > 0, TypeError, "iteration over a 0-d tensor");
        SS_CHECK(t.sizes()[0] <= kMaxIterationItems, OverflowError, "tensor of ", t.sizes()[0],
                 " rows is too long to iterate in a StrideScope script");
        ValueWorkLimit::charge(t.sizes()[0]);
        std::vector<Value> items;
        for (std::int64_t i = 0; i < t.sizes()[0]; ++i)
            items.push_back(Value::fromTensor(ops::select(t, 0, i)));
        return items;
    }
    default:
        fail(ErrorKind::TypeError, "'", typeName(value), "' object is not iterable");
    }
}

namespace {

Scalar singleElement(const Tensor& t) {
    SS_CHECK(t.numel() == 1, ValueError, "only one element tensors can be converted to Python scalars");
    SS_CHECK(t.hasValues(), RuntimeError, "the values of this tensor are not kept (layout only)");
    return t.valueAt(Shape(static_cast<std::size_t>(t.dim()), 0));
}

std::string stripWhitespace(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\n\r\f\v");
    if (first == std::string::npos)
        return {};
    const auto last = text.find_last_not_of(" \t\n\r\f\v");
    return text.substr(first, last - first + 1);
}

std::int64_t floatToInt(double v) {
    if (std::isnan(v))
        fail(ErrorKind::ValueError, "cannot convert float NaN to integer");
    if (std::isinf(v))
        fail(ErrorKind::OverflowError, "cannot convert float infinity to integer");
    const double truncated = std::trunc(v);
    SS_CHECK(truncated >= -9223372036854775808.0 && truncated < 9223372036854775808.0, OverflowError, "int(",
             v, ") does not fit in 64 bits (StrideScope integers are int64)");
    return static_cast<std::int64_t>(truncated);
}

} // namespace

std::int64_t toPythonInt(const Value& value) {
    switch (value.kind()) {
    case Value::Kind::Bool:
    case Value::Kind::Int:
        return value.asIntegral();
    case Value::Kind::Float:
        return floatToInt(value.asFloat());
    case Value::Kind::Tensor: {
        const Scalar s = singleElement(value.asTensor());
        // Tensor.__int__ converts checked: a nonzero imaginary part overflows int64_t.
        if (s.isComplex() && s.imagValue != 0.0)
            checkedCastScalar(s, DType::Int64);
        return s.isFloat() ? floatToInt(s.floatValue) : s.intValue;
    }
    case Value::Kind::String: {
        std::string text = stripWhitespace(value.asString());
        std::string digits;
        bool valid = !text.empty();
        std::size_t start = (text.size() > 0 && (text[0] == '-' || text[0] == '+')) ? 1 : 0;
        for (std::size_t i = start; i < text.size() && valid; ++i) {
            if (text[i] == '_' && i > start && i + 1 < text.size() && text[i - 1] != '_')
                continue;
            valid = text[i] >= '0' && text[i] <= '9';
            digits += text[i];
        }
        valid = valid && !digits.empty();
        std::int64_t result = 0;
        if (valid) {
            const std::string signedDigits = (text[0] == '-' ? "-" : "") + digits;
            const auto r =
                std::from_chars(signedDigits.data(), signedDigits.data() + signedDigits.size(), result);
            if (r.ec == std::errc::result_out_of_range)
                fail(ErrorKind::OverflowError, "int('", value.asString(),
                     "') does not fit in 64 bits (StrideScope integers are int64)");
        }
        if (!valid)
            fail(ErrorKind::ValueError,
                 "invalid literal for int() with base 10: ", stringRepr(value.asString()));
        return result;
    }
    default:
        fail(ErrorKind::TypeError,
             "int() argument must be a string, a bytes-like object or a real number, not '", typeName(value),
             "'");
    }
}

double toPythonFloat(const Value& value) {
    switch (value.kind()) {
    case Value::Kind::Bool:
    case Value::Kind::Int:
    case Value::Kind::Float:
        return value.asDouble();
    case Value::Kind::Tensor: {
        const Scalar s = singleElement(value.asTensor());
        // Tensor.__float__: a checked conversion to double refuses a nonzero imaginary part.
        return s.isComplex() ? checkedCastScalar(s, DType::Float64).floatValue : s.toDouble();
    }
    case Value::Kind::String: {
        std::string text = stripWhitespace(value.asString());
        std::string lower;
        for (char c : text)
            lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        const bool negative = !lower.empty() && lower[0] == '-';
        const std::string unsignedText =
            (!lower.empty() && (lower[0] == '-' || lower[0] == '+')) ? lower.substr(1) : lower;
        if (unsignedText == "inf" || unsignedText == "infinity")
            return negative ? -std::numeric_limits<double>::infinity()
                            : std::numeric_limits<double>::infinity();
        if (unsignedText == "nan")
            return std::numeric_limits<double>::quiet_NaN();
        std::string cleaned;
        for (std::size_t i = 0; i < text.size(); ++i)
            if (text[i] != '_' ||
                (i > 0 && i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i - 1])) &&
                 std::isdigit(static_cast<unsigned char>(text[i + 1]))))
                cleaned += text[i];
        const char* begin = cleaned.data() + (!cleaned.empty() && cleaned[0] == '+' ? 1 : 0);
        double result = 0.0;
        const auto r = std::from_chars(begin, cleaned.data() + cleaned.size(), result);
        if (cleaned.empty() || r.ptr != cleaned.data() + cleaned.size() ||
            (r.ec != std::errc() && r.ec != std::errc::result_out_of_range))
            fail(ErrorKind::ValueError, "could not convert string to float: ", stringRepr(value.asString()));
        return result;
    }
    default:
        fail(ErrorKind::TypeError, "float() argument must be a string or a real number, not '",
             typeName(value), "'");
    }
}

} // namespace stridescope::script
