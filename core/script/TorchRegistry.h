#pragma once
// The table behind TorchApi.h, shared by the files that fill it: each area of the op surface
// (TorchApi.cpp: views, copies, queries, creation and builtins; the other TorchApi*.cpp files:
// their own areas) has one register function that adds rows. Internal to core/script.
#include "core/Error.h"
#include "core/Ops.h"
#include "core/script/ArgumentParser.h"
#include "core/script/TorchApi.h"
#include "core/script/Value.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace stridescope::script::registry_detail {

using Handler = std::function<Value(const CallArguments&, const Tensor* self, CallContext&)>;

// "f(int64_t dim)" -> "f(Tensor input, int64_t dim)": the torch.<name> form of a method signature.
std::string withInput(const std::string& format);
// The torch.<name> forms of method signatures: input first, then `out` ("Tensor", "TensorList")
// as the out= PyTorch accepts, keyword-only (none when `out` is empty, and none for a form without
// parameters: median() has no median.out).
std::vector<std::string> functionFormats(const std::vector<std::string>& methods, const std::string& out);

// ---- helpers shared by the register functions ----

// The index of parameter `name` in the chosen signature (an internal error if it has none).
std::size_t at(const ParsedArguments& p, std::string_view name);
std::int64_t intArg(const ParsedArguments& p, std::string_view name);
Shape listArg(const ParsedArguments& p, std::string_view name);
std::optional<DType> dtypeArg(const ParsedArguments& p);
Value tensorsToTuple(const std::vector<Tensor>& tensors);
std::string joinNames(const std::vector<std::string>& names);
// PyTorch's answer when a named-tensor overload is given a name: this tensor has no names.
[[noreturn]] void namedTensorError(const Tensor& self, const Value& name);
[[noreturn]] void namedTensorsUnsupported();
// Whether the chosen signature is the one whose `dim` is a Dimname, and the refusal of a dim name
// for ops that look it up (a tensor here has no names).
bool isDimnameOverload(const ParsedArguments& p);
void refuseDimname(const ParsedArguments& p, const Tensor& self);
void checkDevice(const Value& device);
// The factory keywords PyTorch accepts and StrideScope does not model: refused clearly unless
// they ask for what StrideScope does anyway (device='cpu', requires_grad=False, ...).
void checkFactoryOptions(const ParsedArguments& p);
// The out= tensor given (none when omitted or None), announced to the context before anything is
// written, so that a failing statement restores its storage.
std::optional<Tensor> announcedOut(const ParsedArguments& p, CallContext& context);
MemoryFormat suggestMemoryFormat(const Tensor& t);
// Tensor.to(dtype, copy, memory_format): self when nothing has to change, else a copy.
Tensor convert(const Tensor& self, std::optional<DType> dtype, bool copy, std::optional<MemoryFormat> format);
// torch.tensor(data, dtype=...) on the current allocation device (a factory's device=): a tensor
// is copied as internal_new_from_data copies one, to(device, dtype, copy=True), so a dense
// source keeps its strides; anything else is read as nested Python data.
Tensor tensorFromData(const Value& data, std::optional<DType> dtype);
// The legacy type name of a tensor ("torch.FloatTensor", "torch.cuda.LongTensor"): Tensor.type().
std::string legacyTypeName(const Tensor& t);
// A Python number as the 0-dim tensor PyTorch wraps it in (ops::scalarToTensor).
Tensor wrappedNumber(const Value& number);
// The one value of a one-element tensor (ValueError otherwise), as item() reads it.
Scalar singleValue(const Tensor& t);
// The keyword-only tail every factory shares (dtype, layout, device, pin_memory, requires_grad).
extern const std::vector<std::string> kFactoryTail;
std::string factoryFormat(const std::string& head, const std::vector<std::string>& keywordOnly);

// A torch operation with PyTorch's method signatures (self excluded) and, when it also exists
// as torch.<name>, the function form: the same signatures with "Tensor input" first.
struct TensorOp {
    std::unique_ptr<ArgumentParser> methodParser;
    std::unique_ptr<ArgumentParser> functionParser;
    std::function<Value(const ParsedArguments&, const Tensor& self, CallContext&)> impl;
};

struct Registry {
    std::map<std::string, Handler> handlers;
    std::vector<std::string> tensorNames; // methods and properties, for hints
    std::vector<std::string> torchNames;  // torch.<name>, for hints
    std::vector<std::string> builtins;
    std::map<std::string, std::function<Value(const Tensor&)>> properties;
    std::vector<std::string> propertyNames; // in registration order, for hints

    void tensorOp(const std::string& name, std::vector<std::string> formats, bool alsoFunction,
                  std::function<Value(const ParsedArguments&, const Tensor&, CallContext&)> impl,
                  bool unmodelledHiddenOverload = false) {
        auto op = std::make_shared<TensorOp>();
        std::vector<std::string> functionFormats;
        for (const std::string& f : formats)
            functionFormats.push_back(withInput(f));
        op->methodParser = std::make_unique<ArgumentParser>(formats);
        if (unmodelledHiddenOverload)
            op->methodParser->withUnmodelledHiddenOverload();
        op->impl = std::move(impl);
        handlers["Tensor." + name] = [op](const CallArguments& args, const Tensor* self,
                                          CallContext& context) {
            return op->impl(op->methodParser->parse(args), *self, context);
        };
        tensorNames.push_back(name);
        if (alsoFunction) {
            op->functionParser = std::make_unique<ArgumentParser>(functionFormats);
            handlers["torch." + name] = [op](const CallArguments& args, const Tensor*, CallContext& context) {
                const ParsedArguments p = op->functionParser->parse(args);
                return op->impl(p, p.tensor(at(p, "input")), context);
            };
            torchNames.push_back(name);
        }
    }

    // A METH_NOARGS method: PyTorch's own wording for any argument.
    void noArgsMethod(const std::string& name, std::function<Value(const Tensor&, CallContext&)> impl) {
        handlers["Tensor." + name] = [name, impl](const CallArguments& args, const Tensor* self,
                                                  CallContext& context) {
            if (!args.keywords.empty())
                fail(ErrorKind::TypeError, "_TensorBase.", name, "() takes no keyword arguments");
            if (!args.positional.empty())
                fail(ErrorKind::TypeError, "_TensorBase.", name, "() takes no arguments (",
                     args.positional.size(), " given)");
            return impl(*self, context);
        };
        tensorNames.push_back(name);
    }

    void torchFunction(const std::string& name, std::vector<std::string> formats,
                       std::function<Value(const ParsedArguments&, CallContext&)> impl) {
        auto parser = std::make_shared<ArgumentParser>(formats);
        handlers["torch." + name] = [parser, impl](const CallArguments& args, const Tensor*,
                                                   CallContext& context) {
            return impl(parser->parse(args), context);
        };
        torchNames.push_back(name);
    }

    void custom(const std::string& qualifiedName, Handler handler) {
        handlers[qualifiedName] = std::move(handler);
    }

    // x.<name> that is read, not called (shape, dtype, T, device, ...).
    void property(const std::string& name, std::function<Value(const Tensor&)> read) {
        properties[name] = std::move(read);
        propertyNames.push_back(name);
    }
};

// The register functions, one per area; registry() in TorchApi.cpp calls each once.
void registerTensorOps(Registry& r);
void registerCreation(Registry& r);
void registerBuiltins(Registry& r);
void registerProperties(Registry& r);
void registerViews(Registry& r);          // TorchApiViews.cpp
void registerDevices(Registry& r);        // TorchApiDevices.cpp
void registerArithmetic(Registry& r);     // TorchApiArithmetic.cpp
void registerComplex(Registry& r);        // TorchApiComplex.cpp
void registerSorting(Registry& r);        // TorchApiSorting.cpp
void registerIndexWrites(Registry& r);    // TorchApiIndexWrites.cpp
void registerMatrixProducts(Registry& r); // TorchApiMatrix.cpp
void registerStatistics(Registry& r);     // TorchApiStatistics.cpp

// A device argument (a string, an int index or a torch.device) as c10::Device, with PyTorch's errors.
Device deviceFromValue(const Value& value);
// Where the storages an op makes go: its first tensor's device (self, else the first tensor
// argument), CPU when it has none. callFunction sets it (AllocationScope) around each call.
Placement operationPlacement(const Tensor* self, const CallArguments& arguments);

} // namespace stridescope::script::registry_detail
