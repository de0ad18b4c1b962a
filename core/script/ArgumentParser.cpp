#include "core/script/ArgumentParser.h"

#include "core/Error.h"

#include <algorithm>
#include <array>
#include <unordered_map>

namespace stridescope::script {

namespace {

struct TypeEntry {
    std::string_view spelling;
    ParameterType type;
};

constexpr std::array<TypeEntry, 19> kTypes{{
    {"Tensor", ParameterType::Tensor},
    {"Scalar", ParameterType::Scalar},
    {"int64_t", ParameterType::Int64},
    {"SymInt", ParameterType::SymInt},
    {"double", ParameterType::Double},
    {"bool", ParameterType::Bool},
    {"IntArrayRef", ParameterType::IntList},
    {"SymIntArrayRef", ParameterType::SymIntList},
    {"TensorList", ParameterType::TensorList},
    {"ScalarType", ParameterType::ScalarType},
    {"MemoryFormat", ParameterType::MemoryFormat},
    {"Dimname", ParameterType::Dimname},
    {"DimnameList", ParameterType::DimnameList},
    {"Layout", ParameterType::Layout},
    {"Device", ParameterType::Device},
    {"Generator", ParameterType::Generator},
    {"std::string", ParameterType::String},
    {"c10::string_view", ParameterType::String},
    {"PyObject*", ParameterType::Object},
}};

// torch/csrc/utils/python_arg_parser.cpp should_allow_numbers_as_tensors (1.13).
bool allowsNumbersAsTensors(std::string_view name) {
    static constexpr std::array<std::string_view, 15> kNames{
        "add",      "add_",      "div", "div_", "divide", "divide_", "mul",        "mul_",
        "multiply", "multiply_", "sub", "sub_", "to",     "copy_",   "true_divide"};
    return std::find(kNames.begin(), kNames.end(), name) != kNames.end();
}

Value parseDefault(std::string_view text) {
    if (text == "None")
        return Value::none();
    if (text == "False" || text == "True")
        return Value::fromBool(text == "True");
    if (text == "contiguous_format")
        return Value::fromMemoryFormat(MemoryFormat::Contiguous);
    if (text == "preserve_format")
        return Value::fromMemoryFormat(MemoryFormat::Preserve);
    if (text.size() >= 2 && text.front() == '"') // a string: "interpolation=\"linear\""
        return Value::fromString(std::string(text.substr(1, text.size() - 2)));
    if (!text.empty() && text.front() == '[') { // an int list: "dims=[0,1]"
        std::vector<Value> items;
        std::string_view rest = text.substr(1, text.size() - 2);
        while (!rest.empty()) {
            const auto comma = rest.find(',');
            items.push_back(Value::fromInt(std::stoll(std::string(rest.substr(0, comma)))));
            rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        }
        return Value::list(std::move(items));
    }
    const std::string number(text);
    if (number.find_first_of(".eE") != std::string::npos) // a float: "double rtol=1e-05"
        return Value::fromFloat(std::stod(number));
    return Value::fromInt(std::stoll(number));
}

bool isBuiltinTypeObject(const Value& v, std::string_view name) {
    return v.is(Value::Kind::Function) && !v.asFunction().self && v.asFunction().name == name;
}

// THPUtils_checkIndex: an int that is not a bool, or an object with __index__ (an integral
// tensor of one element).
bool checkIndex(const Value& v) { return v.is(Value::Kind::Int) || isIndexLikeTensor(v); }

bool checkIntList(const Value& v, int broadcastSize) {
    if (v.is(Value::Kind::Size))
        return true;
    if (v.is(Value::Kind::Tuple) || v.is(Value::Kind::List)) {
        const auto& items = v.is(Value::Kind::Tuple) ? v.asTuple() : v.asList();
        // PyTorch looks at the first element only; the others are checked when unpacked.
        return items.empty() || checkIndex(items.front());
    }
    return broadcastSize > 0 && v.is(Value::Kind::Int);
}

bool isZeroDimTensor(const Value& v) { return v.isTensor() && v.asTensor().dim() == 0; }

bool checkParameter(const Parameter& p, const Value& v, bool numbersAsTensors, std::size_t argnum) {
    switch (p.type) {
    case ParameterType::Tensor:
        return v.isTensor() || (numbersAsTensors && v.isNumber());
    case ParameterType::Scalar:
        return v.isNumber() || isZeroDimTensor(v);
    case ParameterType::Int64:
    case ParameterType::SymInt:
        return v.is(Value::Kind::Int) || (isZeroDimTensor(v) && isIntegral(v.asTensor().dtype(), false));
    case ParameterType::Double:
        return v.isNumber() || isZeroDimTensor(v);
    case ParameterType::Bool:
        return v.is(Value::Kind::Bool);
    case ParameterType::IntList:
    case ParameterType::SymIntList:
        return checkIntList(v, p.size);
    case ParameterType::TensorList: {
        if (!v.is(Value::Kind::Tuple) && !v.is(Value::Kind::List))
            return false;
        const auto& items = v.is(Value::Kind::Tuple) ? v.asTuple() : v.asList();
        for (std::size_t i = 0; i < items.size(); ++i)
            if (!items[i].isTensor())
                fail(ErrorKind::TypeError, "expected Tensor as element ", i, " in argument ", argnum,
                     ", but got ", typeName(items[i]));
        return true;
    }
    case ParameterType::ScalarType:
        return v.is(Value::Kind::DType) || isBuiltinTypeObject(v, "float") || isBuiltinTypeObject(v, "int") ||
               isBuiltinTypeObject(v, "bool");
    case ParameterType::MemoryFormat:
        return v.is(Value::Kind::MemoryFormat);
    case ParameterType::Dimname:
        return v.isNone() || v.is(Value::Kind::String);
    case ParameterType::DimnameList: {
        if (!v.is(Value::Kind::Tuple) && !v.is(Value::Kind::List))
            return false;
        const auto& items = v.is(Value::Kind::Tuple) ? v.asTuple() : v.asList();
        return items.empty() || items.front().isNone() || items.front().is(Value::Kind::String);
    }
    case ParameterType::Layout:
        return v.is(Value::Kind::TorchLayout);
    case ParameterType::Device:
        return v.is(Value::Kind::String) || v.is(Value::Kind::Int) || v.is(Value::Kind::Device);
    case ParameterType::Generator:
        return v.is(Value::Kind::Generator);
    case ParameterType::String:
        return v.is(Value::Kind::String);
    case ParameterType::Object:
        return true;
    }
    return false;
}

} // namespace

bool isIndexLikeTensor(const Value& value) {
    if (!value.isTensor())
        return false;
    const Tensor& t = value.asTensor();
    return isIntegral(t.dtype(), false) && t.numel() == 1 && t.hasValues();
}

std::string Parameter::typeName() const {
    switch (type) {
    case ParameterType::Tensor:
        return "Tensor";
    case ParameterType::Scalar:
        return "Number";
    case ParameterType::Int64:
        return "int";
    case ParameterType::SymInt:
        return "SymInt";
    case ParameterType::Double:
        return "float";
    case ParameterType::Bool:
        return "bool";
    case ParameterType::IntList:
        return "tuple of ints";
    case ParameterType::SymIntList:
        return "tuple of SymInts";
    case ParameterType::TensorList:
        return "tuple of Tensors";
    case ParameterType::ScalarType:
        return "torch.dtype";
    case ParameterType::MemoryFormat:
        return "torch.memory_format";
    case ParameterType::Dimname:
        return "name";
    case ParameterType::DimnameList:
        return "tuple of names";
    case ParameterType::Layout:
        return "torch.layout";
    case ParameterType::Device:
        return "torch.device";
    case ParameterType::Generator:
        return "torch.Generator";
    case ParameterType::String:
        return "str";
    case ParameterType::Object:
        return "object";
    }
    return "object";
}

Signature Signature::parse(std::string_view format) {
    Signature signature;
    const auto open = format.find('(');
    const auto close = format.rfind(')');
    signature.name = std::string(format.substr(0, open));
    const std::string_view suffix = format.substr(close + 1);
    signature.hidden = suffix == "|hidden" || suffix == "|deprecated";
    signature.allowNumbersAsTensors = allowsNumbersAsTensors(signature.name);

    std::string_view list = format.substr(open + 1, close - open - 1);
    bool keywordOnly = false;
    while (!list.empty()) {
        const auto comma = list.find(", ");
        const std::string_view item = list.substr(0, comma);
        list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 2);
        if (item == "*") {
            keywordOnly = true;
            continue;
        }
        Parameter p;
        p.keywordOnly = keywordOnly;
        const auto space = item.find(' ');
        std::string typeText(item.substr(0, space));
        std::string nameText(item.substr(space + 1));
        if (const auto question = typeText.find('?'); question != std::string::npos) {
            p.allowNone = true;
            typeText.erase(question);
        }
        if (const auto bracket = typeText.find('['); bracket != std::string::npos) {
            p.size = std::stoi(typeText.substr(bracket + 1));
            typeText.erase(bracket);
        }
        const auto entry = std::find_if(kTypes.begin(), kTypes.end(),
                                        [&](const TypeEntry& e) { return e.spelling == typeText; });
        p.type = entry->type;
        if (const auto eq = nameText.find('='); eq != std::string::npos) {
            p.optional = true;
            const std::string defaultText = nameText.substr(eq + 1);
            p.defaultValue = parseDefault(defaultText);
            if (defaultText == "None")
                p.allowNone = true;
            nameText.erase(eq);
        }
        p.name = nameText;
        signature.params.push_back(std::move(p));
    }
    signature.maxArgs = signature.params.size();
    for (const Parameter& p : signature.params) {
        if (!p.optional)
            ++signature.minArgs;
        if (!p.keywordOnly)
            ++signature.maxPosArgs;
    }
    return signature;
}

std::string Signature::toString() const {
    std::string out = "(";
    bool keywordAlready = false;
    for (std::size_t i = 0; i < params.size(); ++i) {
        if (i != 0)
            out += ", ";
        if (params[i].keywordOnly && !keywordAlready) {
            out += "*, ";
            keywordAlready = true;
        }
        out += params[i].typeName() + " " + params[i].name;
    }
    return out + ")";
}

namespace {

const Value* findKeyword(const CallArguments& arguments, std::string_view name) {
    for (const auto& [key, value] : arguments.keywords)
        if (key == name)
            return &value;
    return nullptr;
}

[[noreturn]] void extraArgs(const Signature& s, std::size_t nargs) {
    if (s.minArgs != s.maxPosArgs)
        fail(ErrorKind::TypeError, s.name, "() takes from ", s.minArgs, " to ", s.maxPosArgs,
             " positional arguments but ", nargs, " were given");
    fail(ErrorKind::TypeError, s.name, "() takes ", s.maxPosArgs, " positional argument",
         s.maxPosArgs == 1 ? "" : "s", " but ", nargs, " ", nargs == 1 ? "was" : "were", " given");
}

// PyTorch's own text, including its "1 required positional arguments" (sic).
[[noreturn]] void missingArgs(const Signature& s, std::size_t index) {
    int missing = 0;
    std::string names;
    for (std::size_t i = index; i < s.params.size(); ++i) {
        if (s.params[i].optional)
            continue;
        if (missing > 0)
            names += ", ";
        names += "\"" + s.params[i].name + "\"";
        ++missing;
    }
    fail(ErrorKind::TypeError, s.name, "() missing ", missing, " required positional argument",
         missing == 1 ? "s" : "", ": ", names);
}

[[noreturn]] void extraKwargs(const Signature& s, const CallArguments& arguments, std::size_t nargs) {
    for (const auto& keyword : arguments.keywords) {
        // A named variable, not a structured binding: clang 14 (the fuzz build) cannot capture those.
        const std::string& key = keyword.first;
        const auto it =
            std::find_if(s.params.begin(), s.params.end(), [&](const Parameter& p) { return p.name == key; });
        if (it == s.params.end())
            fail(ErrorKind::TypeError, s.name, "() got an unexpected keyword argument '", key, "'");
        if (static_cast<std::size_t>(it - s.params.begin()) < nargs)
            fail(ErrorKind::TypeError, s.name, "() got multiple values for argument '", key, "'");
    }
    fail(ErrorKind::TypeError, "invalid keyword arguments");
}

// FunctionSignature::parse. On success fills `out` and returns true; on failure returns false,
// or throws PyTorch's TypeError when `raise` is set.
bool parseSignature(const Signature& s, const CallArguments& arguments,
                    std::vector<std::optional<Value>>& out, bool raise) {
    const std::size_t nargs = arguments.positional.size();
    std::size_t remainingKwargs = arguments.keywords.size();
    std::size_t argPos = 0;
    out.assign(s.params.size(), std::nullopt);

    // A single positional int-list parameter also takes var-args: view(2, 3) is view((2, 3)).
    const bool allowVarargsIntList = s.maxPosArgs == 1 && (s.params[0].type == ParameterType::IntList ||
                                                           s.params[0].type == ParameterType::SymIntList);
    if (nargs > s.maxPosArgs && !allowVarargsIntList) {
        if (raise)
            extraArgs(s, nargs);
        return false;
    }

    for (std::size_t i = 0; i < s.params.size(); ++i) {
        const Parameter& param = s.params[i];
        const Value* obj = nullptr;
        bool isKeyword = false;
        if (argPos < nargs) {
            if (param.keywordOnly) {
                if (raise)
                    extraArgs(s, nargs);
                return false;
            }
            obj = &arguments.positional[argPos];
        } else {
            obj = findKeyword(arguments, param.name);
            isKeyword = true;
        }

        const bool varargsEligible = allowVarargsIntList && argPos == 0 && !isKeyword;
        if ((!obj && param.optional) || (obj && obj->isNone() && param.allowNone)) {
            out[i] = std::nullopt;
        } else if (!obj) {
            if (raise)
                missingArgs(s, i);
            return false;
        } else if (checkParameter(param, *obj, s.allowNumbersAsTensors, i)) {
            out[i] = *obj;
        } else if (varargsEligible && checkIntList(Value::tuple(arguments.positional), param.size)) {
            // take all positional arguments as this parameter: permute(1, 2, 3) -> permute((1, 2, 3))
            out[i] = Value::tuple(arguments.positional);
            argPos = nargs;
            continue;
        } else if (raise) {
            if (isKeyword)
                fail(ErrorKind::TypeError, s.name, "(): argument '", param.name, "' must be ",
                     param.typeName(), ", not ", typeName(*obj));
            fail(ErrorKind::TypeError, s.name, "(): argument '", param.name, "' (position ", argPos + 1,
                 ") must be ", param.typeName(), ", not ", typeName(*obj));
        } else {
            return false;
        }

        if (!isKeyword)
            ++argPos;
        else if (obj)
            --remainingKwargs;
    }

    if (remainingKwargs > 0) {
        if (raise)
            extraKwargs(s, arguments, nargs);
        return false;
    }
    return true;
}

// ---- invalid_arguments.cpp: the "received an invalid combination of arguments" text --------

// One listed signature as format_invalid_args re-reads it from its string: argument types are
// matched by Python type name, which is why "tuple of ints" or "Number" never match anything.
struct Option {
    struct Argument {
        std::string name;
        std::string type;
    };
    std::vector<Argument> arguments;
};

Option parseOption(const std::string& text) {
    Option option;
    const std::string inner = text.substr(1, text.size() - 2);
    std::size_t start = 0;
    while (true) {
        const auto end = inner.find(", ", start);
        const std::string arg =
            inner.substr(start, end == std::string::npos ? std::string::npos : end - start);
        const auto typeEnd = arg.find_last_of(' ');
        Option::Argument a;
        a.name = arg.substr(typeEnd == std::string::npos ? 0 : typeEnd + 1);
        a.type = arg.substr(0, typeEnd);
        option.arguments.push_back(a);
        if (end == std::string::npos)
            break;
        start = end + 2;
    }
    return option;
}

bool typeMatches(const std::string& type, const Value& value) {
    const std::string name = typeName(value);
    if (type == "float")
        return name == "float" || name == "int";
    return name == type;
}

bool argcountMatch(const Option& option, std::size_t count) { return option.arguments.size() == count; }

// PyTorch keeps kwargs in a std::unordered_map; iterating one filled in call order gives the
// same order PyTorch prints them in (same standard library).
using KwargMap = std::unordered_map<std::string, Value>;

std::string describeValue(const Value& value) {
    if (!value.isSequence())
        return typeName(value);
    const std::vector<Value> items = value.sequenceItems();
    const bool isList = value.is(Value::Kind::List);
    std::string out = typeName(value) + " of " + (isList ? "[" : "(");
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? ", " : "") + typeName(items[i]);
    if (!isList && items.size() == 1)
        out += ",";
    return out + (isList ? "]" : ")");
}

std::string formattedArgDescription(const Option& option, const CallArguments& arguments,
                                    const KwargMap& kwargs) {
    const std::size_t count = arguments.positional.size() + kwargs.size();
    std::string out = "(";
    for (std::size_t i = 0; i < count; ++i) {
        const bool isKwarg = i >= arguments.positional.size();
        const Value* value = nullptr;
        if (isKwarg) {
            const auto it =
                i < option.arguments.size() ? kwargs.find(option.arguments[i].name) : kwargs.end();
            value = it == kwargs.end() ? nullptr : &it->second;
        } else {
            value = &arguments.positional[i];
        }
        const bool matching =
            value && i < option.arguments.size() && typeMatches(option.arguments[i].type, *value);
        if (!matching)
            out += "!";
        if (isKwarg && i < option.arguments.size())
            out += option.arguments[i].name + "=";
        out += value ? describeValue(*value) : "?";
        if (!matching)
            out += "!";
        out += ", ";
    }
    if (!arguments.positional.empty())
        out.erase(out.size() - 2);
    return out + ")";
}

std::string argDescription(const CallArguments& arguments, const KwargMap& kwargs) {
    std::string out = "(";
    for (const Value& v : arguments.positional)
        out += typeName(v) + ", ";
    for (const auto& [key, value] : kwargs)
        out += key + "=" + typeName(value) + ", ";
    if (!arguments.positional.empty())
        out.erase(out.size() - 2);
    return out + ")";
}

std::vector<std::string> unmatchedKwargs(const Option& option, const KwargMap& kwargs) {
    std::vector<std::string> unmatched;
    const std::int64_t startIndex = std::max<std::int64_t>(
        0, static_cast<std::int64_t>(option.arguments.size()) - static_cast<std::int64_t>(kwargs.size()));
    for (const auto& [key, value] : kwargs) {
        bool found = false;
        for (std::size_t i = static_cast<std::size_t>(startIndex); i < option.arguments.size(); ++i)
            found = found || option.arguments[i].name == key;
        if (!found)
            unmatched.push_back(key);
    }
    return unmatched;
}

std::string formatInvalidArgs(const CallArguments& arguments, const std::string& functionName,
                              const std::vector<std::string>& options) {
    KwargMap kwargs;
    for (const auto& [key, value] : arguments.keywords)
        kwargs.emplace(key, value);
    std::string message = functionName + " received an invalid combination of arguments - ";
    if (options.size() == 1) {
        const Option option = parseOption(options[0]);
        const std::vector<std::string> unmatched =
            kwargs.empty() ? std::vector<std::string>() : unmatchedKwargs(option, kwargs);
        if (!unmatched.empty()) {
            message += "got unrecognized keyword arguments: ";
            for (std::size_t i = 0; i < unmatched.size(); ++i)
                message += (i ? ", " : "") + unmatched[i];
        } else {
            message += "got ";
            message += argcountMatch(option, arguments.count())
                           ? formattedArgDescription(option, arguments, kwargs)
                           : argDescription(arguments, kwargs);
            message += ", but expected " + options[0];
        }
        return message;
    }
    message += "got " + argDescription(arguments, kwargs) + ", but expected one of:\n";
    for (const std::string& text : options) {
        const Option option = parseOption(text);
        message += " * " + text + "\n";
        if (!argcountMatch(option, arguments.count()))
            continue;
        const std::vector<std::string> unmatched =
            kwargs.empty() ? std::vector<std::string>() : unmatchedKwargs(option, kwargs);
        if (!unmatched.empty()) {
            message += "      didn't match because some of the keywords were incorrect: ";
            for (std::size_t i = 0; i < unmatched.size(); ++i)
                message += (i ? ", " : "") + unmatched[i];
            message += "\n";
        } else {
            message += "      didn't match because some of the arguments have invalid types: " +
                       formattedArgDescription(option, arguments, kwargs) + "\n";
        }
    }
    return message;
}

} // namespace

ArgumentParser::ArgumentParser(const std::vector<std::string>& formats) {
    for (const std::string& format : formats)
        m_signatures.push_back(Signature::parse(format));
    m_functionName = m_signatures.front().name;
    // Deprecated and hidden signatures are tried last (a stable partition, as in PyTorch).
    std::stable_partition(m_signatures.begin(), m_signatures.end(),
                          [](const Signature& s) { return !s.hidden; });
}

ParsedArguments ArgumentParser::parse(const CallArguments& arguments) const {
    std::vector<std::optional<Value>> values;
    if (m_signatures.size() == 1 && !m_unmodelledHiddenOverload) {
        parseSignature(m_signatures[0], arguments, values, true);
        return ParsedArguments(m_signatures[0], 0, std::move(values));
    }
    for (std::size_t i = 0; i < m_signatures.size(); ++i)
        if (parseSignature(m_signatures[i], arguments, values, false))
            return ParsedArguments(m_signatures[i], i, std::move(values));
    raiseError(arguments);
}

void ArgumentParser::raiseError(const CallArguments& arguments) const {
    const std::size_t count = arguments.count();
    std::vector<const Signature*> plausible;
    for (const Signature& s : m_signatures)
        if (count >= s.minArgs && count <= s.maxArgs && !s.hidden)
            plausible.push_back(&s);
    if (plausible.size() == 1) {
        std::vector<std::optional<Value>> values;
        parseSignature(*plausible[0], arguments, values, true);
    }
    std::vector<std::string> options;
    for (const Signature& s : m_signatures)
        if (!s.hidden)
            options.push_back(s.toString());
    throw TensorError(ErrorKind::TypeError, formatInvalidArgs(arguments, m_functionName + "()", options));
}

// ---- ParsedArguments: PythonArgs' accessors ------------------------------------------------

std::optional<std::size_t> ParsedArguments::find(std::string_view name) const {
    for (std::size_t i = 0; i < m_signature->params.size(); ++i)
        if (m_signature->params[i].name == name)
            return i;
    return std::nullopt;
}

const Value& ParsedArguments::raw(std::size_t i) const {
    return m_values[i] ? *m_values[i] : m_signature->params[i].defaultValue;
}

Tensor ParsedArguments::tensor(std::size_t i) const { return raw(i).asTensor(); }

ops::Operand ParsedArguments::operand(std::size_t i) const {
    const Value& v = raw(i);
    if (v.isTensor())
        return ops::Operand::of(v.asTensor());
    return ops::Operand::of(v.asScalar());
}

Scalar ParsedArguments::scalar(std::size_t i) const {
    const Value& v = raw(i);
    if (v.isTensor()) {
        const Tensor& t = v.asTensor();
        SS_CHECK(t.hasValues(), RuntimeError, "the values of this tensor are not kept (layout only)");
        return t.valueAt({});
    }
    return v.asScalar();
}

std::int64_t ParsedArguments::toInt64(std::size_t i) const {
    const Value& v = raw(i);
    if (v.isTensor())
        return scalar(i).intValue;
    return v.asIntegral();
}

std::optional<std::int64_t> ParsedArguments::toInt64Optional(std::size_t i) const {
    if (raw(i).isNone())
        return std::nullopt;
    return toInt64(i);
}

double ParsedArguments::toDouble(std::size_t i) const {
    const Value& v = raw(i);
    if (v.isTensor())
        return scalar(i).toDouble();
    return v.asDouble();
}

bool ParsedArguments::toBool(std::size_t i) const { return raw(i).asBool(); }

Shape ParsedArguments::intList(std::size_t i) const {
    const Parameter& p = m_signature->params[i];
    const Value& v = raw(i);
    if (v.is(Value::Kind::Int))
        return Shape(static_cast<std::size_t>(std::max(p.size, 1)), v.asInt());
    if (v.is(Value::Kind::Size))
        return v.asSize();
    const std::vector<Value> items = v.sequenceItems();
    Shape shape;
    shape.reserve(items.size());
    for (std::size_t k = 0; k < items.size(); ++k) {
        const Value& item = items[k];
        if (item.is(Value::Kind::Int) || item.is(Value::Kind::Bool)) {
            // Only the first element is type-checked when matching; the rest are read with
            // Python's __index__, for which a bool is an int.
            shape.push_back(item.asIntegral());
        } else if (isIndexLikeTensor(item)) {
            shape.push_back(
                item.asTensor().valueAt(Shape(static_cast<std::size_t>(item.asTensor().dim()), 0)).intValue);
        } else {
            fail(ErrorKind::TypeError, m_signature->name, "(): argument '", p.name, "' must be ",
                 p.typeName(), ", but found element of type ", typeName(item), " at pos ", k + 1);
        }
    }
    return shape;
}

std::vector<Tensor> ParsedArguments::tensorList(std::size_t i) const {
    std::vector<Tensor> tensors;
    for (const Value& item : raw(i).sequenceItems())
        tensors.push_back(item.asTensor());
    return tensors;
}

std::optional<DType> ParsedArguments::scalarType(std::size_t i) const {
    const Value& v = raw(i);
    if (v.is(Value::Kind::DType))
        return v.asDType();
    if (isBuiltinTypeObject(v, "float"))
        return DType::Float64;
    if (isBuiltinTypeObject(v, "int"))
        return DType::Int64;
    if (isBuiltinTypeObject(v, "bool"))
        return DType::Bool;
    return std::nullopt;
}

std::optional<MemoryFormat> ParsedArguments::memoryFormat(std::size_t i) const {
    const Value& v = raw(i);
    if (v.is(Value::Kind::MemoryFormat))
        return v.asMemoryFormat();
    return std::nullopt;
}

std::string ParsedArguments::string(std::size_t i) const { return raw(i).asString(); }

// ---- CPython's argument binding for functions written in Python ----------------------------

std::vector<std::optional<Value>> bindPythonArguments(const std::string& qualifiedName,
                                                      const std::vector<std::string>& names,
                                                      std::size_t defaults, const CallArguments& arguments,
                                                      bool selfCounted) {
    const std::size_t offset = selfCounted ? 1 : 0;
    std::vector<std::optional<Value>> bound(names.size());
    const std::size_t positional = arguments.positional.size();
    for (std::size_t i = 0; i < positional && i < names.size(); ++i)
        bound[i] = arguments.positional[i];
    for (const auto& [key, value] : arguments.keywords) {
        const auto it = std::find(names.begin(), names.end(), key);
        if (it == names.end())
            fail(ErrorKind::TypeError, qualifiedName, "() got an unexpected keyword argument '", key, "'");
        const auto index = static_cast<std::size_t>(it - names.begin());
        if (bound[index])
            fail(ErrorKind::TypeError, qualifiedName, "() got multiple values for argument '", key, "'");
        bound[index] = value;
    }
    if (positional > names.size()) {
        const std::size_t most = names.size() + offset;
        const std::size_t given = positional + offset;
        if (defaults > 0)
            fail(ErrorKind::TypeError, qualifiedName, "() takes from ", most - defaults, " to ", most,
                 " positional arguments but ", given, given == 1 ? " was" : " were", " given");
        fail(ErrorKind::TypeError, qualifiedName, "() takes ", most, " positional argument",
             most == 1 ? "" : "s", " but ", given, given == 1 ? " was" : " were", " given");
    }
    std::vector<std::string> missing;
    for (std::size_t i = 0; i + defaults < names.size(); ++i)
        if (!bound[i])
            missing.push_back("'" + names[i] + "'");
    if (!missing.empty()) {
        std::string list;
        for (std::size_t i = 0; i < missing.size(); ++i) {
            if (i > 0)
                list += missing.size() == 2 ? " and " : (i + 1 == missing.size() ? ", and " : ", ");
            list += missing[i];
        }
        fail(ErrorKind::TypeError, qualifiedName, "() missing ", missing.size(),
             " required positional argument", missing.size() == 1 ? "" : "s", ": ", list);
    }
    return bound;
}

} // namespace stridescope::script
