// Devices in scripts: torch.device, torch.cuda.*, x.device / is_cuda / get_device(), Tensor.to,
// .cuda(), .cpu(), .pin_memory(), .is_pinned(), and device= / pin_memory= on the factories.
// Each follows PyTorch 1.13's python_variable_methods.cpp and torch/cuda/__init__.py; the moves
// themselves are core/DeviceOps.
#include "core/DeviceOps.h"
#include "core/Error.h"
#include "core/script/TorchRegistry.h"

namespace stridescope::script {

namespace registry_detail {

namespace {

// torch.cuda's checks that need the CUDA runtime (_lazy_init).
void requireCudaRuntime() {
    markCudaUsed();
    SS_CHECK(cudaAvailable(), AssertionError, "Torch not compiled with CUDA enabled");
}

// A device= argument of a torch.cuda function: None is the current device.
int cudaIndexArgument(const std::optional<Value>& value) {
    if (!value || value->isNone())
        return 0;
    const Device device = deviceFromValue(*value);
    // torch.cuda._utils._get_device_index: a string or torch.device must name a CUDA device.
    SS_CHECK(device.isCuda(), ValueError, "Expected a cuda device, but got: ", device.str());
    return device.hasIndex() ? device.index : 0;
}

struct LegacyType {
    DType dtype;
    bool cuda;
};

// torch::utils::options_from_string: "torch.Tensor" is the default type, torch.FloatTensor; a
// torch.cuda.* name initialises CUDA first (and fails there without it), whether it exists or not.
LegacyType parseLegacyTypeName(const std::string& text) {
    if (text == "torch.Tensor")
        return {DType::Float32, false};
    const std::string cudaPrefix = "torch.cuda.";
    const bool cuda = text.rfind(cudaPrefix, 0) == 0;
    if (cuda) {
        markCudaUsed();
        requireCudaRuntime();
    }
    for (int i = 0; i <= static_cast<int>(DType::ComplexDouble); ++i)
        if (text == ops::legacyTypeName(static_cast<DType>(i), cuda))
            return {static_cast<DType>(i), cuda};
    fail(ErrorKind::ValueError, "invalid type: '", text, "'");
}

// The device of a new_* call: device= as the factories read it, else self's.
Placement newTensorPlacement(const ParsedArguments& p, const Tensor& self) {
    Placement placement{ops::deviceOf(self), false};
    const std::size_t device = at(p, "device");
    if (p.has(device) && !p.raw(device).isNone())
        placement.device = deviceFromValue(p.raw(device));
    placement.device = placement.device.isCuda() ? requireCudaDevice(placement.device) : Device::cpu();
    return placement;
}

const char* const kPinnedNeedsCuda =
    "Pinned memory requires CUDA. PyTorch splits its backend into two shared libraries: a CPU library and a "
    "CUDA library; this error has occurred because you are trying to use some CUDA functionality, but the CUDA "
    "library has not been loaded by the dynamic linker for some reason.  The CUDA library MUST be loaded, EVEN "
    "IF you don't directly use any symbols from the CUDA library! One common culprit is a lack of "
    "-Wl,--no-as-needed in your link arguments; many dynamic linkers will delete dynamic library dependencies "
    "if you don't depend on any of their symbols.  You can check if this has occurred by using ldd on your "
    "binary to see if there is a dependency on *_cuda.so library.";

// The factories that take device= and pin_memory= (kFactoryTail, or torch.tensor's keywords).
const char* const kFactories[] = {"arange", "zeros", "ones", "empty", "full", "rand", "randn", "tensor", "empty_strided"};

} // namespace

std::string legacyTypeName(const Tensor& t) { return ops::legacyTypeName(t); }

Device deviceFromValue(const Value& value) {
    if (value.is(Value::Kind::Device))
        return value.asDevice();
    if (value.is(Value::Kind::String))
        return parseDevice(value.asString());
    if (value.is(Value::Kind::Int) || value.is(Value::Kind::Bool)) {
        // python_arg_parser: an int is a CUDA device index.
        SS_CHECK(value.asIntegral() >= 0, RuntimeError, "Device index must not be negative");
        SS_CHECK(value.asIntegral() <= 1 << 30, RuntimeError, "Device index ", value.asIntegral(), " is out of range");
        return Device::cuda(static_cast<int>(value.asIntegral()));
    }
    fail(ErrorKind::TypeError, "expected a torch.device, not '", typeName(value), "'");
}

Placement operationPlacement(const Tensor* self, const CallArguments& arguments) {
    // An op's results go where its first tensor is (its pinned flag is never inherited).
    const auto firstTensor = [](const Value& v) -> const Tensor* {
        if (v.isTensor())
            return &v.asTensor();
        if (v.is(Value::Kind::Tuple) || v.is(Value::Kind::List))
            for (const Value& item : v.is(Value::Kind::Tuple) ? v.asTuple() : v.asList())
                if (item.isTensor())
                    return &item.asTensor();
        return nullptr;
    };
    const Tensor* t = self;
    for (std::size_t i = 0; !t && i < arguments.positional.size(); ++i)
        t = firstTensor(arguments.positional[i]);
    for (std::size_t i = 0; !t && i < arguments.keywords.size(); ++i)
        t = firstTensor(arguments.keywords[i].second);
    return Placement{t ? ops::deviceOf(*t) : Device::cpu(), false};
}

void registerDevices(Registry& r) {
    using P = const ParsedArguments&;
    using T = const Tensor&;
    using C = CallContext&;
    using A = const CallArguments&;

    // ---- torch.device ----
    {
        auto parser = std::make_shared<ArgumentParser>(std::vector<std::string>{
            "Device(Device device)", "Device(c10::string_view type, int64_t? index=-1)"});
        r.custom("torch.device", [parser](A args, const Tensor*, C) {
            const ParsedArguments p = parser->parse(args);
            if (p.overload() == 0)
                return Value::fromDevice(deviceFromValue(p.raw(0)));
            std::optional<std::int64_t> index;
            if (p.has(1) && !p.raw(1).isNone())
                index = p.toInt64(1);
            return Value::fromDevice(parseDevice(p.raw(0).asString(), index));
        });
        r.torchNames.push_back("device");
    }

    // ---- torch.cuda ----
    const auto cudaFunction = [&r](const std::string& name, Handler handler) {
        r.custom("torch.cuda." + name, std::move(handler));
    };
    cudaFunction("is_available", [](A args, const Tensor*, C) {
        bindPythonArguments("is_available", {}, 0, args);
        return Value::fromBool(cudaAvailable());
    });
    cudaFunction("device_count", [](A args, const Tensor*, C) {
        bindPythonArguments("device_count", {}, 0, args);
        return Value::fromInt(cudaDeviceCount());
    });
    cudaFunction("current_device", [](A args, const Tensor*, C) {
        bindPythonArguments("current_device", {}, 0, args);
        requireCudaRuntime();
        return Value::fromInt(0);
    });
    cudaFunction("get_device_name", [](A args, const Tensor*, C) {
        const auto bound = bindPythonArguments("get_device_name", {"device"}, 1, args);
        requireCudaRuntime();
        const int index = cudaIndexArgument(bound[0]);
        requireCudaDevice(Device::cuda(index));
        return Value::fromString(cudaDeviceName(index));
    });
    cudaFunction("synchronize", [](A args, const Tensor*, C) {
        const auto bound = bindPythonArguments("synchronize", {"device"}, 1, args);
        requireCudaRuntime();
        requireCudaDevice(Device::cuda(cudaIndexArgument(bound[0])));
        return Value::none();
    });
    cudaFunction("memory_allocated", [](A args, const Tensor*, C) {
        // Without CUDA, torch.cuda.memory_allocated() is 0 rather than an error.
        const auto bound = bindPythonArguments("memory_allocated", {"device"}, 1, args);
        markCudaUsed();
        return Value::fromInt(cudaAvailable() ? cudaMemoryAllocated(cudaIndexArgument(bound[0])) : 0);
    });
    cudaFunction("empty_cache", [](A args, const Tensor*, C) {
        bindPythonArguments("empty_cache", {}, 0, args);
        markCudaUsed();
        return Value::none();
    });

    // ---- tensor properties and queries ----
    r.property("device", [](T t) { return Value::fromDevice(ops::deviceOf(t)); });
    r.property("is_cuda", [](T t) { return Value::fromBool(ops::deviceOf(t).isCuda()); });
    r.noArgsMethod("get_device", [](T self, C) {
        return Value::fromInt(ops::deviceOf(self).isCuda() ? ops::deviceOf(self).index : -1);
    });
    r.tensorOp("is_pinned", {"is_pinned(Device? device=None)"}, false,
               [](P, T self, C) { return Value::fromBool(ops::placementOf(self).pinned); });

    // ---- moves ----
    r.tensorOp(
        "to",
        {"to(Device? device=None, ScalarType? dtype=None, bool non_blocking=False, bool copy=False, *, "
         "MemoryFormat? memory_format=None)",
         "to(ScalarType dtype, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)",
         "to(Tensor tensor, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)"},
        false, [](P p, T self, C) {
            std::optional<Device> device;
            std::optional<DType> dtype;
            if (p.overload() == 0) {
                if (p.has(at(p, "device")) && !p.raw(at(p, "device")).isNone())
                    device = deviceFromValue(p.raw(at(p, "device")));
                dtype = p.scalarType(at(p, "dtype"));
            } else if (p.overload() == 1) {
                dtype = p.scalarType(at(p, "dtype"));
            } else {
                // to(other): other's device and dtype; a Python number passes as a wrapped 0-dim
                // tensor, which is on the CPU.
                const Value& other = p.raw(at(p, "tensor"));
                const Tensor target = other.isTensor() ? other.asTensor() : wrappedNumber(other);
                device = ops::deviceOf(target);
                dtype = target.dtype();
            }
            if (device && device->isCuda())
                markCudaUsed();
            return Value::fromTensor(ops::toDevice(self, device, dtype, p.toBool(at(p, "non_blocking")),
                                                   p.toBool(at(p, "copy")),
                                                   p.memoryFormat(at(p, "memory_format"))));
        });
    r.tensorOp("cuda",
               {"cuda(Device? device=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)"}, false,
               [](P p, T self, C) {
                   const Value& given = p.raw(at(p, "device"));
                   const Device device =
                       p.has(at(p, "device")) && !given.isNone() ? deviceFromValue(given) : Device{DeviceType::CUDA, -1};
                   SS_CHECK(device.isCuda(), RuntimeError, "Invalid device, must be cuda device");
                   return Value::fromTensor(ops::toDevice(self, device, std::nullopt, p.toBool(at(p, "non_blocking")),
                                                          false, p.memoryFormat(at(p, "memory_format"))));
               });
    r.tensorOp("cpu", {"cpu(*, MemoryFormat? memory_format=None)"}, false, [](P p, T self, C) {
        return Value::fromTensor(
            ops::toDevice(self, Device::cpu(), std::nullopt, false, false, p.memoryFormat(at(p, "memory_format"))));
    });
    r.tensorOp("pin_memory", {"pin_memory(Device? device=None)"}, false, [](P, T self, C) {
        markCudaUsed();
        if (!cudaAvailable())
            fail(ErrorKind::NotImplementedError,
                 "Could not run 'aten::_pin_memory' with arguments from the 'CUDA' backend. This could be because "
                 "the operator doesn't exist for this backend, or was omitted during the selective/custom build "
                 "process (if using custom build).");
        SS_CHECK(ops::deviceOf(self).isCpu(), RuntimeError, "cannot pin '", legacyTypeName(self),
                 "' only dense CPU tensors can be pinned");
        return Value::fromTensor(ops::pinMemory(self));
    });

    // ---- Tensor.type ----
    // THPVariable_type: the legacy name without an argument; with a dtype, a legacy name string or
    // torch.Tensor, self.to(device, dtype, non_blocking, copy=False, memory_format): self when
    // nothing changes; a CUDA name moves a CPU tensor to the current CUDA device and back.
    r.tensorOp(
        "type", {"type(PyObject* dtype=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)"},
        false, [](P p, T self, C) {
            const std::size_t given = at(p, "dtype");
            if (!p.has(given) || p.raw(given).isNone())
                return Value::fromString(legacyTypeName(self));
            const Value& type = p.raw(given);
            Device device = ops::deviceOf(self);
            DType dtype = self.dtype();
            if (type.is(Value::Kind::DType)) {
                dtype = type.asDType();
            } else if (type.is(Value::Kind::String)) {
                const LegacyType legacy = parseLegacyTypeName(type.asString());
                dtype = legacy.dtype;
                if (legacy.cuda != device.isCuda())
                    device = legacy.cuda ? Device{DeviceType::CUDA, -1} : Device::cpu();
            } else {
                fail(ErrorKind::TypeError, "dtype must be a type, str, or dtype object");
            }
            if (device.isCuda())
                markCudaUsed();
            return Value::fromTensor(ops::toDevice(self, device, dtype, p.toBool(at(p, "non_blocking")),
                                                   false, p.memoryFormat(at(p, "memory_format"))));
        });

    // ---- Tensor.new_* ----
    // The factories with self's dtype and device as defaults (an explicit dtype= or device= wins).
    const auto newFactory = [&r](const std::string& name, const std::string& head,
                                 std::function<Tensor(P, DType)> make) {
        r.tensorOp(name, {factoryFormat(head, {})}, false, [make](P p, T self, C) {
            AllocationScope scope(newTensorPlacement(p, self));
            checkFactoryOptions(p);
            return Value::fromTensor(make(p, dtypeArg(p).value_or(self.dtype())));
        });
    };
    newFactory("new_empty", "new_empty(SymIntArrayRef size",
               [](P p, DType dtype) { return ops::empty(listArg(p, "size"), dtype); });
    newFactory("new_zeros", "new_zeros(SymIntArrayRef size",
               [](P p, DType dtype) { return ops::zeros(listArg(p, "size"), dtype); });
    newFactory("new_ones", "new_ones(SymIntArrayRef size",
               [](P p, DType dtype) { return ops::ones(listArg(p, "size"), dtype); });
    newFactory("new_full", "new_full(SymIntArrayRef size, Scalar fill_value", [](P p, DType dtype) {
        return ops::full(listArg(p, "size"), p.scalar(at(p, "fill_value")), dtype);
    });
    newFactory(
        "new_empty_strided", "new_empty_strided(SymIntArrayRef size, SymIntArrayRef stride",
        [](P p, DType dtype) { return ops::emptyStrided(listArg(p, "size"), listArg(p, "stride"), dtype); });
    // tensor_new.cpp new_tensor: torch.tensor(data) with self's dtype and device as defaults (no
    // type inference: [1.5, 2] into an int64 self is [1, 2]); a tensor is copied as torch.tensor
    // copies one (tensorFromData).
    r.tensorOp("new_tensor",
               {"new_tensor(PyObject* data, *, ScalarType dtype=None, Device? device=None, bool "
                "requires_grad=False)"},
               false, [](P p, T self, C) {
                   AllocationScope scope(newTensorPlacement(p, self));
                   checkFactoryOptions(p);
                   return Value::fromTensor(tensorFromData(p.raw(0), dtypeArg(p).value_or(self.dtype())));
               });

    // ---- device= and pin_memory= on the factories ----
    for (const char* name : kFactories) {
        const auto found = r.handlers.find(std::string("torch.") + name);
        if (found == r.handlers.end())
            continue;
        Handler original = found->second;
        const bool fromData = std::string(name) == "tensor";
        found->second = [original, fromData](A args, const Tensor* self, C context) {
            // Only well-typed values are read here; anything else is left to the signature's
            // own TypeError in `original`.
            Placement placement;
            // torch.tensor(t) of a tensor keeps its device unless device= says otherwise.
            if (fromData && !args.positional.empty() && args.positional[0].isTensor())
                placement.device = ops::deviceOf(args.positional[0].asTensor());
            bool pinned = false;
            for (const auto& [key, value] : args.keywords) {
                if (key == "device" && (value.is(Value::Kind::String) || value.is(Value::Kind::Int) ||
                                        value.is(Value::Kind::Device)))
                    placement.device = deviceFromValue(value);
                if (key == "pin_memory" && value.is(Value::Kind::Bool))
                    pinned = value.asBool();
            }
            if (placement.device.isCuda()) {
                placement.device = requireCudaDevice(placement.device);
                SS_CHECK(!pinned, RuntimeError, "Only dense CPU tensors can be pinned");
            } else {
                placement.device = Device::cpu(); // a cpu:0 storage is a cpu storage
                if (pinned) {
                    markCudaUsed();
                    SS_CHECK(cudaAvailable(), RuntimeError, kPinnedNeedsCuda);
                }
                placement.pinned = pinned;
            }
            AllocationScope scope(placement);
            return original(args, self, context);
        };
    }
}

} // namespace registry_detail

Value deviceAttribute(const Device& device, const std::string& name) {
    if (name == "type")
        return Value::fromString(device.isCuda() ? "cuda" : "cpu");
    if (name == "index")
        return device.hasIndex() ? Value::fromInt(device.index) : Value::none();
    fail(ErrorKind::AttributeError, "'torch.device' object has no attribute '", name, "'");
}

} // namespace stridescope::script
