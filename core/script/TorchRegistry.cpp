#include "core/script/TorchRegistry.h"

#include "core/Elementwise.h"

#include "core/Error.h"
#include "core/script/Operators.h"

namespace stridescope::script::registry_detail {

std::size_t at(const ParsedArguments& p, std::string_view name) {
    const auto index = p.find(name);
    SS_CHECK(index.has_value(), RuntimeError, "internal error: signature ", p.signature().name, " has no '",
             name, "'");
    return *index;
}

std::int64_t intArg(const ParsedArguments& p, std::string_view name) { return p.toInt64(at(p, name)); }
Shape listArg(const ParsedArguments& p, std::string_view name) { return p.intList(at(p, name)); }
std::optional<DType> dtypeArg(const ParsedArguments& p) {
    const auto index = p.find("dtype");
    return index ? p.scalarType(*index) : std::nullopt;
}

Value tensorsToTuple(const std::vector<Tensor>& tensors) {
    std::vector<Value> items;
    items.reserve(tensors.size());
    for (const Tensor& t : tensors)
        items.push_back(Value::fromTensor(t));
    return Value::tuple(std::move(items));
}

std::string joinNames(const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out += (i ? ", " : "") + names[i];
    return out;
}

// PyTorch's answer when a named-tensor overload is given a name: this tensor has no names.
[[noreturn]] void namedTensorError(const Tensor& self, const Value& name) {
    if (name.is(Value::Kind::String)) {
        std::string dims;
        for (std::int64_t i = 0; i < self.dim(); ++i)
            dims += i ? ", None" : "None";
        fail(ErrorKind::RuntimeError, "Name '", name.asString(), "' not found in Tensor[", dims, "].");
    }
    if (name.isNone())
        fail(ErrorKind::RuntimeError, "Please look up dimensions by name, got: name = None.");
    fail(ErrorKind::RuntimeError, "named tensors are not supported by StrideScope");
}

[[noreturn]] void namedTensorsUnsupported() {
    fail(ErrorKind::RuntimeError, "named tensors are not supported by StrideScope");
}

void checkDevice(const Value& device) {
    const Device d = deviceFromValue(device);
    if (!d.isCuda())
        return;
    requireCudaDevice(d);
    // registerDevices puts the factories it knows under an AllocationScope of their device=; a
    // factory it does not know would silently make a CPU tensor, so it refuses instead.
    SS_CHECK(currentAllocationPlacement().device.isCuda(), RuntimeError, "device='", d.str(),
             "' is not supported by this function in StrideScope");
}

// The factory keywords PyTorch accepts and StrideScope does not model: refused clearly unless
// they ask for what StrideScope does anyway (device='cpu', requires_grad=False, ...).
void checkFactoryOptions(const ParsedArguments& p) {
    const Signature& s = p.signature();
    for (std::size_t i = 0; i < s.params.size(); ++i) {
        if (!p.has(i))
            continue;
        const std::string& name = s.params[i].name;
        if (name == "out")
            fail(ErrorKind::RuntimeError, "out= is not supported by StrideScope; assign the result instead");
        if (name == "names")
            namedTensorsUnsupported();
        if (name == "device")
            checkDevice(p.raw(i));
        if (name == "pin_memory" && p.toBool(i))
            SS_CHECK(currentAllocationPlacement().pinned, RuntimeError,
                     "pin_memory=True is not supported by this function in StrideScope");
        if (name == "layout" && p.raw(i).asTorchLayout() != TorchLayout::Strided)
            fail(ErrorKind::RuntimeError, "layout=torch.", torchLayoutName(p.raw(i).asTorchLayout()),
                 " is not supported: StrideScope models strided tensors only");
        if (name == "requires_grad" && p.toBool(i))
            fail(ErrorKind::RuntimeError,
                 "requires_grad=True is not supported: StrideScope does not model autograd");
    }
}

MemoryFormat suggestMemoryFormat(const Tensor& t) { return detail::suggestMemoryFormat(t); }

// Tensor.to(dtype, copy, memory_format): returns self when nothing has to change (at::to's
// to_will_alias), else a copy in the requested format.
Tensor convert(const Tensor& self, std::optional<DType> dtype, bool copy,
               std::optional<MemoryFormat> format) {
    const DType target = dtype.value_or(self.dtype());
    const MemoryFormat memoryFormat = format.value_or(MemoryFormat::Preserve);
    if (target == self.dtype() && !copy &&
        (memoryFormat == MemoryFormat::Preserve || suggestMemoryFormat(self) == memoryFormat))
        return self;
    if (memoryFormat == MemoryFormat::Preserve)
        return target == self.dtype() ? ops::clone(self, MemoryFormat::Preserve) : ops::to(self, target);
    const Tensor formatted = ops::clone(self, memoryFormat);
    return target == self.dtype() ? formatted : ops::to(formatted, target);
}

// A Python number as the 0-dim tensor PyTorch wraps it in (scalar_to_tensor: bool, int64, float64).
std::optional<Tensor> announcedOut(const ParsedArguments& p, CallContext& context) {
    const auto index = p.find("out");
    if (!index || !p.has(*index))
        return std::nullopt;
    const Tensor out = p.tensor(*index);
    context.aboutToWrite(out);
    return out;
}

std::vector<std::string> functionFormats(const std::vector<std::string>& methods, const std::string& out) {
    std::vector<std::string> formats;
    for (const std::string& method : methods) {
        std::string format = withInput(method);
        if (!out.empty() && method.find("()") == std::string::npos) {
            const bool keywordOnly = format.find('*') != std::string::npos;
            format.insert(format.size() - 1, (keywordOnly ? ", " : ", *, ") + out + " out=None");
        }
        formats.push_back(format);
    }
    return formats;
}

bool isDimnameOverload(const ParsedArguments& p) {
    const auto index = p.find("dim");
    return index && p.signature().params[*index].type == ParameterType::Dimname;
}

void refuseDimname(const ParsedArguments& p, const Tensor& self) {
    if (isDimnameOverload(p))
        namedTensorError(self, p.raw(at(p, "dim")));
}

Tensor wrappedNumber(const Value& number) { return ops::scalarToTensor(number.asScalar()); }
// A Python number as the 0-dim tensor PyTorch wraps it in (ops::scalarToTensor).
Scalar singleValue(const Tensor& t) {
    SS_CHECK(t.numel() == 1, ValueError, "only one element tensors can be converted to Python scalars");
    SS_CHECK(t.hasValues(), RuntimeError, "the values of this tensor are not kept (layout only)");
    return t.valueAt(Shape(static_cast<std::size_t>(t.dim()), 0));
}

std::string withInput(const std::string& format) {
    const auto open = format.find('(');
    const bool empty = format[open + 1] == ')';
    return format.substr(0, open + 1) + (empty ? "Tensor input" : "Tensor input, ") + format.substr(open + 1);
}

const std::vector<std::string> kFactoryTail = {"ScalarType? dtype=None", "Layout? layout=None",
                                               "Device? device=None", "bool? pin_memory=False",
                                               "bool? requires_grad=False"};

std::string factoryFormat(const std::string& head, const std::vector<std::string>& keywordOnly) {
    std::string format = head + ", *";
    for (const std::string& p : keywordOnly)
        format += ", " + p;
    for (const std::string& p : kFactoryTail)
        format += ", " + p;
    return format + ")";
}
} // namespace stridescope::script::registry_detail
