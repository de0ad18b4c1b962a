#pragma once
// The Python-visible API of a StrideScope script: the attributes of the torch module, the
// methods and properties of Tensor, and the builtins (print, len, int, ...). Every torch function
// declares PyTorch 1.13's Python signatures (so wrong calls fail with PyTorch's TypeError) and
// maps onto the ops of core/Ops.h (so right calls give PyTorch's layouts, values and errors).
#include "core/RandomGenerator.h"
#include "core/script/ArgumentParser.h"
#include "core/script/Value.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace stridescope::script {

// What a running call may need from the interpreter.
class CallContext {
public:
    virtual ~CallContext() = default;
    // Text written by print().
    virtual void write(std::string_view text) = 0;
    // Called before an in-place write into the storage of `tensor`, so that the interpreter can
    // restore the storage if the statement fails later on.
    virtual void aboutToWrite(const Tensor& tensor) = 0;
    // The workspace's random generator (torch.rand, randn, *_like, manual_seed); the interpreter
    // puts its state back when the statement fails.
    virtual RandomGenerator& generator() = 0;
};

// torch.<name>: a function, a dtype (torch.float32, torch.half, ...), a memory format or
// torch.Size. AttributeError (with the list of supported names) for anything else.
Value torchAttribute(const std::string& name);
// <module>.<name>: torch.<name>, or for torch.cuda its functions (is_available, device_count, ...).
Value moduleAttribute(const ModuleValue& module, const std::string& name);
// torch.device's attributes: type and index.
Value deviceAttribute(const Device& device, const std::string& name);
// x.<name>: a property (shape, dtype, ndim, T, mT, data, is_cuda, requires_grad) or a method
// bound to `tensor`. AttributeError (with the list of supported names) for anything else.
Value tensorAttribute(const Tensor& tensor, const std::string& name);
// The builtin function a free name refers to when the workspace does not bind it (print, len,
// int, float, bool, str, repr, tuple, list, range, abs, min, max, sum).
std::optional<Value> builtin(std::string_view name);

// The Storage API (x.storage(), x.untyped_storage()): s.<name> (a method bound to the storage,
// dtype, device), s[i] with Python's wrap of negative indices (IndexError "index 6 out of range
// for storage of size 6"), and s[i] = v (which changes every tensor on the storage and, as in
// PyTorch, no tensor's version counter).
Value storageAttribute(const StorageValue& storage, const std::string& name);
std::int64_t wrapStorageIndex(const StorageValue& storage, std::int64_t index);
Value storageItem(const StorageValue& storage, std::int64_t index);
void setStorageItem(const StorageValue& storage, std::int64_t index, const Value& value);

// Calls a function value (torch function, builtin, torch.Size or bound tensor method).
Value callFunction(const FunctionValue& function, const CallArguments& arguments, CallContext& context);

// In-place `x += v` (add_), `x -= v` (sub_), `x /= v` (div_), ... on a tensor; TypeError otherwise.
Tensor inplaceArithmetic(const std::string& symbol, const Tensor& self, const Value& other,
                         CallContext& context);

// Supported names, for error hints and completion in the GUI.
const std::vector<std::string>& tensorAttributeNames();
const std::vector<std::string>& torchAttributeNames();
const std::vector<std::string>& builtinNames();

} // namespace stridescope::script
