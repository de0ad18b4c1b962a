// The rest of the view and shape surface (core/ShapeOps.h), the in-place metadata ops, the
// version counter and the Storage API, as rows of the op registry (TorchRegistry.h).
#include "core/Broadcast.h"
#include "core/DeviceOps.h"
#include "core/Einsum.h"
#include "core/ShapeOps.h"
#include "core/script/Operators.h"
#include "core/script/Repr.h"
#include "core/script/TorchRegistry.h"

namespace stridescope::script {

using namespace registry_detail;

namespace {

using P = const ParsedArguments&;
using T = const Tensor&;
using C = CallContext&;

Value tensorValue(const Tensor& t) { return Value::fromTensor(t); }

// What PyTorch's in-place metadata ops do to autograd's version counter: bump it (through
// aboutToWrite, which also lets a failing statement undo them). resize_ and resize_as_ do not
// bump it in PyTorch 1.13, so their bump is taken back (the journal still restores the storage).
void aboutToChangeMetadata(C context, T self, bool bumpsVersion = true) {
    const std::int64_t before = self.version();
    context.aboutToWrite(self);
    if (!bumpsVersion && self.versionCounter())
        *self.versionCounter() = before;
}

// A storage handle for set_: the typed storage must have the tensor's dtype; an untyped one
// is read in it.

StoragePtr storageForSet(const Tensor& self, const StorageValue& s) {
    SS_CHECK(s.untyped || s.dtype == self.dtype(), RuntimeError, "Expected a Storage of type ",
             cppTypeName(self.dtype()), " or an UntypedStorage, but got type ", scalarTypeName(s.dtype),
             " for argument 1 'storage'");
    return s.storage;
}

Value setMethod(const Tensor& self, const CallArguments& args, C context) {
    // set_() / set_(Storage source) / set_(Storage source, SymInt storage_offset, SymIntArrayRef
    // size, SymIntArrayRef stride=[]) / set_(Tensor source) / set_(Tensor source, offset, size, stride=[]).
    CallArguments rest = args;
    std::optional<Value> source;
    if (!rest.positional.empty()) {
        source = rest.positional.front();
        rest.positional.erase(rest.positional.begin());
    } else {
        for (auto it = rest.keywords.begin(); it != rest.keywords.end(); ++it) {
            if (it->first == "source") {
                source = it->second;
                rest.keywords.erase(it);
                break;
            }
        }
    }
    if (!source) {
        SS_CHECK(rest.keywords.empty(), TypeError, "set_() received an invalid combination of arguments");
        aboutToChangeMetadata(context, self);
        return tensorValue(ops::setEmpty(self));
    }
    StoragePtr storage;
    std::int64_t offset = 0;
    Shape sizes, strides;
    bool haveStrides = false;
    if (source->is(Value::Kind::Storage)) {
        storage = storageForSet(self, source->asStorage());
        sizes = {storage->nbytes() / self.elementSize()};
    } else if (source->isTensor()) {
        const Tensor& from = source->asTensor();
        SS_CHECK(
            from.dtype() == self.dtype(), RuntimeError,
            "source.dtype() == self.dtype() INTERNAL ASSERT FAILED at "
            "\"./torch/csrc/autograd/generated/python_variable_methods.cpp\":16761, please report a bug to "
            "PyTorch. ");
        storage = from.storage();
        offset = from.storageOffset();
        sizes = from.sizes();
        strides = from.strides();
        haveStrides = true;
    } else {
        fail(
            ErrorKind::TypeError, "set_() received an invalid combination of arguments - got (",
            typeName(*source),
            "), but expected one of:\n * ()\n * (Storage source)\n * (Storage source, SymInt storage_offset, "
            "tuple of SymInts size, tuple of SymInts stride)\n * (Tensor source)\n * (Tensor source, SymInt "
            "storage_offset, tuple of SymInts size, tuple of SymInts stride)");
    }
    if (!rest.positional.empty() || !rest.keywords.empty()) {
        static const ArgumentParser parser(
            {"set_(SymInt storage_offset, SymIntArrayRef size, SymIntArrayRef stride=None)"});
        const ParsedArguments p = parser.parse(rest);
        offset = intArg(p, "storage_offset");
        sizes = listArg(p, "size");
        haveStrides = p.has(at(p, "stride"));
        strides = haveStrides ? listArg(p, "stride") : Shape{};
        // stride=[] (PyTorch's default) means contiguous strides, as does an omitted one.
        if (haveStrides && strides.empty() && !sizes.empty())
            haveStrides = false;
    }
    aboutToChangeMetadata(context, self);
    return tensorValue(ops::setStorage(self, storage, offset, sizes,
                                       haveStrides ? std::optional<Shape>(strides) : std::nullopt));
}

// tensor_split's three overloads: sections, indices, or a tensor holding either.
Value tensorSplitImpl(P p, T self) {
    const std::int64_t dim = intArg(p, "dim");
    if (p.overload() == 0)
        return tensorsToTuple(ops::tensorSplit(self, intArg(p, "sections"), dim));
    if (p.overload() == 1)
        return tensorsToTuple(ops::tensorSplitIndices(self, listArg(p, "indices"), dim));
    const Tensor split = p.tensor(at(p, "tensor_indices_or_sections"));
    SS_CHECK(self.dim() > 0, RuntimeError,
             "tensor_split expected at least a 1-dimensional tensor, but got a tensor with ", self.dim(),
             " dims");
    SS_CHECK(split.dtype() == DType::Int64, RuntimeError,
             "tensor_split expected tensor_indices_or_sections to have dtype of long, but got ",
             scalarTypeName(split.dtype()));
    SS_CHECK(split.dim() <= 1, RuntimeError,
             "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional "
             "tensor, "
             "but got a tensor with ",
             split.dim(), " dims");
    SS_CHECK(split.hasValues(), RuntimeError, "the values of this tensor are not kept (layout only)");
    if (split.dim() == 0)
        return tensorsToTuple(ops::tensorSplit(self, split.valueAt({}).intValue, dim));
    Shape indices;
    for (const Scalar& v : split.values())
        indices.push_back(v.intValue);
    return tensorsToTuple(ops::tensorSplitIndices(self, indices, dim));
}

// atleast_Nd(*tensors): one tensor gives a tensor, several (or one sequence) a tuple.
Handler atleastHandler(const std::string& name, Tensor (*op)(const Tensor&)) {
    auto parser = std::make_shared<ArgumentParser>(
        std::vector<std::string>{name + "(Tensor input)", name + "(TensorList tensors)"});
    return [parser, op](const CallArguments& args, const Tensor*, C) {
        CallArguments forwarded = args;
        if (args.positional.size() > 1)
            forwarded.positional = {Value::tuple(args.positional)};
        const ParsedArguments p = parser->parse(forwarded);
        if (p.overload() == 0)
            return tensorValue(op(p.tensor(0)));
        std::vector<Tensor> results;
        for (const Tensor& t : p.tensorList(0))
            results.push_back(op(t));
        return tensorsToTuple(results);
    };
}

// Wraps one storage element in its Python number, as TypedStorage.__getitem__ does.
std::int64_t storageSize(const StorageValue& s) { return s.storage->nbytes() / itemSize(s.dtype); }

Tensor storageAsTensor(const StorageValue& s) {
    return Tensor(s.storage, s.dtype, Layout{{storageSize(s)}, {1}, 0});
}

void registerStorageMethods(Registry& r) {
    for (const std::string prefix : {"TypedStorage.", "UntypedStorage."}) {
        const bool untyped = prefix == "UntypedStorage.";
        auto storageOf = [untyped](const Tensor* self) {
            return StorageValue{self->storage(), self->dtype(), untyped};
        };
        auto noArgs = [prefix](const std::string& name, const CallArguments& args) {
            const std::string qualified = prefix.substr(0, prefix.size() - 1) + "." + name;
            SS_CHECK(args.keywords.empty(), TypeError, qualified, "() got an unexpected keyword argument '",
                     args.keywords.empty() ? "" : args.keywords.front().first, "'");
            SS_CHECK(args.positional.empty(), TypeError, qualified, "() takes 1 positional argument but ",
                     args.positional.size() + 1, " were given");
        };
        r.custom(prefix + "data_ptr", [=](const CallArguments& args, const Tensor* self, C) {
            noArgs("data_ptr", args);
            return Value::fromInt(static_cast<std::int64_t>(self->storage()->baseAddress()));
        });
        r.custom(prefix + "size", [=](const CallArguments& args, const Tensor* self, C) {
            noArgs("size", args);
            return Value::fromInt(storageSize(storageOf(self)));
        });
        r.custom(prefix + "nbytes", [=](const CallArguments& args, const Tensor* self, C) {
            noArgs("nbytes", args);
            return Value::fromInt(self->storage()->nbytes());
        });
        r.custom(prefix + "element_size", [=](const CallArguments& args, const Tensor* self, C) {
            noArgs("element_size", args);
            return Value::fromInt(itemSize(self->dtype()));
        });
        r.custom(prefix + "tolist", [=](const CallArguments& args, const Tensor* self, C) {
            noArgs("tolist", args);
            const StorageValue s = storageOf(self);
            SS_CHECK(s.storage->hasValues(), RuntimeError,
                     "the values of this storage are not kept (layout only)");
            SS_CHECK(storageSize(s) <= kMaxIterationItems, RuntimeError, "tolist() of ", storageSize(s),
                     " elements is more than a StrideScope script keeps");
            std::vector<Value> items;
            for (std::int64_t i = 0; i < storageSize(s); ++i)
                items.push_back(Value::fromScalar(s.storage->load(s.dtype, i)));
            return Value::list(std::move(items));
        });
    }
}

const std::vector<std::string> kStorageMethods = {"data_ptr", "size", "nbytes", "element_size", "tolist"};

} // namespace

namespace registry_detail {

void registerViews(Registry& r) {
    // ---- views ----
    r.tensorOp("moveaxis",
               {"moveaxis(int64_t source, int64_t destination)",
                "moveaxis(IntArrayRef source, IntArrayRef destination)"},
               true, [](P p, T self, C) {
                   if (p.overload() == 0)
                       return tensorValue(
                           ops::movedim(self, {intArg(p, "source")}, {intArg(p, "destination")}));
                   return tensorValue(ops::movedim(self, listArg(p, "source"), listArg(p, "destination")));
               });
    r.tensorOp("swapaxes", {"swapaxes(int64_t axis0, int64_t axis1)"}, true, [](P p, T self, C) {
        return tensorValue(ops::transpose(self, intArg(p, "axis0"), intArg(p, "axis1")));
    });
    r.tensorOp("swapdims", {"swapdims(int64_t dim0, int64_t dim1)"}, true, [](P p, T self, C) {
        return tensorValue(ops::transpose(self, intArg(p, "dim0"), intArg(p, "dim1")));
    });
    r.noArgsMethod("ravel", [](T self, C) { return tensorValue(ops::ravel(self)); });
    r.torchFunction("ravel", {"ravel(Tensor input)"},
                    [](P p, C) { return tensorValue(ops::ravel(p.tensor(0))); });
    r.tensorOp("reshape_as", {"reshape_as(Tensor other)"}, false,
               [](P p, T self, C) { return tensorValue(ops::reshape(self, p.tensor(0).sizes())); });
    r.noArgsMethod("adjoint", [](T self, C) { return tensorValue(ops::adjoint(self)); });
    r.torchFunction("adjoint", {"adjoint(Tensor input)"},
                    [](P p, C) { return tensorValue(ops::adjoint(p.tensor(0))); });
    r.tensorOp("unbind", {"unbind(int64_t dim=0)", "unbind(Dimname dim)"}, true, [](P p, T self, C) {
        if (p.overload() == 1)
            namedTensorError(self, p.raw(at(p, "dim")));
        return tensorsToTuple(ops::unbind(self, intArg(p, "dim")));
    });
    r.tensorOp("tensor_split",
               {"tensor_split(SymInt sections, int64_t dim=0)",
                "tensor_split(SymIntArrayRef indices, int64_t dim=0)",
                "tensor_split(Tensor tensor_indices_or_sections, int64_t dim=0)"},
               true, [](P p, T self, C) { return tensorSplitImpl(p, self); });
    for (const char which : {'h', 'v', 'd'}) {
        const std::string name = std::string(1, which) + "split";
        r.tensorOp(name, {name + "(int64_t sections)", name + "(IntArrayRef indices)"}, true,
                   [which](P p, T self, C) {
                       if (p.overload() == 0)
                           return tensorsToTuple(ops::directionalSplit(self, which, intArg(p, "sections")));
                       return tensorsToTuple(
                           ops::directionalSplitIndices(self, which, listArg(p, "indices")));
                   });
    }
    r.tensorOp("split_with_sizes", {"split_with_sizes(SymIntArrayRef split_sizes, int64_t dim=0)"}, true,
               [](P p, T self, C) {
                   return tensorsToTuple(
                       ops::splitWithSizes(self, listArg(p, "split_sizes"), intArg(p, "dim")));
               });
    r.tensorOp("broadcast_to", {"broadcast_to(SymIntArrayRef size)"}, true,
               [](P p, T self, C) { return tensorValue(ops::broadcastTo(self, listArg(p, "size"))); });
    r.torchFunction("broadcast_tensors", {"broadcast_tensors(TensorList tensors)"},
                    [](P p, C) { return tensorsToTuple(ops::broadcastTensors(p.tensorList(0))); });
    // torch.broadcast_tensors(*tensors) is a Python function: its arguments arrive as one tuple.
    r.custom("torch.broadcast_tensors", [](const CallArguments& args, const Tensor*, C) {
        static const ArgumentParser parser({"broadcast_tensors(TensorList tensors)"});
        CallArguments forwarded;
        forwarded.positional = {Value::tuple(args.positional)};
        SS_CHECK(args.keywords.empty(), TypeError, "broadcast_tensors() got an unexpected keyword argument '",
                 args.keywords.empty() ? "" : args.keywords.front().first, "'");
        return tensorsToTuple(ops::broadcastTensors(parser.parse(forwarded).tensorList(0)));
    });
    r.custom("torch.broadcast_shapes", [](const CallArguments& args, const Tensor*, C) {
        SS_CHECK(args.keywords.empty(), TypeError, "broadcast_shapes() got an unexpected keyword argument '",
                 args.keywords.empty() ? "" : args.keywords.front().first, "'");
        std::vector<Shape> shapes;
        for (const Value& shape : args.positional) {
            if (shape.is(Value::Kind::Int) || shape.is(Value::Kind::Bool)) {
                shapes.push_back({shape.asIntegral()});
                continue;
            }
            const bool sequence =
                shape.is(Value::Kind::Tuple) || shape.is(Value::Kind::List) || shape.is(Value::Kind::Size);
            SS_CHECK(sequence, RuntimeError,
                     "('Input shapes should be of type ints, a tuple of ints, or a list of ints, got ', ",
                     repr(shape), ")");
            Shape dims;
            for (const Value& item : shape.sequenceItems()) {
                SS_CHECK(item.is(Value::Kind::Int) || item.is(Value::Kind::Bool), TypeError,
                         "broadcast_shapes: the sizes must be ints, got ", typeName(item));
                dims.push_back(item.asIntegral());
            }
            shapes.push_back(dims);
        }
        return Value::fromSize(broadcastShapesPython(shapes));
    });
    r.torchNames.push_back("broadcast_shapes");
    r.custom("torch.atleast_1d", atleastHandler("atleast_1d", &ops::atleast1d));
    r.custom("torch.atleast_2d", atleastHandler("atleast_2d", &ops::atleast2d));
    r.custom("torch.atleast_3d", atleastHandler("atleast_3d", &ops::atleast3d));
    for (const char* name : {"atleast_1d", "atleast_2d", "atleast_3d"})
        r.torchNames.push_back(name);

    // torch.meshgrid(*tensors, indexing=None) (ops::meshgrid). indexing=None is "ij" (PyTorch also
    // warns; StrideScope has no warnings).
    r.custom("torch.meshgrid", [](const CallArguments& args, const Tensor*, C) {
        std::vector<Value> items = args.positional;
        if (items.size() == 1 && (items[0].is(Value::Kind::Tuple) || items[0].is(Value::Kind::List)))
            items = items[0].is(Value::Kind::Tuple) ? items[0].asTuple() : items[0].asList();
        std::string indexing = "ij";
        for (const auto& [key, value] : args.keywords) {
            if (key != "indexing")
                fail(ErrorKind::TypeError, "meshgrid() got an unexpected keyword argument '", key, "'");
            if (value.is(Value::Kind::String))
                indexing = value.asString();
            else if (!value.isNone())
                fail(ErrorKind::TypeError, "meshgrid(): argument 'indexing' must be str, not ",
                     typeName(value));
        }
        std::vector<Tensor> tensors;
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (!items[i].isTensor())
                fail(ErrorKind::TypeError, "expected Tensor as element ", i, " in argument 0, but got ",
                     typeName(items[i]));
            tensors.push_back(items[i].asTensor());
        }
        return tensorsToTuple(ops::meshgrid(std::move(tensors), indexing));
    });
    r.torchNames.push_back("meshgrid");

    // torch.block_diag(*tensors) and torch.cartesian_prod(*tensors) are Python functions
    // (torch/functional.py) that pass their positional tensors on as one list.
    const auto variadicTensors = [](const std::string& name, const CallArguments& args) {
        for (const auto& keyword : args.keywords)
            fail(ErrorKind::TypeError, name, "() got an unexpected keyword argument '", keyword.first, "'");
        std::vector<Tensor> tensors;
        for (std::size_t i = 0; i < args.positional.size(); ++i) {
            if (!args.positional[i].isTensor())
                fail(ErrorKind::TypeError, "expected Tensor as element ", i, " in argument 0, but got ",
                     typeName(args.positional[i]));
            tensors.push_back(args.positional[i].asTensor());
        }
        return tensors;
    };
    r.custom("torch.block_diag", [variadicTensors](const CallArguments& args, const Tensor*, C) {
        return tensorValue(ops::blockDiag(variadicTensors("block_diag", args)));
    });
    r.custom("torch.cartesian_prod", [variadicTensors](const CallArguments& args, const Tensor*, C) {
        return tensorValue(ops::cartesianProd(variadicTensors("cartesian_prod", args)));
    });
    r.torchFunction("combinations", {"combinations(Tensor input, int64_t r=2, bool with_replacement=False)"},
                    [](P p, C) {
                        return tensorValue(ops::combinations(p.tensor(0), intArg(p, "r"),
                                                             p.toBool(at(p, "with_replacement"))));
                    });
    for (const char* name : {"block_diag", "cartesian_prod"})
        r.torchNames.push_back(name);

    // torch.einsum(equation, *operands) (torch/functional.py, then at::einsum, core/Einsum.h); the
    // sublist form is not parsed. (opt_einsum is not installed with Debian's torch 1.13, so its
    // contraction order is never chosen: operands are contracted left to right.)
    r.custom("torch.einsum", [](const CallArguments& args, const Tensor*, C) {
        for (const auto& keyword : args.keywords)
            fail(ErrorKind::TypeError, "einsum() got an unexpected keyword argument '", keyword.first, "'");
        std::vector<Value> operands;
        if (args.positional.size() >= 2) {
            operands.assign(args.positional.begin() + 1, args.positional.end());
            if (operands.size() == 1 &&
                (operands[0].is(Value::Kind::Tuple) || operands[0].is(Value::Kind::List)))
                operands = operands[0].is(Value::Kind::Tuple) ? operands[0].asTuple() : operands[0].asList();
        }
        if (operands.empty())
            fail(ErrorKind::ValueError,
                 "einsum(): must specify the equation string and at least one operand, or at "
                 "least one operand and its subscripts list");
        const Value& equation = args.positional[0];
        if (equation.isTensor())
            fail(ErrorKind::RuntimeError,
                 "einsum's sublist form (operand, [subscripts], ...) is not supported by "
                 "StrideScope: write the equation string");
        if (!equation.is(Value::Kind::String))
            fail(ErrorKind::TypeError, "einsum(): argument 'equation' (position 1) must be str, not ",
                 typeName(equation));
        for (std::size_t i = 0; i < operands.size(); ++i)
            if (!operands[i].isTensor())
                fail(ErrorKind::TypeError, "expected Tensor as element ", i, " in argument 1, but got ",
                     typeName(operands[i]));
        std::vector<Tensor> tensors;
        for (const Value& operand : operands)
            tensors.push_back(operand.asTensor());
        return tensorValue(ops::einsum(equation.asString(), tensors));
    });
    r.torchNames.push_back("einsum");

    // ---- copies ----
    const auto optionalTensorArg = [](P p, std::string_view name) {
        const std::size_t i = at(p, name);
        return p.has(i) ? std::optional<Tensor>(p.tensor(i)) : std::nullopt;
    };
    r.tensorOp("diff", {"diff(int64_t n=1, int64_t dim=-1, Tensor? prepend=None, Tensor? append=None)"},
               false, [optionalTensorArg](P p, T self, C) {
                   return tensorValue(ops::diff(self, intArg(p, "n"), intArg(p, "dim"),
                                                optionalTensorArg(p, "prepend"),
                                                optionalTensorArg(p, "append")));
               });
    r.torchFunction(
        "diff",
        {"diff(Tensor input, int64_t n=1, int64_t dim=-1, Tensor? prepend=None, Tensor? append=None, *, "
         "Tensor out=None)"},
        [optionalTensorArg](P p, C) {
            checkFactoryOptions(p); // out= is refused
            return tensorValue(ops::diff(p.tensor(0), intArg(p, "n"), intArg(p, "dim"),
                                         optionalTensorArg(p, "prepend"), optionalTensorArg(p, "append")));
        });

    r.tensorOp("narrow_copy", {"narrow_copy(int64_t dim, SymInt start, SymInt length)"}, true,
               [](P p, T self, C) {
                   return tensorValue(
                       ops::narrowCopy(self, intArg(p, "dim"), intArg(p, "start"), intArg(p, "length")));
               });
    for (const char* name : {"outer", "ger"})
        r.tensorOp(name, {std::string(name) + "(Tensor vec2)"}, true,
                   [](P p, T self, C) { return tensorValue(ops::outer(self, p.tensor(at(p, "vec2")))); });
    r.tensorOp("tile", {"tile(IntArrayRef dims)"}, true,
               [](P p, T self, C) { return tensorValue(ops::tile(self, listArg(p, "dims"))); });
    r.tensorOp("triu", {"triu(int64_t diagonal=0)"}, true,
               [](P p, T self, C) { return tensorValue(ops::triangle(self, intArg(p, "diagonal"), true)); });
    r.tensorOp("tril", {"tril(int64_t diagonal=0)"}, true,
               [](P p, T self, C) { return tensorValue(ops::triangle(self, intArg(p, "diagonal"), false)); });
    r.tensorOp("diag", {"diag(int64_t diagonal=0)"}, true,
               [](P p, T self, C) { return tensorValue(ops::diag(self, intArg(p, "diagonal"))); });
    r.tensorOp("diagflat", {"diagflat(int64_t offset=0)"}, true,
               [](P p, T self, C) { return tensorValue(ops::diagflat(self, intArg(p, "offset"))); });
    r.tensorOp("select_scatter", {"select_scatter(Tensor src, int64_t dim, SymInt index)"}, true,
               [](P p, T self, C) {
                   return tensorValue(ops::selectScatter(self, p.tensor(at(p, "src")), intArg(p, "dim"),
                                                         intArg(p, "index")));
               });
    // Debian's torch 1.13.0a0 mishandles slice_scatter's omitted start/end/step (a "slice step must be
    // positive" from a step of garbage); here they mean what the schema says: 0, the end, 1.
    r.tensorOp(
        "slice_scatter",
        {"slice_scatter(Tensor src, int64_t dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1)"},
        true, [](P p, T self, C) {
            return tensorValue(ops::sliceScatter(self, p.tensor(at(p, "src")), intArg(p, "dim"),
                                                 p.toInt64Optional(at(p, "start")),
                                                 p.toInt64Optional(at(p, "end")), intArg(p, "step")));
        });
    r.tensorOp("diagonal_scatter",
               {"diagonal_scatter(Tensor src, int64_t offset=0, int64_t dim1=0, int64_t dim2=1)"}, true,
               [](P p, T self, C) {
                   return tensorValue(ops::diagonalScatter(self, p.tensor(at(p, "src")), intArg(p, "offset"),
                                                           intArg(p, "dim1"), intArg(p, "dim2")));
               });
    r.tensorOp("diag_embed", {"diag_embed(int64_t offset=0, int64_t dim1=-2, int64_t dim2=-1)"}, true,
               [](P p, T self, C) {
                   return tensorValue(
                       ops::diagEmbed(self, intArg(p, "offset"), intArg(p, "dim1"), intArg(p, "dim2")));
               });
    r.noArgsMethod("fliplr", [](T self, C) { return tensorValue(ops::fliplr(self)); });
    r.torchFunction("fliplr", {"fliplr(Tensor input)"},
                    [](P p, C) { return tensorValue(ops::fliplr(p.tensor(0))); });
    r.noArgsMethod("flipud", [](T self, C) { return tensorValue(ops::flipud(self)); });
    r.torchFunction("flipud", {"flipud(Tensor input)"},
                    [](P p, C) { return tensorValue(ops::flipud(p.tensor(0))); });
    r.tensorOp("rot90", {"rot90(int64_t k=1, IntArrayRef dims=[0,1])"}, true, [](P p, T self, C) {
        return tensorValue(ops::rot90(self, intArg(p, "k"), listArg(p, "dims")));
    });
    // dims=[] in the schema, None in Python's signature (the binding generator's spelling of an
    // empty list default): x.roll(1, dims=None) rolls the flattened tensor.
    r.tensorOp("roll", {"roll(IntArrayRef[1] shifts, IntArrayRef[1] dims=None)"}, true, [](P p, T self, C) {
        const std::size_t dims = at(p, "dims");
        return tensorValue(ops::roll(self, listArg(p, "shifts"), p.has(dims) ? p.intList(dims) : Shape{}));
    });
    const std::vector<std::pair<std::string, ops::LikeFill>> likes = {
        {"empty_like", ops::LikeFill::Empty}, {"zeros_like", ops::LikeFill::Zeros},
        {"ones_like", ops::LikeFill::Ones},   {"rand_like", ops::LikeFill::Rand},
        {"randn_like", ops::LikeFill::Randn},
    };
    for (const auto& [name, fill] : likes) {
        const ops::LikeFill kind = fill;
        r.torchFunction(name, {factoryFormat(name + "(Tensor input", {"MemoryFormat? memory_format=None"})},
                        [kind](P p, C context) {
                            checkFactoryOptions(p);
                            return tensorValue(ops::like(
                                p.tensor(0), kind, dtypeArg(p),
                                p.memoryFormat(at(p, "memory_format")).value_or(MemoryFormat::Preserve),
                                Scalar::fromInt(0), &context.generator()));
                        });
    }
    r.torchFunction(
        "full_like",
        {factoryFormat("full_like(Tensor input, Scalar fill_value", {"MemoryFormat? memory_format=None"})},
        [](P p, C) {
            checkFactoryOptions(p);
            return tensorValue(
                ops::like(p.tensor(0), ops::LikeFill::Full, dtypeArg(p),
                          p.memoryFormat(at(p, "memory_format")).value_or(MemoryFormat::Preserve),
                          p.scalar(at(p, "fill_value"))));
        });
    // THTensor's isSetTo: the same storage read through the same offset, sizes and strides.
    r.tensorOp("is_set_to", {"is_set_to(Tensor tensor)"}, false, [](P p, T self, C) {
        const Tensor other = p.tensor(0);
        return Value::fromBool(self.sharesStorageWith(other) && self.layout() == other.layout());
    });
    r.tensorOp("equal", {"equal(Tensor other)"}, true,
               [](P p, T self, C) { return Value::fromBool(ops::equal(self, p.tensor(at(p, "other")))); });

    // ---- in-place metadata: the same tensor object gets the new layout ----
    r.tensorOp("transpose_", {"transpose_(int64_t dim0, int64_t dim1)"}, false, [](P p, T self, C context) {
        const Tensor result = ops::transposeInPlace(self, intArg(p, "dim0"), intArg(p, "dim1"));
        aboutToChangeMetadata(context, self);
        return tensorValue(result);
    });
    for (const char* name : {"swapaxes_", "swapdims_"}) {
        const bool axes = std::string(name) == "swapaxes_";
        r.tensorOp(
            name,
            {axes ? "swapaxes_(int64_t axis0, int64_t axis1)" : "swapdims_(int64_t dim0, int64_t dim1)"},
            false, [axes](P p, T self, C context) {
                const Tensor result = ops::transposeInPlace(self, intArg(p, axes ? "axis0" : "dim0"),
                                                            intArg(p, axes ? "axis1" : "dim1"));
                aboutToChangeMetadata(context, self);
                return tensorValue(result);
            });
    }
    r.noArgsMethod("t_", [](T self, C context) {
        const Tensor result = ops::tInPlace(self);
        aboutToChangeMetadata(context, self);
        return tensorValue(result);
    });
    r.tensorOp("squeeze_", {"squeeze_()", "squeeze_(int64_t dim)", "squeeze_(Dimname dim)"}, false,
               [](P p, T self, C context) {
                   if (p.overload() == 2)
                       namedTensorError(self, p.raw(at(p, "dim")));
                   const Tensor result = p.overload() == 0 ? ops::squeezeInPlace(self)
                                                           : ops::squeezeInPlace(self, intArg(p, "dim"));
                   aboutToChangeMetadata(context, self);
                   return tensorValue(result);
               });
    r.tensorOp("unsqueeze_", {"unsqueeze_(int64_t dim)"}, false, [](P p, T self, C context) {
        const Tensor result = ops::unsqueezeInPlace(self, intArg(p, "dim"));
        aboutToChangeMetadata(context, self);
        return tensorValue(result);
    });
    r.tensorOp("as_strided_",
               {"as_strided_(SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None)"},
               false, [](P p, T self, C context) {
                   const Tensor result = ops::asStridedInPlace(self, listArg(p, "size"), listArg(p, "stride"),
                                                               p.toInt64Optional(at(p, "storage_offset")));
                   aboutToChangeMetadata(context, self);
                   return tensorValue(result);
               });
    r.tensorOp("resize_", {"resize_(SymIntArrayRef size, *, MemoryFormat? memory_format=None)"}, false,
               [](P p, T self, C context) {
                   // The journal must copy the storage before resize_ grows it in place.
                   aboutToChangeMetadata(context, self, /*bumpsVersion=*/false);
                   return tensorValue(
                       ops::resizeInPlace(self, listArg(p, "size"), p.memoryFormat(at(p, "memory_format"))));
               });
    r.tensorOp("resize_as_", {"resize_as_(Tensor the_template, *, MemoryFormat? memory_format=None)"}, false,
               [](P p, T self, C context) {
                   aboutToChangeMetadata(context, self, /*bumpsVersion=*/false);
                   return tensorValue(ops::resizeAsInPlace(self, p.tensor(at(p, "the_template")),
                                                           p.memoryFormat(at(p, "memory_format"))));
               });
    r.custom("Tensor.set_", [](const CallArguments& args, const Tensor* self, C context) {
        return setMethod(*self, args, context);
    });
    r.tensorNames.push_back("set_");
    r.tensorOp("requires_grad_", {"requires_grad_(bool requires_grad=True)"}, false, [](P p, T self, C) {
        SS_CHECK(
            !p.toBool(0), RuntimeError,
            "requires_grad_(True) is not supported: StrideScope does not model autograd (a tensor's layout "
            "is the same either way)");
        return tensorValue(self);
    });

    // ---- the Storage API ----
    r.noArgsMethod("storage", [](T self, C) {
        return Value::storage(StorageValue{self.storage(), self.dtype(), false});
    });
    r.noArgsMethod("untyped_storage", [](T self, C) {
        return Value::storage(StorageValue{self.storage(), DType::UInt8, true});
    });
    registerStorageMethods(r);

    // ---- properties ----
    r.property("H", [](T t) { return tensorValue(ops::matrixH(t)); });
    r.property("mH", [](T t) { return tensorValue(ops::matrixMH(t)); });
    r.property("_version", [](T t) { return Value::fromInt(t.version()); });
    r.property("nbytes", [](T t) { return Value::fromInt(t.numel() * t.elementSize()); });
    r.property("itemsize", [](T t) { return Value::fromInt(t.elementSize()); });
}

} // namespace registry_detail

Value storageAttribute(const StorageValue& storage, const std::string& name) {
    const std::string type = storage.untyped ? "UntypedStorage" : "TypedStorage";
    if (name == "dtype")
        return Value::fromDType(storage.dtype);
    if (name == "device")
        return Value::fromDevice(storage.storage->device());
    if (name == "is_cuda")
        return Value::fromBool(storage.storage->device().isCuda());
    if (std::find(kStorageMethods.begin(), kStorageMethods.end(), name) != kStorageMethods.end())
        return Value::function(type + "." + name, storageAsTensor(storage));
    fail(ErrorKind::AttributeError, "'torch.storage.", type, "' object has no attribute '", name, "'");
}

std::int64_t wrapStorageIndex(const StorageValue& storage, std::int64_t index) {
    const std::int64_t size = storageSize(storage);
    SS_CHECK(index >= -size && index < size, IndexError, "index ", index,
             " out of range for storage of size ", size);
    return index < 0 ? index + size : index;
}

Value storageItem(const StorageValue& storage, std::int64_t index) {
    SS_CHECK(storage.storage->hasValues(), RuntimeError,
             "the values of this storage are not kept (layout only)");
    return Value::fromScalar(storage.storage->load(storage.dtype, index));
}

void setStorageItem(const StorageValue& storage, std::int64_t index, const Value& value) {
    if (!storage.storage->hasValues())
        return;
    storage.storage->store(storage.dtype, index, checkedCastScalar(value.asScalar(), storage.dtype));
}

} // namespace stridescope::script
