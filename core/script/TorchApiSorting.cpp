// Sorting, selection and scans (core/SortingOps.h) as the script calls them: sort, argsort,
// msort, topk, kthvalue, cumsum/cumprod (and their in-place forms), cummax/cummin, and unique /
// unique_consecutive, which torch/functional.py writes in Python. Signatures are PyTorch 1.13's.
#include "core/SortingOps.h"
#include "core/script/Operators.h"
#include "core/script/TorchRegistry.h"

#include <algorithm>

namespace stridescope::script {

using namespace registry_detail;

namespace {

using P = const ParsedArguments&;
using T = const Tensor&;
using C = CallContext&;

// sort and argsort reject a dim name before looking it up (TORCH_CHECK in their Dimname overloads).
void refuseDimnameForSort(P p, const char* name) {
    if (isDimnameOverload(p))
        fail(ErrorKind::RuntimeError, name,
             ": You passed a dimname (string) to this op in place of a dimension index but it does not yet "
             "support this behavior. Please pass a dimension index to work around this.");
}

// The structseq torch.return_types.<name>(values, indices); made once, when the op is registered.
using ReturnType = std::shared_ptr<const NamedTupleType>;
ReturnType returnType(const std::string& name) {
    return std::make_shared<const NamedTupleType>(
        NamedTupleType{"torch.return_types." + name, {"values", "indices"}});
}

Value valuesAndIndices(const ReturnType& type, const ops::ValuesAndIndices& result) {
    return Value::namedTuple(type, {Value::fromTensor(result.values), Value::fromTensor(result.indices)});
}

std::optional<bool> stableArg(P p) {
    const auto index = p.find("stable");
    if (!index || !p.has(*index))
        return std::nullopt;
    return p.toBool(*index);
}

// Registers Tensor.<name> and torch.<name> with one implementation.
void methodAndFunction(Registry& r, const std::string& name, const std::vector<std::string>& methods,
                       const std::string& out, const std::function<Value(P, T, C)>& impl) {
    r.tensorOp(name, methods, false, impl);
    r.torchFunction(name, functionFormats(methods, out), [impl](P p, C context) {
        checkFactoryOptions(p); // out= is refused, as for the other torch functions
        return impl(p, p.tensor(at(p, "input")), context);
    });
}

void registerSortAndSelect(Registry& r) {
    methodAndFunction(r, "sort",
                      {"sort(*, bool? stable, int64_t dim=-1, bool descending=False)",
                       "sort(int64_t dim=-1, bool descending=False)",
                       "sort(*, bool? stable, Dimname dim, bool descending=False)",
                       "sort(Dimname dim, bool descending=False)"},
                      "TensorList", [type = returnType("sort")](P p, T self, C) {
                          refuseDimnameForSort(p, "sort");
                          return valuesAndIndices(type, ops::sort(self, stableArg(p), intArg(p, "dim"),
                                                                  p.toBool(at(p, "descending"))));
                      });
    methodAndFunction(r, "argsort",
                      {"argsort(*, bool stable, int64_t dim=-1, bool descending=False)",
                       "argsort(int64_t dim=-1, bool descending=False)",
                       "argsort(Dimname dim, bool descending=False)"},
                      "", [](P p, T self, C) {
                          refuseDimnameForSort(p, "argsort");
                          return Value::fromTensor(ops::argsort(self, stableArg(p), intArg(p, "dim"),
                                                                p.toBool(at(p, "descending"))));
                      });
    r.noArgsMethod("msort", [](T self, C) { return Value::fromTensor(ops::msort(self)); });
    r.torchFunction("msort", {"msort(Tensor input, *, Tensor out=None)"}, [](P p, C) {
        checkFactoryOptions(p); // out= is refused, as for the other torch functions
        return Value::fromTensor(ops::msort(p.tensor(at(p, "input"))));
    });
    methodAndFunction(r, "topk", {"topk(int64_t k, int64_t dim=-1, bool largest=True, bool sorted=True)"},
                      "TensorList", [type = returnType("topk")](P p, T self, C) {
                          return valuesAndIndices(type, ops::topk(self, intArg(p, "k"), intArg(p, "dim"),
                                                                  p.toBool(at(p, "largest")),
                                                                  p.toBool(at(p, "sorted"))));
                      });
    methodAndFunction(r, "kthvalue",
                      {"kthvalue(int64_t k, int64_t dim=-1, bool keepdim=False)",
                       "kthvalue(int64_t k, Dimname dim, bool keepdim=False)"},
                      "TensorList", [type = returnType("kthvalue")](P p, T self, C) {
                          refuseDimname(p, self);
                          return valuesAndIndices(type, ops::kthvalue(self, intArg(p, "k"), intArg(p, "dim"),
                                                                      p.toBool(at(p, "keepdim"))));
                      });
}

void registerScans(Registry& r) {
    for (const ops::ScanKind kind : {ops::ScanKind::Sum, ops::ScanKind::Prod}) {
        const std::string name = kind == ops::ScanKind::Sum ? "cumsum" : "cumprod";
        const auto formats = [](const std::string& n) {
            return std::vector<std::string>{n + "(int64_t dim, *, ScalarType? dtype=None)",
                                            n + "(Dimname dim, *, ScalarType? dtype=None)"};
        };
        methodAndFunction(r, name, formats(name), "Tensor", [kind](P p, T self, C) {
            refuseDimname(p, self);
            return Value::fromTensor(ops::cumulative(kind, self, intArg(p, "dim"), dtypeArg(p)));
        });
        r.tensorOp(name + "_", formats(name + "_"), false, [kind](P p, T self, C context) {
            refuseDimname(p, self);
            context.aboutToWrite(self);
            return Value::fromTensor(ops::cumulative_(kind, self, intArg(p, "dim"), dtypeArg(p)));
        });
    }
    for (const bool wantMax : {true, false}) {
        const std::string name = wantMax ? "cummax" : "cummin";
        methodAndFunction(r, name, {name + "(int64_t dim)", name + "(Dimname dim)"}, "TensorList",
                          [wantMax, type = returnType(name)](P p, T self, C) {
                              refuseDimname(p, self);
                              return valuesAndIndices(
                                  type, ops::cumulativeExtreme(self, intArg(p, "dim"), wantMax));
                          });
    }
}

// ---- unique: Python functions in torch/functional.py ------------------------------------------

// torch.unique and torch.unique_consecutive are boolean_dispatch chains: the truth of
// return_inverse (a keyword, else the positional argument at its index) and then of
// return_counts picks one of four Python functions, which Python's errors name, and which return
// the output alone or a tuple with the inverse and/or the counts.
struct UniqueForm {
    bool consecutive;
    std::vector<std::string> parameters; // after input; all have defaults
    std::vector<Value> defaults;
    const char* functionNames[2][2]; // [return_inverse][return_counts]
};

const UniqueForm kUnique{
    false,
    {"sorted", "return_inverse", "return_counts", "dim"},
    {Value::fromBool(true), Value::fromBool(false), Value::fromBool(false), Value::none()},
    {{"_return_output", "_return_counts"}, {"_return_inverse", "_unique_impl"}}};
const UniqueForm kUniqueConsecutive{true,
                                    {"return_inverse", "return_counts", "dim"},
                                    {Value::fromBool(false), Value::fromBool(false), Value::none()},
                                    {{"_consecutive_return_output", "_consecutive_return_counts"},
                                     {"_consecutive_return_inverse", "_unique_consecutive_impl"}}};

bool dispatchFlag(const CallArguments& args, const std::string& name, std::size_t positionalIndex) {
    for (const auto& [key, value] : args.keywords)
        if (key == name)
            return truthy(value);
    return positionalIndex < args.positional.size() && truthy(args.positional[positionalIndex]);
}

Value pythonUnique(const UniqueForm& form, const CallArguments& args) {
    const auto position = [&](const std::string& name) {
        return static_cast<std::size_t>(std::find(form.parameters.begin(), form.parameters.end(), name) -
                                        form.parameters.begin()) +
               1;
    };
    const bool wantInverse = dispatchFlag(args, "return_inverse", position("return_inverse"));
    const bool wantCounts = dispatchFlag(args, "return_counts", position("return_counts"));
    std::vector<std::string> names{"input"};
    names.insert(names.end(), form.parameters.begin(), form.parameters.end());
    const auto bound =
        bindPythonArguments(form.functionNames[wantInverse][wantCounts], names, form.parameters.size(), args);
    const auto argument = [&](const std::string& name) {
        const std::size_t i = position(name);
        return bound[i] ? *bound[i] : form.defaults[i - 1];
    };
    // _unique_impl / _unique_consecutive_impl call the native ops with keywords.
    CallArguments forwarded;
    forwarded.positional = {*bound[0]};
    for (const std::string& name : form.parameters)
        if (name != "dim")
            forwarded.keywords.emplace_back(name, argument(name));
    ops::UniqueResult result;
    if (form.consecutive) {
        static const ArgumentParser parser(
            {"unique_consecutive(Tensor input, bool return_inverse=False, bool "
             "return_counts=False, int64_t? dim=None)"});
        forwarded.keywords.emplace_back("dim", argument("dim"));
        const ParsedArguments p = parser.parse(forwarded);
        result = ops::uniqueConsecutive(p.tensor(0), p.toBool(1), p.toBool(2), p.toInt64Optional(3));
    } else if (!argument("dim").isNone()) {
        static const ArgumentParser parser({"unique_dim(Tensor input, int64_t dim, bool sorted=True, bool "
                                            "return_inverse=False, bool return_counts=False)"});
        forwarded.positional.push_back(argument("dim"));
        const ParsedArguments p = parser.parse(forwarded);
        // The parser checks sorted and the flags; unique_dim computes everything regardless.
        result = ops::uniqueDim(p.tensor(0), p.toInt64(1), false);
    } else {
        static const ArgumentParser parser(
            {"_unique2(Tensor input, bool sorted=True, bool return_inverse=False, "
             "bool return_counts=False)"});
        const ParsedArguments p = parser.parse(forwarded);
        result = ops::unique(p.tensor(0), p.toBool(1), p.toBool(2), p.toBool(3));
    }
    if (!wantInverse && !wantCounts)
        return Value::fromTensor(result.values);
    std::vector<Value> items{Value::fromTensor(result.values)};
    if (wantInverse)
        items.push_back(Value::fromTensor(result.inverse));
    if (wantCounts)
        items.push_back(Value::fromTensor(result.counts));
    return Value::tuple(std::move(items));
}

// Tensor.unique(self, sorted=True, ...) in torch/_tensor.py calls torch.unique(self, sorted=sorted,
// ...) with every argument as a keyword.
Value uniqueMethod(const UniqueForm& form, const std::string& qualifiedName, const Tensor& self,
                   const CallArguments& args) {
    const auto bound =
        bindPythonArguments(qualifiedName, form.parameters, form.parameters.size(), args, true);
    CallArguments forwarded;
    forwarded.positional = {Value::fromTensor(self)};
    for (std::size_t i = 0; i < form.parameters.size(); ++i)
        forwarded.keywords.emplace_back(form.parameters[i], bound[i] ? *bound[i] : form.defaults[i]);
    return pythonUnique(form, forwarded);
}

void registerUnique(Registry& r) {
    for (const auto& [name, form] :
         {std::pair<std::string, const UniqueForm*>{"unique", &kUnique},
          std::pair<std::string, const UniqueForm*>{"unique_consecutive", &kUniqueConsecutive}}) {
        const UniqueForm* f = form;
        const std::string qualified = "Tensor." + name;
        r.custom(qualified, [f, qualified](const CallArguments& args, const Tensor* self, C) {
            return uniqueMethod(*f, qualified, *self, args);
        });
        r.tensorNames.push_back(name);
        r.custom("torch." + name,
                 [f](const CallArguments& args, const Tensor*, C) { return pythonUnique(*f, args); });
        r.torchNames.push_back(name);
    }
}

} // namespace

namespace registry_detail {

void registerSorting(Registry& r) {
    registerSortAndSelect(r);
    registerScans(r);
    registerUnique(r);
}

} // namespace registry_detail

} // namespace stridescope::script
