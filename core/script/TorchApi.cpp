#include "core/script/TorchApi.h"

#include "core/DeviceOps.h"
#include "core/Arithmetic.h"
#include "core/Error.h"
#include "core/Ops.h"
#include "core/ShapeOps.h"
#include "core/script/Operators.h"
#include "core/script/Repr.h"
#include "core/script/TorchRegistry.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>

namespace stridescope::script {

using namespace registry_detail;

namespace {

Value toList(const Tensor& t, Shape& index, std::size_t dim) {
    if (dim == index.size())
        return Value::fromScalar(t.valueAt(index));
    std::vector<Value> items;
    for (std::int64_t i = 0; i < t.sizes()[dim]; ++i) {
        index[dim] = i;
        items.push_back(toList(t, index, dim + 1));
    }
    return Value::list(std::move(items));
}

// torch.tensor's data: nested sequences of numbers (or of tensors, read by value).
ops::NestedData nestedData(const Value& v) {
    ops::NestedData data;
    if (v.isNumber()) {
        data.leaf = v.asScalar();
        return data;
    }
    if (v.isTensor()) {
        const Tensor& t = v.asTensor();
        SS_CHECK(t.hasValues(), RuntimeError, "the values of this tensor are not kept (layout only)");
        if (t.dim() == 0) {
            data.leaf = t.valueAt({});
            return data;
        }
        Shape index(static_cast<std::size_t>(t.dim()), 0);
        return nestedData(toList(t, index, 0));
    }
    if (v.isSequence() || v.is(Value::Kind::Range)) {
        data.isLeaf = false;
        for (const Value& item : iterate(v))
            data.children.push_back(nestedData(item));
        return data;
    }
    if (v.is(Value::Kind::String))
        fail(ErrorKind::TypeError, "new(): invalid data type 'str'");
    fail(ErrorKind::RuntimeError, "Could not infer dtype of ", typeName(v));
}

Value splitMethod(const Tensor& self, const CallArguments& args, const std::string& qualifiedName) {
    // Tensor.split is written in Python (torch/_tensor.py): an int goes to _VF.split, anything
    // else to _VF.split_with_sizes, each with its own PyTorch signatures.
    const auto bound = bindPythonArguments(qualifiedName, {"split_size", "dim"}, 1, args, true);
    Value splitSize = *bound[0];
    const Value dim = bound[1] ? *bound[1] : Value::fromInt(0);
    if (isIndexLikeTensor(splitSize) ||
        (splitSize.isTensor() && splitSize.asTensor().numel() == 1 && splitSize.asTensor().hasValues())) {
        splitSize = Value::fromInt(toPythonInt(splitSize));
    }
    CallArguments forwarded;
    forwarded.positional = {Value::fromTensor(self), splitSize, dim};
    if (splitSize.is(Value::Kind::Int) || splitSize.is(Value::Kind::Bool)) {
        static const ArgumentParser parser({"split(Tensor input, int64_t split_size, int64_t dim=0)",
                                            "split(Tensor input, IntArrayRef split_size, int64_t dim=0)"});
        const ParsedArguments p = parser.parse(forwarded);
        if (p.overload() == 0)
            return tensorsToTuple(ops::split(self, intArg(p, "split_size"), intArg(p, "dim")));
        return tensorsToTuple(ops::splitWithSizes(self, listArg(p, "split_size"), intArg(p, "dim")));
    }
    static const ArgumentParser parser(
        {"split_with_sizes(Tensor input, IntArrayRef split_sizes, int64_t dim=0)"});
    const ParsedArguments p = parser.parse(forwarded);
    return tensorsToTuple(ops::splitWithSizes(self, listArg(p, "split_sizes"), intArg(p, "dim")));
}

Value unflattenMethod(const Tensor& self, const CallArguments& args) {
    // Tensor.unflatten is written in Python too: it refuses empty sizes itself and sends
    // (name, size) pairs to the named-tensor overload.
    const auto bound = bindPythonArguments("Tensor.unflatten", {"dim", "sizes"}, 0, args, true);
    const Value& sizes = *bound[1];
    SS_CHECK(truthy(sizes), RuntimeError, "unflatten: sizes must be non-empty");
    if ((sizes.is(Value::Kind::Tuple) || sizes.is(Value::Kind::List)) &&
        sizes.sequenceItems()[0].isSequence())
        namedTensorsUnsupported();
    static const ArgumentParser parser({"unflatten(int64_t dim, IntArrayRef sizes)",
                                        "unflatten(Dimname dim, IntArrayRef sizes, DimnameList names)"});
    CallArguments forwarded;
    forwarded.positional = {*bound[0], sizes};
    const ParsedArguments p = parser.parse(forwarded);
    if (p.overload() != 0)
        namedTensorError(self, p.raw(0));
    return Value::fromTensor(ops::unflatten(self, intArg(p, "dim"), listArg(p, "sizes")));
}

const std::vector<std::pair<std::string, DType>> kConversionMethods = {
    {"float", DType::Float32},     {"double", DType::Float64},      {"half", DType::Float16},
    {"bfloat16", DType::BFloat16}, {"int", DType::Int32},           {"long", DType::Int64},
    {"short", DType::Int16},       {"char", DType::Int8},           {"byte", DType::UInt8},
    {"bool", DType::Bool},         {"cfloat", DType::ComplexFloat}, {"cdouble", DType::ComplexDouble},
};

} // namespace

namespace registry_detail {

Tensor tensorFromData(const Value& data, std::optional<DType> dtype) {
    if (data.isTensor()) {
        const Tensor& source = data.asTensor();
        return ops::toDevice(source, currentAllocationPlacement().device, dtype.value_or(source.dtype()),
                             false,
                             /*copy=*/true, std::nullopt);
    }
    return ops::tensor(nestedData(data), dtype);
}

void registerTensorOps(Registry& r) {
    using P = const ParsedArguments&;
    using T = const Tensor&;
    using C = CallContext&;

    r.tensorOp("view", {"view(ScalarType dtype)", "view(SymIntArrayRef size)"}, false, [](P p, T self, C) {
        if (p.overload() == 0)
            return Value::fromTensor(ops::viewDtype(self, *p.scalarType(0)));
        return Value::fromTensor(ops::view(self, listArg(p, "size")));
    });
    r.tensorOp("reshape", {"reshape(SymIntArrayRef shape)"}, true,
               [](P p, T self, C) { return Value::fromTensor(ops::reshape(self, listArg(p, "shape"))); });
    r.tensorOp("transpose",
               {"transpose(int64_t dim0, int64_t dim1)", "transpose(Dimname dim0, Dimname dim1)"}, true,
               [](P p, T self, C) {
                   // PyTorch resolves dim1 first (argument evaluation order), so it names dim1.
                   if (p.overload() == 1)
                       namedTensorError(self, p.raw(at(p, "dim1")));
                   return Value::fromTensor(ops::transpose(self, intArg(p, "dim0"), intArg(p, "dim1")));
               });
    r.noArgsMethod("t", [](T self, C) { return Value::fromTensor(ops::t(self)); });
    r.torchFunction("t", {"t(Tensor input)"}, [](P p, C) { return Value::fromTensor(ops::t(p.tensor(0))); });
    r.tensorOp("permute", {"permute(IntArrayRef dims)"}, true,
               [](P p, T self, C) { return Value::fromTensor(ops::permute(self, listArg(p, "dims"))); });
    r.tensorOp("movedim",
               {"movedim(int64_t source, int64_t destination)",
                "movedim(IntArrayRef source, IntArrayRef destination)"},
               true, [](P p, T self, C) {
                   if (p.overload() == 0)
                       return Value::fromTensor(
                           ops::movedim(self, {intArg(p, "source")}, {intArg(p, "destination")}));
                   return Value::fromTensor(
                       ops::movedim(self, listArg(p, "source"), listArg(p, "destination")));
               });
    r.tensorOp("narrow",
               {"narrow(int64_t dim, Tensor start, int64_t length)",
                "narrow(int64_t dim, int64_t start, int64_t length)"},
               true, [](P p, T self, C) {
                   std::int64_t start = 0;
                   if (p.overload() == 0) {
                       const Tensor s = p.tensor(at(p, "start"));
                       SS_CHECK(s.dim() == 0 && isIntegral(s.dtype(), false), RuntimeError,
                                "start must be an 0-dim integral Tensor.");
                       start = singleValue(s).intValue;
                   } else {
                       start = intArg(p, "start");
                   }
                   return Value::fromTensor(ops::narrow(self, intArg(p, "dim"), start, intArg(p, "length")));
               });
    r.tensorOp("select", {"select(int64_t dim, int64_t index)", "select(Dimname dim, int64_t index)"}, true,
               [](P p, T self, C) {
                   if (p.overload() == 1)
                       namedTensorError(self, p.raw(at(p, "dim")));
                   return Value::fromTensor(ops::select(self, intArg(p, "dim"), intArg(p, "index")));
               });
    r.tensorOp("unsqueeze", {"unsqueeze(int64_t dim)"}, true,
               [](P p, T self, C) { return Value::fromTensor(ops::unsqueeze(self, intArg(p, "dim"))); });
    r.tensorOp("squeeze", {"squeeze()", "squeeze(int64_t dim)", "squeeze(Dimname dim)"}, true,
               [](P p, T self, C) {
                   if (p.overload() == 0)
                       return Value::fromTensor(ops::squeeze(self));
                   if (p.overload() == 2)
                       namedTensorError(self, p.raw(at(p, "dim")));
                   return Value::fromTensor(ops::squeeze(self, intArg(p, "dim")));
               });
    r.tensorOp("flatten",
               {"flatten(int64_t start_dim, int64_t end_dim, Dimname out_dim)",
                "flatten(int64_t start_dim=0, int64_t end_dim=-1)",
                "flatten(Dimname start_dim, Dimname end_dim, Dimname out_dim)",
                "flatten(DimnameList dims, Dimname out_dim)"},
               true, [](P p, T self, C) {
                   if (p.overload() == 2)
                       namedTensorError(self, p.raw(at(p, "start_dim")));
                   if (p.overload() != 1)
                       namedTensorsUnsupported();
                   return Value::fromTensor(ops::flatten(self, intArg(p, "start_dim"), intArg(p, "end_dim")));
               });
    r.custom("Tensor.unflatten",
             [](const CallArguments& args, const Tensor* self, C) { return unflattenMethod(*self, args); });
    r.tensorNames.push_back("unflatten");
    r.torchFunction("unflatten", {"unflatten(Tensor input, int64_t dim, IntArrayRef sizes)"}, [](P p, C) {
        return Value::fromTensor(ops::unflatten(p.tensor(0), intArg(p, "dim"), listArg(p, "sizes")));
    });
    r.tensorOp("expand", {"expand(SymIntArrayRef size, *, bool implicit=False)"}, false,
               [](P p, T self, C) { return Value::fromTensor(ops::expand(self, listArg(p, "size"))); });
    r.tensorOp("expand_as", {"expand_as(Tensor other)"}, false,
               [](P p, T self, C) { return Value::fromTensor(ops::expandAs(self, p.tensor(0))); });
    r.tensorOp("view_as", {"view_as(Tensor other)"}, false,
               [](P p, T self, C) { return Value::fromTensor(ops::viewAs(self, p.tensor(0))); });
    r.tensorOp("diagonal",
               {"diagonal(*, Dimname outdim, Dimname dim1, Dimname dim2, int64_t offset=0)",
                "diagonal(int64_t offset=0, int64_t dim1=0, int64_t dim2=1)"},
               true, [](P p, T self, C) {
                   if (p.overload() == 0)
                       namedTensorError(self, p.raw(at(p, "dim1")));
                   return Value::fromTensor(
                       ops::diagonal(self, intArg(p, "offset"), intArg(p, "dim1"), intArg(p, "dim2")));
               });
    r.tensorOp("unfold", {"unfold(int64_t dimension, int64_t size, int64_t step)"}, false,
               [](P p, T self, C) {
                   return Value::fromTensor(
                       ops::unfold(self, intArg(p, "dimension"), intArg(p, "size"), intArg(p, "step")));
               });
    r.tensorOp("as_strided",
               {"as_strided(SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None)"}, true,
               [](P p, T self, C) {
                   return Value::fromTensor(ops::asStrided(self, listArg(p, "size"), listArg(p, "stride"),
                                                           p.toInt64Optional(at(p, "storage_offset"))));
               });
    r.noArgsMethod("detach", [](T self, C) { return Value::fromTensor(ops::detach(self)); });
    r.torchFunction("detach", {"detach(Tensor input)"},
                    [](P p, C) { return Value::fromTensor(ops::detach(p.tensor(0))); });
    r.custom("Tensor.split", [](const CallArguments& args, const Tensor* self, C) {
        return splitMethod(*self, args, "Tensor.split");
    });
    r.tensorNames.push_back("split");
    r.custom("torch.split", [](const CallArguments& args, const Tensor*, C) {
        // torch.functional.split(tensor, split_size_or_sections, dim=0) calls tensor.split(...).
        const auto bound = bindPythonArguments("split", {"tensor", "split_size_or_sections", "dim"}, 1, args);
        const Value& tensor = *bound[0];
        if (!tensor.isTensor())
            fail(ErrorKind::AttributeError, "'", typeName(tensor), "' object has no attribute 'split'");
        CallArguments forwarded;
        forwarded.positional = {*bound[1], bound[2] ? *bound[2] : Value::fromInt(0)};
        return splitMethod(tensor.asTensor(), forwarded, "Tensor.split");
    });
    r.torchNames.push_back("split");
    r.tensorOp("chunk", {"chunk(int64_t chunks, int64_t dim=0)"}, true, [](P p, T self, C) {
        return tensorsToTuple(ops::chunk(self, intArg(p, "chunks"), intArg(p, "dim")));
    });
    r.tensorOp("contiguous", {"contiguous(*, MemoryFormat memory_format=contiguous_format)"}, false,
               [](P p, T self, C) {
                   return Value::fromTensor(ops::contiguous(self, *p.memoryFormat(at(p, "memory_format"))));
               });
    r.tensorOp("clone", {"clone(*, MemoryFormat? memory_format=None)"}, true, [](P p, T self, C) {
        return Value::fromTensor(
            ops::clone(self, p.memoryFormat(at(p, "memory_format")).value_or(MemoryFormat::Preserve)));
    });
    r.tensorOp("flip", {"flip(IntArrayRef dims)"}, true,
               [](P p, T self, C) { return Value::fromTensor(ops::flip(self, listArg(p, "dims"))); });
    r.tensorOp("repeat", {"repeat(SymIntArrayRef repeats)"}, false,
               [](P p, T self, C) { return Value::fromTensor(ops::repeat(self, listArg(p, "repeats"))); });
    // Tensor.to is registered with the device moves (TorchApiDevices.cpp).
    for (const auto& [name, dtype] : kConversionMethods) {
        const DType target = dtype;
        r.tensorOp(name, {name + "(*, MemoryFormat? memory_format=preserve_format)"}, false,
                   [target](P p, T self, C) {
                       return Value::fromTensor(
                           convert(self, target, false, p.memoryFormat(at(p, "memory_format"))));
                   });
    }

    // ---- in-place writes ----
    // add_, sub_, mul_ and the other arithmetic writes: TorchApiArithmetic.cpp
    r.tensorOp("fill_", {"fill_(Tensor value)", "fill_(Scalar value)"}, false, [](P p, T self, C context) {
        context.aboutToWrite(self);
        if (p.overload() == 0)
            return Value::fromTensor(ops::fill_(self, ops::Operand::of(p.tensor(0))));
        return Value::fromTensor(ops::fill_(self, ops::Operand::of(p.scalar(0))));
    });
    r.noArgsMethod("zero_", [](T self, C context) {
        context.aboutToWrite(self);
        return Value::fromTensor(ops::zero_(self));
    });
    r.tensorOp(
        "copy_", {"copy_(Tensor other, bool non_blocking=False)"}, false,
        [](P p, T self, C context) {
            const Value& other = p.raw(0);
            const Tensor source = other.isTensor() ? other.asTensor() : wrappedNumber(other);
            context.aboutToWrite(self);
            const ops::NonBlockingScope nonBlocking(p.toBool(1)); // asynchronous only with pinned memory
            return Value::fromTensor(ops::copy_(self, source));
        },
        /*unmodelledHiddenOverload=*/true);

    // ---- queries ----
    r.tensorOp("size", {"size(int64_t dim)", "size()", "size(Dimname dim)"}, false, [](P p, T self, C) {
        if (p.overload() == 1)
            return Value::fromSize(self.sizes());
        if (p.overload() == 2)
            namedTensorError(self, p.raw(0));
        return Value::fromInt(self.size(intArg(p, "dim")));
    });
    r.tensorOp("stride", {"stride(int64_t dim)", "stride()", "stride(Dimname dim)"}, false,
               [](P p, T self, C) {
                   if (p.overload() == 1) {
                       std::vector<Value> strides;
                       for (std::int64_t s : self.strides())
                           strides.push_back(Value::fromInt(s));
                       return Value::tuple(std::move(strides));
                   }
                   if (p.overload() == 2)
                       namedTensorError(self, p.raw(0));
                   return Value::fromInt(self.stride(intArg(p, "dim")));
               });
    r.tensorOp("is_contiguous", {"is_contiguous(*, MemoryFormat memory_format=contiguous_format)"}, false,
               [](P p, T self, C) {
                   // c10's is_contiguous treats any format but channels_last like contiguous_format.
                   const MemoryFormat format = *p.memoryFormat(0);
                   return Value::fromBool(ops::isContiguous(
                       self, format == MemoryFormat::ChannelsLast || format == MemoryFormat::ChannelsLast3d
                                 ? format
                                 : MemoryFormat::Contiguous));
               });
    r.noArgsMethod("storage_offset", [](T self, C) { return Value::fromInt(self.storageOffset()); });
    r.noArgsMethod("numel", [](T self, C) { return Value::fromInt(self.numel()); });
    r.noArgsMethod("nelement", [](T self, C) { return Value::fromInt(self.numel()); });
    r.torchFunction("numel", {"numel(Tensor input)"},
                    [](P p, C) { return Value::fromInt(p.tensor(0).numel()); });
    r.noArgsMethod("element_size", [](T self, C) { return Value::fromInt(self.elementSize()); });
    r.noArgsMethod("data_ptr",
                   [](T self, C) { return Value::fromInt(static_cast<std::int64_t>(self.dataPtr())); });
    r.noArgsMethod("dim", [](T self, C) { return Value::fromInt(self.dim()); });
    r.noArgsMethod("ndimension", [](T self, C) { return Value::fromInt(self.dim()); });
    r.noArgsMethod("is_floating_point", [](T self, C) { return Value::fromBool(isFloating(self.dtype())); });
    r.noArgsMethod("item", [](T self, C) { return Value::fromScalar(singleValue(self)); });
    r.noArgsMethod("tolist", [](T self, C) {
        SS_CHECK(self.hasValues(), RuntimeError, "the values of this tensor are not kept (layout only)");
        SS_CHECK(self.numel() <= kMaxIterationItems && self.dim() <= 1000, RuntimeError, "tolist() of ",
                 self.numel(), " elements in ", self.dim(),
                 " dimensions is more than a StrideScope script keeps");
        Shape index(static_cast<std::size_t>(self.dim()), 0);
        return toList(self, index, 0);
    });
}

void registerCreation(Registry& r) {
    using P = const ParsedArguments&;
    using C = CallContext&;

    r.torchFunction(
        "arange",
        {factoryFormat("arange(Scalar end", {"Tensor out=None"}),
         factoryFormat("arange(Scalar start, Scalar end", {}),
         factoryFormat("arange(Scalar start, Scalar end, Scalar step=1", {"Tensor out=None"})},
        [](P p, C) {
            checkFactoryOptions(p);
            const Scalar start = p.overload() == 0 ? Scalar::fromInt(0) : p.scalar(at(p, "start"));
            const Scalar step = p.overload() == 2 ? p.scalar(at(p, "step")) : Scalar::fromInt(1);
            return Value::fromTensor(ops::arange(start, p.scalar(at(p, "end")), step, dtypeArg(p)));
        });

    r.torchFunction(
        "linspace", {factoryFormat("linspace(Scalar start, Scalar end, int64_t steps", {"Tensor out=None"})},
        [](P p, C) {
            checkFactoryOptions(p);
            return Value::fromTensor(ops::linspace(p.scalar(at(p, "start")), p.scalar(at(p, "end")),
                                                   intArg(p, "steps"), dtypeArg(p)));
        });
    r.torchFunction("logspace",
                    {factoryFormat("logspace(Scalar start, Scalar end, int64_t steps, double base=10.0",
                                   {"Tensor out=None"})},
                    [](P p, C) {
                        checkFactoryOptions(p);
                        return Value::fromTensor(ops::logspace(p.scalar(at(p, "start")),
                                                               p.scalar(at(p, "end")), intArg(p, "steps"),
                                                               p.toDouble(at(p, "base")), dtypeArg(p)));
                    });
    r.torchFunction("eye",
                    {factoryFormat("eye(int64_t n", {"Tensor out=None"}),
                     factoryFormat("eye(int64_t n, int64_t m", {"Tensor out=None"})},
                    [](P p, C) {
                        checkFactoryOptions(p);
                        const std::optional<std::int64_t> m =
                            p.overload() == 1 ? std::optional<std::int64_t>(intArg(p, "m")) : std::nullopt;
                        return Value::fromTensor(ops::eye(intArg(p, "n"), m, dtypeArg(p)));
                    });

    const auto sizeFactory = [&r](const std::string& name,
                                  std::function<Tensor(const Shape&, std::optional<DType>)> make) {
        r.torchFunction(name,
                        {factoryFormat(name + "(IntArrayRef size", {"DimnameList? names"}),
                         factoryFormat(name + "(SymIntArrayRef size", {"Tensor out=None"})},
                        [make](P p, C) {
                            checkFactoryOptions(p);
                            return Value::fromTensor(make(listArg(p, "size"), dtypeArg(p)));
                        });
    };
    sizeFactory("zeros", ops::zeros);
    sizeFactory("ones", ops::ones);

    r.torchFunction(
        "empty",
        {factoryFormat("empty(IntArrayRef size", {"DimnameList? names", "MemoryFormat? memory_format=None"}),
         factoryFormat("empty(SymIntArrayRef size", {"MemoryFormat? memory_format=None", "Tensor out=None"})},
        [](P p, C) {
            checkFactoryOptions(p);
            const Shape size = listArg(p, "size");
            const MemoryFormat format =
                p.memoryFormat(at(p, "memory_format")).value_or(MemoryFormat::Contiguous);
            SS_CHECK(format != MemoryFormat::Preserve, RuntimeError, "unsupported memory format Preserve");
            if (format == MemoryFormat::ChannelsLast) {
                SS_CHECK(size.size() == 4, RuntimeError,
                         "required rank 4 tensor to use channels_last format");
                checkedNumel(size); // at::empty checks the sizes before it computes strides from them
                return Value::fromTensor(ops::emptyStrided(size, channelsLastStrides(size), dtypeArg(p)));
            }
            if (format == MemoryFormat::ChannelsLast3d) {
                SS_CHECK(size.size() == 5, RuntimeError,
                         "required rank 5 tensor to use channels_last_3d format");
                checkedNumel(size);
                return Value::fromTensor(ops::emptyStrided(size, channelsLast3dStrides(size), dtypeArg(p)));
            }
            return Value::fromTensor(ops::empty(size, dtypeArg(p)));
        });
    r.torchFunction("full",
                    {factoryFormat("full(IntArrayRef size, Scalar fill_value", {"DimnameList? names"}),
                     factoryFormat("full(SymIntArrayRef size, Scalar fill_value", {"Tensor out=None"})},
                    [](P p, C) {
                        checkFactoryOptions(p);
                        return Value::fromTensor(
                            ops::full(listArg(p, "size"), p.scalar(at(p, "fill_value")), dtypeArg(p)));
                    });
    const auto randomFactory =
        [&r](const std::string& name,
             std::function<Tensor(const Shape&, std::optional<DType>, RandomGenerator&)> make) {
            r.torchFunction(
                name,
                {factoryFormat(name + "(IntArrayRef size", {"Generator? generator", "DimnameList? names"}),
                 factoryFormat(name + "(IntArrayRef size", {"Generator? generator=None", "Tensor out=None"}),
                 factoryFormat(name + "(IntArrayRef size", {"Tensor out=None"}),
                 factoryFormat(name + "(IntArrayRef size", {"DimnameList? names"})},
                [make](P p, C context) {
                    checkFactoryOptions(p);
                    return Value::fromTensor(make(listArg(p, "size"), dtypeArg(p), context.generator()));
                });
        };
    randomFactory("rand", ops::rand);
    randomFactory("randn", ops::randn);
    r.torchFunction("randint",
                    {factoryFormat("randint(int64_t high, IntArrayRef size",
                                   {"Generator? generator=None", "Tensor out=None"}),
                     factoryFormat("randint(int64_t low, int64_t high, IntArrayRef size",
                                   {"Generator? generator=None", "Tensor out=None"})},
                    [](P p, C context) {
                        checkFactoryOptions(p);
                        const std::int64_t low = p.overload() == 1 ? intArg(p, "low") : 0;
                        return Value::fromTensor(ops::randint(low, intArg(p, "high"), listArg(p, "size"),
                                                              dtypeArg(p), context.generator()));
                    });
    r.torchFunction(
        "randint_like",
        {factoryFormat("randint_like(Tensor input, int64_t high", {"MemoryFormat? memory_format=None"}),
         factoryFormat("randint_like(Tensor input, int64_t low, int64_t high",
                       {"MemoryFormat? memory_format=None"})},
        [](P p, C context) {
            checkFactoryOptions(p);
            SS_CHECK(!p.has(at(p, "memory_format")), RuntimeError,
                     "randint_like with memory_format= is not supported by StrideScope");
            const std::int64_t low = p.overload() == 1 ? intArg(p, "low") : 0;
            return Value::fromTensor(
                ops::randintLike(p.tensor(0), low, intArg(p, "high"), dtypeArg(p), context.generator()));
        });
    r.torchFunction(
        "randperm", {factoryFormat("randperm(int64_t n", {"Generator? generator=None", "Tensor out=None"})},
        [](P p, C context) {
            checkFactoryOptions(p);
            return Value::fromTensor(ops::randperm(intArg(p, "n"), dtypeArg(p), context.generator()));
        });

    r.torchFunction(
        "tensor",
        {"tensor(PyObject* data, *, ScalarType dtype=None, Device? device=None, bool pin_memory=False, "
         "bool requires_grad=False, DimnameList? names=None)"},
        [](P p, C) {
            checkFactoryOptions(p);
            return Value::fromTensor(tensorFromData(p.raw(0), dtypeArg(p)));
        });
    r.torchFunction("empty_strided",
                    {factoryFormat("empty_strided(SymIntArrayRef size, SymIntArrayRef stride", {})},
                    [](P p, C) {
                        checkFactoryOptions(p);
                        return Value::fromTensor(
                            ops::emptyStrided(listArg(p, "size"), listArg(p, "stride"), dtypeArg(p)));
                    });
    r.torchFunction("stack", {"stack(TensorList tensors, int64_t dim=0, *, Tensor out=None)"}, [](P p, C) {
        checkFactoryOptions(p);
        return Value::fromTensor(ops::stack(p.tensorList(0), intArg(p, "dim")));
    });
    r.torchFunction("cat",
                    {"cat(TensorList tensors, int64_t dim=0, *, Tensor out=None)",
                     "cat(TensorList tensors, Dimname dim, *, Tensor out=None)"},
                    [](P p, C) {
                        checkFactoryOptions(p);
                        if (p.overload() == 1)
                            namedTensorsUnsupported();
                        return Value::fromTensor(ops::cat(p.tensorList(0), intArg(p, "dim")));
                    });
    r.custom("torch.manual_seed", [](const CallArguments& args, const Tensor*, C context) {
        // torch.manual_seed(seed) is Python: seed = int(seed); negative seeds wrap to uint64.
        const auto bound = bindPythonArguments("manual_seed", {"seed"}, 0, args);
        context.generator().manualSeed(static_cast<std::uint64_t>(toPythonInt(*bound[0])));
        return Value::generator();
    });
    r.torchNames.push_back("manual_seed");
    r.custom("torch.Size", [](const CallArguments& args, const Tensor*, C) {
        SS_CHECK(args.keywords.empty(), TypeError, "torch.Size() takes no keyword arguments");
        SS_CHECK(args.positional.size() <= 1, TypeError, "torch.Size() takes at most 1 argument (",
                 args.positional.size(), " given)");
        Shape dims;
        if (!args.positional.empty()) {
            const std::vector<Value> items = iterate(args.positional[0]);
            for (std::size_t i = 0; i < items.size(); ++i) {
                if (items[i].is(Value::Kind::Int))
                    dims.push_back(items[i].asInt());
                else if (isIndexLikeTensor(items[i]))
                    dims.push_back(toPythonInt(items[i]));
                else
                    fail(ErrorKind::TypeError, "torch.Size() takes an iterable of 'int' (item ", i, " is '",
                         typeName(items[i]), "')");
            }
        }
        return Value::fromSize(std::move(dims));
    });
}

// ---- builtins ------------------------------------------------------------------------------

void requireNoKeywords(const std::string& name, const CallArguments& args) {
    SS_CHECK(args.keywords.empty(), TypeError, name, "() takes no keyword arguments");
}

void requireCount(const std::string& name, const CallArguments& args, std::size_t least, std::size_t most) {
    requireNoKeywords(name, args);
    const std::size_t n = args.positional.size();
    if (least == most && n != least)
        fail(ErrorKind::TypeError, name, "() takes exactly one argument (", n, " given)");
    if (n < least)
        fail(ErrorKind::TypeError, name, " expected at least ", least, " argument", least == 1 ? "" : "s",
             ", got ", n);
    if (n > most)
        fail(ErrorKind::TypeError, name, " expected at most ", most, " argument", most == 1 ? "" : "s",
             ", got ", n);
}

std::int64_t rangeArgument(const Value& v) {
    if (v.is(Value::Kind::Int) || v.is(Value::Kind::Bool))
        return v.asIntegral();
    if (isIndexLikeTensor(v))
        return toPythonInt(v);
    fail(ErrorKind::TypeError, "'", typeName(v), "' object cannot be interpreted as an integer");
}

Value minMax(const std::string& name, const CallArguments& args, bool wantMax) {
    requireNoKeywords(name, args);
    SS_CHECK(!args.positional.empty(), TypeError, name, " expected at least 1 argument, got 0");
    const std::vector<Value> items =
        args.positional.size() == 1 ? iterate(args.positional[0]) : args.positional;
    SS_CHECK(!items.empty(), ValueError, name, "() arg is an empty sequence");
    Value best = items[0];
    for (std::size_t i = 1; i < items.size(); ++i)
        if (compare(wantMax ? CompareOp::Greater : CompareOp::Less, items[i], best))
            best = items[i];
    return best;
}

void registerBuiltins(Registry& r) {
    using A = const CallArguments&;
    using S = const Tensor*;
    using C = CallContext&;
    const auto add = [&r](const std::string& name, Handler handler) {
        r.custom(name, std::move(handler));
        r.builtins.push_back(name);
    };
    add("print", [](A args, S, C context) {
        std::string sep = " ";
        std::string end = "\n";
        for (const auto& [key, value] : args.keywords) {
            if (key == "sep" || key == "end") {
                SS_CHECK(value.isNone() || value.is(Value::Kind::String), TypeError, key,
                         " must be None or a string, not ", typeName(value));
                if (!value.isNone())
                    (key == "sep" ? sep : end) = value.asString();
            } else if (key == "file") {
                SS_CHECK(value.isNone(), TypeError,
                         "print(file=...) is not supported in StrideScope scripts");
            } else if (key != "flush") {
                fail(ErrorKind::TypeError, "'", key, "' is an invalid keyword argument for print()");
            }
        }
        std::string text;
        for (std::size_t i = 0; i < args.positional.size(); ++i)
            text += (i ? sep : "") + str(args.positional[i]);
        context.write(text + end);
        return Value::none();
    });
    add("len", [](A args, S, C) {
        requireCount("len", args, 1, 1);
        return Value::fromInt(pythonLength(args.positional[0]));
    });
    add("int", [](A args, S, C) {
        SS_CHECK(args.keywords.empty(), TypeError,
                 "int() with a base is not supported in StrideScope scripts");
        SS_CHECK(args.positional.size() <= 1, TypeError, "int() takes at most 1 argument here (",
                 args.positional.size(), " given)");
        return Value::fromInt(args.positional.empty() ? 0 : toPythonInt(args.positional[0]));
    });
    add("float", [](A args, S, C) {
        requireNoKeywords("float", args);
        SS_CHECK(args.positional.size() <= 1, TypeError, "float expected at most 1 argument, got ",
                 args.positional.size());
        return Value::fromFloat(args.positional.empty() ? 0.0 : toPythonFloat(args.positional[0]));
    });
    add("bool", [](A args, S, C) {
        requireNoKeywords("bool", args);
        SS_CHECK(args.positional.size() <= 1, TypeError, "bool expected at most 1 argument, got ",
                 args.positional.size());
        return Value::fromBool(!args.positional.empty() && truthy(args.positional[0]));
    });
    add("str", [](A args, S, C) {
        requireNoKeywords("str", args);
        SS_CHECK(args.positional.size() <= 1, TypeError, "str() takes at most 1 argument here (",
                 args.positional.size(), " given)");
        return Value::fromString(args.positional.empty() ? std::string() : str(args.positional[0]));
    });
    add("repr", [](A args, S, C) {
        requireCount("repr", args, 1, 1);
        return Value::fromString(repr(args.positional[0]));
    });
    add("tuple", [](A args, S, C) {
        requireNoKeywords("tuple", args);
        SS_CHECK(args.positional.size() <= 1, TypeError, "tuple expected at most 1 argument, got ",
                 args.positional.size());
        return Value::tuple(args.positional.empty() ? std::vector<Value>() : iterate(args.positional[0]));
    });
    add("list", [](A args, S, C) {
        requireNoKeywords("list", args);
        SS_CHECK(args.positional.size() <= 1, TypeError, "list expected at most 1 argument, got ",
                 args.positional.size());
        return Value::list(args.positional.empty() ? std::vector<Value>() : iterate(args.positional[0]));
    });
    add("range", [](A args, S, C) {
        requireCount("range", args, 1, 3);
        RangeValue range;
        if (args.positional.size() == 1) {
            range.stop = rangeArgument(args.positional[0]);
        } else {
            range.start = rangeArgument(args.positional[0]);
            range.stop = rangeArgument(args.positional[1]);
            if (args.positional.size() == 3)
                range.step = rangeArgument(args.positional[2]);
        }
        SS_CHECK(range.step != 0, ValueError, "range() arg 3 must not be zero");
        return Value::range(range);
    });
    add("abs", [](A args, S, C) {
        requireCount("abs", args, 1, 1);
        const Value& v = args.positional[0];
        if (v.is(Value::Kind::Float))
            return Value::fromFloat(std::abs(v.asFloat()));
        if (v.is(Value::Kind::Complex))
            return Value::fromFloat(std::hypot(v.asComplex().real, v.asComplex().imag));
        if (v.is(Value::Kind::Int) || v.is(Value::Kind::Bool))
            return v.asIntegral() < 0 ? unaryOperation(UnaryOp::Negate, v) : Value::fromInt(v.asIntegral());
        if (v.isTensor())
            return Value::fromTensor(ops::unary(ops::UnaryKind::Abs, v.asTensor()));
        fail(ErrorKind::TypeError, "bad operand type for abs(): '", typeName(v), "'");
    });
    add("min", [](A args, S, C) { return minMax("min", args, false); });
    add("max", [](A args, S, C) { return minMax("max", args, true); });
    add("sum", [](A args, S, C) {
        const auto bound = bindPythonArguments("sum", {"iterable", "start"}, 1, args);
        Value total = bound[1] ? *bound[1] : Value::fromInt(0);
        for (const Value& item : iterate(*bound[0]))
            total = binaryOperation(BinaryOp::Add, total, item);
        return total;
    });
}

void registerProperties(Registry& r) {
    r.property("shape", [](const Tensor& t) { return Value::fromSize(t.sizes()); });
    r.property("dtype", [](const Tensor& t) { return Value::fromDType(t.dtype()); });
    r.property("layout", [](const Tensor&) { return Value::fromTorchLayout(TorchLayout::Strided); });
    r.property("ndim", [](const Tensor& t) { return Value::fromInt(t.dim()); });
    r.property("T", [](const Tensor& t) {
        // Reverses all dims (PyTorch warns for dim != 2 but does it).
        Shape dims;
        for (std::int64_t d = t.dim() - 1; d >= 0; --d)
            dims.push_back(d);
        return Value::fromTensor(ops::permute(t, dims));
    });
    r.property("mT", [](const Tensor& t) {
        if (t.dim() == 0) // PyTorch 1.13's _adjoint returns a 0-dim tensor itself
            return Value::fromTensor(t);
        SS_CHECK(t.dim() >= 2, RuntimeError,
                 "tensor.mT is only supported on matrices or batches of matrices. Got ", t.dim(),
                 "-D tensor.");
        return Value::fromTensor(ops::transpose(t, -2, -1));
    });
    // .data: the same storage and layout, but (unlike detach()) its own version counter.
    r.property("data", [](const Tensor& t) { return Value::fromTensor(t.withFreshVersion()); });
    r.property("requires_grad", [](const Tensor&) { return Value::fromBool(false); });
}

} // namespace registry_detail

namespace {

const Registry& registry() {
    static const Registry instance = [] {
        Registry r;
        registerTensorOps(r);
        registerCreation(r);
        registerBuiltins(r);
        registerProperties(r);
        registerViews(r);
        registerDevices(r);
        registerArithmetic(r);
        registerComplex(r);
        registerSorting(r);
        registerIndexWrites(r);
        registerMatrixProducts(r);
        registerStatistics(r);
        return r;
    }();
    return instance;
}

const std::vector<std::string> kTorchConstants = {
    "Size",       "channels_last", "channels_last_3d", "contiguous_format", "preserve_format",
    "cuda",       "strided",       "sparse_coo",       "sparse_csr",        "sparse_csc",
    "sparse_bsr", "sparse_bsc",    "_mkldnn"};

constexpr TorchLayout kTorchLayouts[] = {
    TorchLayout::Strided,   TorchLayout::SparseCoo, TorchLayout::SparseCsr, TorchLayout::SparseCsc,
    TorchLayout::SparseBsr, TorchLayout::SparseBsc, TorchLayout::Mkldnn};

} // namespace

const std::vector<std::string>& tensorAttributeNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> all = registry().tensorNames;
        all.insert(all.end(), registry().propertyNames.begin(), registry().propertyNames.end());
        return all;
    }();
    return names;
}

const std::vector<std::string>& torchAttributeNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> all = registry().torchNames;
        all.insert(all.end(), kTorchConstants.begin(), kTorchConstants.end());
        for (const std::string& dtype : dtypeAttributeNames())
            all.push_back(dtype);
        return all;
    }();
    return names;
}

const std::vector<std::string>& builtinNames() { return registry().builtins; }

Value torchAttribute(const std::string& name) {
    if (registry().handlers.count("torch." + name))
        return Value::function("torch." + name);
    if (name == "Size")
        return Value::function("torch.Size");
    if (name == "cuda")
        return Value::module("torch.cuda");
    if (name == "channels_last")
        return Value::fromMemoryFormat(MemoryFormat::ChannelsLast);
    if (name == "channels_last_3d")
        return Value::fromMemoryFormat(MemoryFormat::ChannelsLast3d);
    if (name == "contiguous_format")
        return Value::fromMemoryFormat(MemoryFormat::Contiguous);
    if (name == "preserve_format")
        return Value::fromMemoryFormat(MemoryFormat::Preserve);
    if (const auto dtype = dtypeFromAttributeName(name))
        return Value::fromDType(*dtype);
    for (const TorchLayout layout : kTorchLayouts)
        if (name == torchLayoutName(layout))
            return Value::fromTorchLayout(layout);
    fail(ErrorKind::AttributeError, "module 'torch' has no attribute '", name,
         "' (supported: ", joinNames(torchAttributeNames()), ")");
}

Value moduleAttribute(const ModuleValue& module, const std::string& name) {
    if (module.name != "torch.cuda")
        return torchAttribute(name);
    if (registry().handlers.count("torch.cuda." + name))
        return Value::function("torch.cuda." + name);
    fail(ErrorKind::AttributeError, "module 'torch.cuda' has no attribute '", name, "'");
}

Value tensorAttribute(const Tensor& tensor, const std::string& name) {
    const auto& properties = registry().properties;
    if (const auto property = properties.find(name); property != properties.end())
        return property->second(tensor);
    if (registry().handlers.count("Tensor." + name))
        return Value::function("Tensor." + name, tensor);
    fail(ErrorKind::AttributeError, "'Tensor' object has no attribute '", name,
         "' (supported: ", joinNames(tensorAttributeNames()), ")");
}

std::optional<Value> builtin(std::string_view name) {
    const auto& names = registry().builtins;
    if (std::find(names.begin(), names.end(), name) == names.end())
        return std::nullopt;
    return Value::function(std::string(name));
}

Value callFunction(const FunctionValue& function, const CallArguments& arguments, CallContext& context) {
    const auto& handlers = registry().handlers;
    const auto it = handlers.find(function.name);
    SS_CHECK(it != handlers.end(), TypeError, "'", function.name, "' is not callable");
    const Tensor* self = function.self ? &*function.self : nullptr;
    // New storages go to the op's device (a factory's device= sets its own scope inside).
    AllocationScope placement(operationPlacement(self, arguments));
    return it->second(arguments, self, context);
}

Tensor inplaceArithmetic(const std::string& symbol, const Tensor& self, const Value& other,
                         CallContext& context) {
    // Tensor.__iadd__ and friends: the in-place method of each operator.
    static const std::map<std::string, std::string> kMethods = {
        {"+", "add_"},          {"-", "sub_"},       {"*", "mul_"},         {"/", "div_"},
        {"//", "floor_divide_"}, {"%", "remainder_"}, {"**", "pow_"},        {"&", "bitwise_and_"},
        {"|", "bitwise_or_"},   {"^", "bitwise_xor_"}};
    const auto method = kMethods.find(symbol);
    if (method == kMethods.end())
        fail(ErrorKind::TypeError, "in-place ", symbol,
             "= on a tensor is not supported by StrideScope (supported: +=, -=, *=, /=, //=, %=, **=, &=, |=, ^=)");
    if (!other.isTensor() && !other.isNumber())
        fail(ErrorKind::TypeError, "unsupported operand type(s) for ", symbol, "=: 'Tensor' and '", typeName(other), "'");
    CallArguments arguments;
    arguments.positional.push_back(other);
    return callFunction(FunctionValue{"Tensor." + method->second, self}, arguments, context).asTensor();
}

} // namespace stridescope::script
