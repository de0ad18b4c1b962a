#pragma once
// A value of the script language: what a Python name can be bound to in a StrideScope script.
// Tensors are held by value but share their Storage (Tensor holds a shared_ptr), so binding a
// view to a second name shares memory exactly as in Python.
#include "core/DType.h"
#include "core/Device.h"
#include "core/Layout.h"
#include "core/Tensor.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace stridescope::script {

class Value;

struct NoneValue {
    bool operator==(const NoneValue&) const = default;
};
struct EllipsisValue {
    bool operator==(const EllipsisValue&) const = default;
};
// torch.Size: a tuple of ints with its own repr.
struct SizeValue {
    Shape dims;
};
// Tuples and lists share their items: values are immutable once built, so a copy (binding a
// name, [a] * n) costs a pointer, not the items.
// A structseq such as torch.return_types.max: a tuple whose items also have names.
struct NamedTupleType {
    std::string name;                // "torch.return_types.max"
    std::vector<std::string> fields; // "values", "indices"
};
struct TupleValue {
    std::shared_ptr<const std::vector<Value>> items;
    int depth =
        1; // nesting depth of tuples/lists, bounded so that walks over values cannot overflow the stack
    // Items counted through nested tuples and lists, each time they appear: what repr, == and
    // torch.tensor() walk. Shared items make `a = [a, a]` cheap to build, and this is what
    // bounds the walks (kMaxNestedItems), which would otherwise double with every such statement.
    std::int64_t weight = 0;
    std::shared_ptr<const NamedTupleType> named; // null for a plain tuple
};
struct ListValue {
    std::shared_ptr<const std::vector<Value>> items;
    int depth = 1;
    std::int64_t weight = 0; // see TupleValue
};

// Values nest at most this deep (`a = [a]` repeated would otherwise build a chain that every
// recursive walk, down to the destructor, would have to follow).
inline constexpr int kMaxValueNesting = 500;
// ... and hold at most this many items in all, counting nested ones each time they appear.
inline constexpr std::int64_t kMaxNestedItems = std::int64_t(1) << 20;
// range(start, stop, step), kept lazy so that range(1 << 40) costs nothing until iterated.
struct RangeValue {
    std::int64_t start = 0;
    std::int64_t stop = 0;
    std::int64_t step = 1;
    std::int64_t length() const;
    // For 0 <= index < length() the result lies between start and stop, so computing modulo
    // 2**64 is exact (and has no signed overflow on the way: range(-2**63, 2**63-1, 3)[-1]).
    std::int64_t at(std::int64_t index) const {
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(start) +
                                         static_cast<std::uint64_t>(index) * static_cast<std::uint64_t>(step));
    }
};
struct ModuleValue {
    std::string name; // "torch"
};
// A callable: a torch function ("torch.zeros"), a builtin ("print"), the torch.Size type
// ("torch.Size") or a tensor method bound to its tensor ("Tensor.view" with self).
struct FunctionValue {
    std::string name;
    std::optional<Tensor> self;
};
// What torch.manual_seed returns; only its repr matters here.
struct GeneratorValue {};
// x.storage() (a TypedStorage of the tensor's dtype) or x.untyped_storage() (bytes): a handle
// on the tensor's Storage, read in `dtype`.
struct StorageValue {
    StoragePtr storage;
    DType dtype = DType::UInt8;
    bool untyped = false;
};

// torch.device: a type and an optional index (core/Device.h).
struct DeviceValue {
    Device device;
};

// torch.strided and the other torch.layout values. StrideScope's tensors are all strided; the
// others exist so that a script naming them gets PyTorch's objects and a clear refusal.
enum class TorchLayout { Strided, SparseCoo, SparseCsr, SparseCsc, SparseBsr, SparseBsc, Mkldnn };
struct TorchLayoutValue {
    TorchLayout layout = TorchLayout::Strided;
};
// The attribute name of each under torch ("strided", "sparse_coo", ..., "_mkldnn").
const char* torchLayoutName(TorchLayout layout);

// A Python complex: two doubles.
struct ComplexNumber {
    double real = 0.0;
    double imag = 0.0;
};

class Value {
public:
    enum class Kind {
        None,
        Bool,
        Int,
        Float,
        String,
        Tensor,
        DType,
        MemoryFormat,
        Size,
        Tuple,
        List,
        Range,
        Ellipsis,
        Module,
        Function,
        Generator,
        Storage,
        Device,
        Complex,
        TorchLayout,
    };

    Value() = default;
    static Value none() { return Value(); }
    static Value fromBool(bool v) { return Value(Data(std::in_place_index<1>, v)); }
    static Value fromInt(std::int64_t v) { return Value(Data(std::in_place_index<2>, v)); }
    static Value fromFloat(double v) { return Value(Data(std::in_place_index<3>, v)); }
    static Value fromString(std::string v) { return Value(Data(std::in_place_index<4>, std::move(v))); }
    static Value fromTensor(Tensor v) { return Value(Data(std::in_place_index<5>, std::move(v))); }
    static Value fromDType(DType v) { return Value(Data(std::in_place_index<6>, v)); }
    static Value fromMemoryFormat(MemoryFormat v) { return Value(Data(std::in_place_index<7>, v)); }
    static Value fromSize(Shape dims) {
        return Value(Data(std::in_place_index<8>, SizeValue{std::move(dims)}));
    }
    // Throw TensorError(RuntimeError) beyond kMaxValueNesting.
    static Value tuple(std::vector<Value> items);
    static Value list(std::vector<Value> items);
    // A structseq: a tuple whose items are also read as attributes (values, indices).
    static Value namedTuple(std::shared_ptr<const NamedTupleType> type, std::vector<Value> items);
    // The named type of a tuple made by namedTuple(), else null.
    const NamedTupleType* namedTupleType() const;
    static Value range(RangeValue r) { return Value(Data(std::in_place_index<11>, r)); }
    static Value ellipsis() { return Value(Data(std::in_place_index<12>, EllipsisValue{})); }
    static Value module(std::string name) {
        return Value(Data(std::in_place_index<13>, ModuleValue{std::move(name)}));
    }
    static Value function(std::string name, std::optional<Tensor> self = std::nullopt) {
        return Value(Data(std::in_place_index<14>, FunctionValue{std::move(name), std::move(self)}));
    }
    static Value generator() { return Value(Data(std::in_place_index<15>, GeneratorValue{})); }
    static Value storage(StorageValue s) { return Value(Data(std::in_place_index<16>, std::move(s))); }
    static Value fromDevice(Device d) { return Value(Data(std::in_place_index<17>, DeviceValue{d})); }
    // A Python complex number (1+2j, complex(a, b)).
    static Value fromComplex(double re, double im) {
        return Value(Data(std::in_place_index<18>, ComplexNumber{re, im}));
    }
    static Value fromTorchLayout(TorchLayout l) {
        return Value(Data(std::in_place_index<19>, TorchLayoutValue{l}));
    }
    // A Python number from a Scalar: bool, int or float.
    static Value fromScalar(const Scalar& s);

    Kind kind() const { return static_cast<Kind>(m_data.index()); }
    bool is(Kind k) const { return kind() == k; }
    bool isNone() const { return is(Kind::None); }
    bool isTensor() const { return is(Kind::Tensor); }
    // int, bool (a Python bool is an int), float or complex.
    bool isNumber() const { return is(Kind::Int) || is(Kind::Bool) || is(Kind::Float) || is(Kind::Complex); }
    // int, bool or float: the numbers that order and convert to float without losing a part.
    bool isRealNumber() const { return is(Kind::Int) || is(Kind::Bool) || is(Kind::Float); }
    // tuple, list or torch.Size: the sequences whose items can be read without computing.
    bool isSequence() const { return is(Kind::Tuple) || is(Kind::List) || is(Kind::Size); }

    bool asBool() const { return std::get<1>(m_data); }
    std::int64_t asInt() const { return std::get<2>(m_data); }
    double asFloat() const { return std::get<3>(m_data); }
    const std::string& asString() const { return std::get<4>(m_data); }
    const Tensor& asTensor() const { return std::get<5>(m_data); }
    DType asDType() const { return std::get<6>(m_data); }
    MemoryFormat asMemoryFormat() const { return std::get<7>(m_data); }
    const Shape& asSize() const { return std::get<8>(m_data).dims; }
    const std::vector<Value>& asTuple() const { return *std::get<9>(m_data).items; }
    const std::vector<Value>& asList() const { return *std::get<10>(m_data).items; }
    const RangeValue& asRange() const { return std::get<11>(m_data); }
    const ModuleValue& asModule() const { return std::get<13>(m_data); }
    const FunctionValue& asFunction() const { return std::get<14>(m_data); }
    const StorageValue& asStorage() const { return std::get<16>(m_data); }
    const Device& asDevice() const { return std::get<17>(m_data).device; }
    const ComplexNumber& asComplex() const { return std::get<18>(m_data); }
    TorchLayout asTorchLayout() const { return std::get<19>(m_data).layout; }

    // 1 for a tuple or list of non-sequences, more for nested ones, 0 for everything else.
    int nestingDepth() const;
    // Items of a tuple or list, nested ones included each time they appear; 0 for other values.
    std::int64_t nestedItemCount() const;

    // Items of a tuple, list or torch.Size (whose ints become Values). Requires isSequence().
    std::vector<Value> sequenceItems() const;
    // A bool or int as int64 (Python's bool is an int subclass). Requires Bool or Int.
    std::int64_t asIntegral() const { return is(Kind::Bool) ? (asBool() ? 1 : 0) : asInt(); }
    // An int, bool or float as double (a complex number's real part). Requires isNumber().
    double asDouble() const;
    // A Python number as a Scalar. Requires isNumber().
    Scalar asScalar() const;

private:
    using Data =
        std::variant<NoneValue, bool, std::int64_t, double, std::string, Tensor, DType, MemoryFormat,
                     SizeValue, TupleValue, ListValue, RangeValue, EllipsisValue, ModuleValue, FunctionValue,
                     GeneratorValue, StorageValue, DeviceValue, ComplexNumber, TorchLayoutValue>;
    explicit Value(Data data) : m_data(std::move(data)) {}
    Data m_data;
};

// type(v).__name__ as Python and PyTorch messages spell it: "int", "float", "Tensor",
// "torch.dtype", "torch.Size", "NoneType", "builtin_function_or_method", ...
std::string typeName(const Value& value);

} // namespace stridescope::script
