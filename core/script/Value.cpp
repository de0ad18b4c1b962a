#include "core/script/Value.h"

#include "core/Error.h"
#include "core/ValueWorkLimit.h"

#include <algorithm>

namespace stridescope::script {

std::int64_t RangeValue::length() const {
    // Computed in unsigned arithmetic so that range(-2**63, 2**63 - 1) does not overflow on the
    // way; a length beyond int64 is refused as Python refuses len() beyond ssize_t.
    std::uint64_t n = 0;
    if (step > 0 && start < stop)
        n = (static_cast<std::uint64_t>(stop) - static_cast<std::uint64_t>(start) - 1) /
                static_cast<std::uint64_t>(step) +
            1;
    else if (step < 0 && start > stop)
        n = (static_cast<std::uint64_t>(start) - static_cast<std::uint64_t>(stop) - 1) /
                (0 - static_cast<std::uint64_t>(step)) +
            1;
    SS_CHECK(n <= static_cast<std::uint64_t>(INT64_MAX), OverflowError,
             "Python int too large to convert to C ssize_t");
    return static_cast<std::int64_t>(n);
}

namespace {
int childDepth(const std::vector<Value>& items) {
    int depth = 0;
    for (const Value& item : items)
        depth = std::max(depth, item.nestingDepth());
    return depth + 1;
}

std::int64_t childWeight(const std::vector<Value>& items) {
    std::int64_t weight = static_cast<std::int64_t>(items.size());
    ValueWorkLimit::charge(weight); // building a long list is work like computing values
    for (const Value& item : items)
        weight += item.nestedItemCount(); // each term is at most kMaxNestedItems: no overflow
    SS_CHECK(weight <= kMaxNestedItems, RuntimeError, "tuples and lists holding more than ", kMaxNestedItems,
             " items in all (nested ones counted each time they appear) are not supported");
    return weight;
}
} // namespace

Value Value::tuple(std::vector<Value> items) {
    const int depth = childDepth(items);
    SS_CHECK(depth <= kMaxValueNesting, RuntimeError, "tuples and lists nested more than ", kMaxValueNesting,
             " deep are not supported");
    const std::int64_t weight = childWeight(items);
    return Value(Data(std::in_place_index<9>,
                      TupleValue{std::make_shared<const std::vector<Value>>(std::move(items)), depth, weight, nullptr}));
}

Value Value::namedTuple(std::shared_ptr<const NamedTupleType> type, std::vector<Value> items) {
    Value value = tuple(std::move(items));
    std::get<9>(value.m_data).named = std::move(type);
    return value;
}

const NamedTupleType* Value::namedTupleType() const {
    return is(Kind::Tuple) ? std::get<9>(m_data).named.get() : nullptr;
}

Value Value::list(std::vector<Value> items) {
    const int depth = childDepth(items);
    SS_CHECK(depth <= kMaxValueNesting, RuntimeError, "tuples and lists nested more than ", kMaxValueNesting,
             " deep are not supported");
    const std::int64_t weight = childWeight(items);
    return Value(Data(std::in_place_index<10>,
                      ListValue{std::make_shared<const std::vector<Value>>(std::move(items)), depth, weight}));
}

int Value::nestingDepth() const {
    if (is(Kind::Tuple))
        return std::get<9>(m_data).depth;
    if (is(Kind::List))
        return std::get<10>(m_data).depth;
    return 0;
}

std::int64_t Value::nestedItemCount() const {
    if (is(Kind::Tuple))
        return std::get<9>(m_data).weight;
    if (is(Kind::List))
        return std::get<10>(m_data).weight;
    return 0;
}

Value Value::fromScalar(const Scalar& s) {
    switch (s.kind) {
    case Scalar::Kind::Bool:
        return fromBool(s.intValue != 0);
    case Scalar::Kind::Int:
        return fromInt(s.intValue);
    case Scalar::Kind::Float:
        return fromFloat(s.floatValue);
    case Scalar::Kind::Complex:
        return fromComplex(s.floatValue, s.imagValue);
    }
    return none();
}

std::vector<Value> Value::sequenceItems() const {
    switch (kind()) {
    case Kind::Tuple:
        return asTuple();
    case Kind::List:
        return asList();
    case Kind::Size: {
        std::vector<Value> items;
        items.reserve(asSize().size());
        for (std::int64_t d : asSize())
            items.push_back(fromInt(d));
        return items;
    }
    default:
        return {};
    }
}

double Value::asDouble() const {
    switch (kind()) {
    case Kind::Bool:
        return asBool() ? 1.0 : 0.0;
    case Kind::Int:
        return static_cast<double>(asInt());
    case Kind::Complex:
        return asComplex().real;
    default:
        return asFloat();
    }
}

Scalar Value::asScalar() const {
    switch (kind()) {
    case Kind::Bool:
        return Scalar::fromBool(asBool());
    case Kind::Int:
        return Scalar::fromInt(asInt());
    case Kind::Complex:
        return Scalar::fromComplex(asComplex().real, asComplex().imag);
    default:
        return Scalar::fromFloat(asFloat());
    }
}

const char* torchLayoutName(TorchLayout layout) {
    switch (layout) {
    case TorchLayout::Strided:
        return "strided";
    case TorchLayout::SparseCoo:
        return "sparse_coo";
    case TorchLayout::SparseCsr:
        return "sparse_csr";
    case TorchLayout::SparseCsc:
        return "sparse_csc";
    case TorchLayout::SparseBsr:
        return "sparse_bsr";
    case TorchLayout::SparseBsc:
        return "sparse_bsc";
    case TorchLayout::Mkldnn:
        return "_mkldnn";
    }
    return "strided";
}

std::string typeName(const Value& value) {
    switch (value.kind()) {
    case Value::Kind::None:
        return "NoneType";
    case Value::Kind::Bool:
        return "bool";
    case Value::Kind::Int:
        return "int";
    case Value::Kind::Float:
        return "float";
    case Value::Kind::String:
        return "str";
    case Value::Kind::Tensor:
        return "Tensor";
    case Value::Kind::DType:
        return "torch.dtype";
    case Value::Kind::MemoryFormat:
        return "torch.memory_format";
    case Value::Kind::Size:
        return "torch.Size";
    case Value::Kind::Tuple:
        if (const NamedTupleType* named = value.namedTupleType())
            return named->name.substr(named->name.rfind('.') + 1); // torch.return_types.max -> max
        return "tuple";
    case Value::Kind::List:
        return "list";
    case Value::Kind::Range:
        return "range";
    case Value::Kind::Ellipsis:
        return "ellipsis";
    case Value::Kind::Module:
        return "module";
    case Value::Kind::Function: {
        const FunctionValue& f = value.asFunction();
        const bool isType = !f.self && (f.name == "torch.Size" || f.name == "int" || f.name == "float" ||
                                        f.name == "bool" || f.name == "str" || f.name == "complex" ||
                                        f.name == "tuple" || f.name == "list" || f.name == "range");
        return isType ? "type" : "builtin_function_or_method";
    }
    case Value::Kind::Generator:
        return "torch._C.Generator";
    case Value::Kind::Storage:
        return value.asStorage().untyped ? "UntypedStorage" : "TypedStorage";
    case Value::Kind::Device:
        return "torch.device";
    case Value::Kind::Complex:
        return "complex";
    case Value::Kind::TorchLayout:
        return "torch.layout";
    }
    return "object";
}

} // namespace stridescope::script
