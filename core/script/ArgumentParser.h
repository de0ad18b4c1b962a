#pragma once
// How a call's Python arguments bind to a torch function, ported from PyTorch 1.13's
// torch/csrc/utils/python_arg_parser.cpp and invalid_arguments.cpp so that a wrong call fails
// with PyTorch's own TypeError text:
//   narrow(): argument 'dim' (position 1) must be int, not float
//   view(): argument 'size' must be tuple of SymInts, but found element of type float at pos 2
//   transpose() received an invalid combination of arguments - got (int), but expected one of: ...
// Signatures are written in PyTorch's own format, e.g.
//   "narrow(int64_t dim, int64_t start, int64_t length)", "zeros(IntArrayRef size, *, ScalarType?
//   dtype=None)".
#include "core/Ops.h"
#include "core/script/Value.h"

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace stridescope::script {

// The arguments of one call, as evaluated: positional values, then keywords in call order.
struct CallArguments {
    std::vector<Value> positional;
    std::vector<std::pair<std::string, Value>> keywords;
    std::size_t count() const { return positional.size() + keywords.size(); }
};

enum class ParameterType {
    Tensor,       // "Tensor"
    Scalar,       // "Number"
    Int64,        // "int"
    SymInt,       // "SymInt"
    Double,       // "float"
    Bool,         // "bool"
    IntList,      // "tuple of ints"
    SymIntList,   // "tuple of SymInts"
    TensorList,   // "tuple of Tensors"
    ScalarType,   // "torch.dtype"
    MemoryFormat, // "torch.memory_format"
    Dimname,      // "name"
    DimnameList,  // "tuple of names"
    Layout,       // "torch.layout"
    Device,       // "torch.device"
    Generator,    // "torch.Generator"
    String,       // "str"
    Object,       // "object" (torch.tensor's data)
};

struct Parameter {
    ParameterType type = ParameterType::Object;
    std::string name;
    bool optional = false;    // has a default
    bool allowNone = false;   // "Type?" or a None default
    bool keywordOnly = false; // after "*"
    int size = 0;             // "IntArrayRef[2]": a single int is repeated this many times
    Value defaultValue;
    std::string typeName() const;
};

struct Signature {
    std::string name;
    std::vector<Parameter> params;
    bool hidden = false; // "|hidden" or "|deprecated": parsed last, never listed in errors
    bool allowNumbersAsTensors = false;
    std::size_t minArgs = 0;
    std::size_t maxArgs = 0;
    std::size_t maxPosArgs = 0;

    // Parses PyTorch's format: "name(Type name=default, *, Type? name)|hidden".
    static Signature parse(std::string_view format);
    // "(int dim, int start, int length)": how error messages list the signature.
    std::string toString() const;
};

// The result of a successful parse: which overload matched and the value of each parameter.
class ParsedArguments {
public:
    ParsedArguments(const Signature& signature, std::size_t overload,
                    std::vector<std::optional<Value>> values)
        : m_signature(&signature), m_overload(overload), m_values(std::move(values)) {}

    std::size_t overload() const { return m_overload; }
    const Signature& signature() const { return *m_signature; }
    // The index of the parameter called `name` in the matched signature; nullopt if it has none.
    std::optional<std::size_t> find(std::string_view name) const;
    // False when the argument was omitted (or None for a nullable parameter): the default applies.
    bool has(std::size_t i) const { return m_values[i].has_value(); }
    // The given value, else the parameter's default.
    const Value& raw(std::size_t i) const;

    Tensor tensor(std::size_t i) const;
    // A Tensor parameter that also accepts Python numbers (add_(1), fill_(2.5)).
    ops::Operand operand(std::size_t i) const;
    Scalar scalar(std::size_t i) const;
    std::int64_t toInt64(std::size_t i) const;
    std::optional<std::int64_t> toInt64Optional(std::size_t i) const;
    double toDouble(std::size_t i) const;
    bool toBool(std::size_t i) const;
    Shape intList(std::size_t i) const;
    std::vector<Tensor> tensorList(std::size_t i) const;
    std::optional<DType> scalarType(std::size_t i) const;
    std::optional<MemoryFormat> memoryFormat(std::size_t i) const;
    std::string string(std::size_t i) const;

private:
    const Signature* m_signature;
    std::size_t m_overload;
    std::vector<std::optional<Value>> m_values;
};

// PythonArgParser: tries each visible signature in order, then the hidden ones; if none binds,
// raises the TypeError PyTorch raises for the same call.
class ArgumentParser {
public:
    explicit ArgumentParser(const std::vector<std::string>& formats);
    // A parser whose function also has hidden overloads that StrideScope does not model: it
    // changes which error PyTorch reports (copy_, for example), so it is declared here.
    ArgumentParser& withUnmodelledHiddenOverload() {
        m_unmodelledHiddenOverload = true;
        return *this;
    }

    ParsedArguments parse(const CallArguments& arguments) const;
    const std::vector<Signature>& signatures() const { return m_signatures; }

private:
    [[noreturn]] void raiseError(const CallArguments& arguments) const;

    std::vector<Signature> m_signatures;
    std::string m_functionName;
    bool m_unmodelledHiddenOverload = false;
};

// Binds arguments the way CPython binds them to a `def` with positional-or-keyword parameters
// (`names`, the last `defaults` of which are optional), with CPython's TypeError texts. For
// methods written in Python (Tensor.split, Tensor.unflatten) `qualifiedName` is "Tensor.split"
// and `selfCounted` makes the counts include self, as Python's messages do.
std::vector<std::optional<Value>> bindPythonArguments(const std::string& qualifiedName,
                                                      const std::vector<std::string>& names,
                                                      std::size_t defaults, const CallArguments& arguments,
                                                      bool selfCounted = false);

// The 0-dim or one-element integral tensor that PyTorch accepts where an int is expected.
bool isIndexLikeTensor(const Value& value);

} // namespace stridescope::script
