// Statistics and searching (core/StatisticsOps.h) as the script calls them: nansum, nanmean,
// aminmax, median, nanmedian, mode, quantile, nanquantile, histc and bincount (methods and
// torch.<name>), searchsorted, bucketize, var_mean and std_mean (torch.<name> only, as in
// PyTorch). Signatures are PyTorch 1.13's; out= is refused, as in the sorting area.
#include "core/StatisticsOps.h"
#include "core/script/TorchRegistry.h"

namespace stridescope::script {

using namespace registry_detail;

namespace {

using P = const ParsedArguments&;
using T = const Tensor&;
using C = CallContext&;

bool isDimnameOverload(P p) {
    const auto index = p.find("dim");
    return index && p.signature().params[*index].type == ParameterType::Dimname;
}

// A dim name is looked up, and a tensor here has none.
void refuseDimname(P p, T self) {
    if (isDimnameOverload(p))
        namedTensorError(self, p.raw(at(p, "dim")));
}

using ReturnType = std::shared_ptr<const NamedTupleType>;
// The structseq torch.return_types.<name>; made once, when the op is registered.
ReturnType returnType(const std::string& name, std::vector<std::string> fields = {"values", "indices"}) {
    return std::make_shared<const NamedTupleType>(
        NamedTupleType{"torch.return_types." + name, std::move(fields)});
}

Value pair(const ReturnType& type, const Tensor& first, const Tensor& second) {
    return Value::namedTuple(type, {Value::fromTensor(first), Value::fromTensor(second)});
}

std::optional<std::int64_t> optionalInt(P p, std::string_view name) { return p.toInt64Optional(at(p, name)); }
bool boolArg(P p, std::string_view name) { return p.toBool(at(p, name)); }

// An omitted or None dim list reduces every dim, as an empty one does.
Shape dimsArg(P p) {
    const auto index = p.find("dim");
    return index && p.has(*index) ? p.intList(*index) : Shape{};
}

// The torch.<name> forms of method signatures: input first, then the out= PyTorch accepts.
std::vector<std::string> functionFormats(const std::vector<std::string>& methods, const std::string& out) {
    std::vector<std::string> formats;
    for (const std::string& method : methods) {
        std::string format = withInput(method);
        if (!out.empty()) {
            const bool keywordOnly = format.find('*') != std::string::npos;
            format.insert(format.size() - 1, (keywordOnly ? ", " : ", *, ") + out + " out=None");
        }
        formats.push_back(format);
    }
    return formats;
}

// Registers Tensor.<name> and torch.<name> with one implementation.
void methodAndFunction(Registry& r, const std::string& name, const std::vector<std::string>& methods,
                       const std::string& out, const std::function<Value(P, T)>& impl) {
    r.tensorOp(name, methods, false, [impl](P p, T self, C) { return impl(p, self); });
    r.torchFunction(name, functionFormats(methods, out), [impl](P p, C) {
        checkFactoryOptions(p); // out= is refused, as for the other torch functions
        return impl(p, p.tensor(at(p, "input")));
    });
}

// A torch.<name> function only (no method), out= refused.
void functionOnly(Registry& r, const std::string& name, const std::vector<std::string>& formats,
                  const std::function<Value(P)>& impl) {
    r.torchFunction(name, formats, [impl](P p, C) {
        checkFactoryOptions(p);
        return impl(p);
    });
}

void registerReductions(Registry& r) {
    for (const bool mean : {false, true}) {
        const std::string name = mean ? "nanmean" : "nansum";
        methodAndFunction(
            r, name, {name + "(IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None)"},
            "Tensor", [mean](P p, T self) {
                const auto op = mean ? ops::nanmean : ops::nansum;
                return Value::fromTensor(op(self, dimsArg(p), boolArg(p, "keepdim"), dtypeArg(p)));
            });
    }
    methodAndFunction(r, "aminmax", {"aminmax(*, int64_t? dim=None, bool keepdim=False)"}, "TensorList",
                      [type = returnType("aminmax", {"min", "max"})](P p, T self) {
                          const ops::MinAndMax result =
                              ops::aminmax(self, optionalInt(p, "dim"), boolArg(p, "keepdim"));
                          return pair(type, result.min, result.max);
                      });
    for (const bool ignoreNan : {false, true}) {
        const std::string name = ignoreNan ? "nanmedian" : "median";
        methodAndFunction(r, name,
                          {name + "()", name + "(int64_t dim, bool keepdim=False)",
                           name + "(Dimname dim, bool keepdim=False)"},
                          "TensorList", [ignoreNan, type = returnType(name)](P p, T self) {
                              if (p.overload() == 0)
                                  return Value::fromTensor(ops::medianAll(self, ignoreNan));
                              refuseDimname(p, self);
                              const ops::ValuesAndIndices result =
                                  ops::medianDim(self, intArg(p, "dim"), boolArg(p, "keepdim"), ignoreNan);
                              return pair(type, result.values, result.indices);
                          });
    }
    methodAndFunction(
        r, "mode", {"mode(int64_t dim=-1, bool keepdim=False)", "mode(Dimname dim, bool keepdim=False)"},
        "TensorList", [type = returnType("mode")](P p, T self) {
            refuseDimname(p, self);
            const ops::ValuesAndIndices result = ops::mode(self, intArg(p, "dim"), boolArg(p, "keepdim"));
            return pair(type, result.values, result.indices);
        });
    for (const bool root : {false, true}) {
        const std::string name = root ? "std_mean" : "var_mean";
        functionOnly(
            r, name,
            {name + "(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)",
             name +
                 "(Tensor input, IntArrayRef[1]? dim=None, *, int64_t? correction=None, bool keepdim=False)",
             name + "(Tensor input, bool unbiased=True)"},
            [root](P p) {
                double correction = 1;
                std::optional<Shape> dims;
                bool keepdim = false;
                if (p.overload() == 2) {
                    correction = boolArg(p, "unbiased") ? 1 : 0;
                } else {
                    if (p.has(at(p, "dim")))
                        dims = p.intList(at(p, "dim"));
                    keepdim = boolArg(p, "keepdim");
                    if (p.overload() == 0)
                        correction = boolArg(p, "unbiased") ? 1 : 0;
                    else if (const auto c = optionalInt(p, "correction"))
                        correction = static_cast<double>(*c);
                }
                const auto [spread, mean] =
                    ops::varianceAndMean(p.tensor(at(p, "input")), dims, correction, keepdim, root);
                return Value::tuple({Value::fromTensor(spread), Value::fromTensor(mean)});
            });
    }
}

void registerQuantiles(Registry& r) {
    for (const bool ignoreNan : {false, true}) {
        const std::string name = ignoreNan ? "nanquantile" : "quantile";
        const std::string tail =
            "int64_t? dim=None, bool keepdim=False, *, c10::string_view interpolation=\"linear\")";
        methodAndFunction(r, name, {name + "(Tensor q, " + tail, name + "(double q, " + tail}, "Tensor",
                          [ignoreNan](P p, T self) {
                              const std::string interpolation = p.string(at(p, "interpolation"));
                              const auto dim = optionalInt(p, "dim");
                              const bool keepdim = boolArg(p, "keepdim");
                              if (p.overload() == 0)
                                  return Value::fromTensor(ops::quantile(self, p.tensor(at(p, "q")), dim,
                                                                         keepdim, interpolation, ignoreNan));
                              return Value::fromTensor(ops::quantile(self, p.toDouble(at(p, "q")), dim,
                                                                     keepdim, interpolation, ignoreNan));
                          });
    }
}

void registerSearching(Registry& r) {
    functionOnly(
        r, "searchsorted",
        {"searchsorted(Tensor sorted_sequence, Tensor input, *, bool out_int32=False, bool right=False, "
         "c10::string_view? side=None, Tensor? sorter=None, Tensor out=None)",
         "searchsorted(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False, "
         "c10::string_view? side=None, Tensor? sorter=None)"},
        [](P p) {
            const std::size_t valuesAt = p.overload() == 0 ? at(p, "input") : at(p, "self");
            const ops::Operand values = p.overload() == 0 ? ops::Operand::of(p.tensor(valuesAt))
                                                          : ops::Operand::of(p.scalar(valuesAt));
            const std::size_t sideAt = at(p, "side");
            const std::size_t sorterAt = at(p, "sorter");
            return Value::fromTensor(ops::searchsorted(
                p.tensor(at(p, "sorted_sequence")), values, boolArg(p, "out_int32"), boolArg(p, "right"),
                p.has(sideAt) ? std::optional<std::string>(p.string(sideAt)) : std::nullopt,
                p.has(sorterAt) ? std::optional<Tensor>(p.tensor(sorterAt)) : std::nullopt));
        });
    functionOnly(r, "bucketize",
                 {"bucketize(Tensor input, Tensor boundaries, *, bool out_int32=False, bool right=False, "
                  "Tensor out=None)",
                  "bucketize(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False)"},
                 [](P p) {
                     const ops::Operand input = p.overload() == 0 ? ops::Operand::of(p.tensor(at(p, "input")))
                                                                  : ops::Operand::of(p.scalar(at(p, "self")));
                     return Value::fromTensor(ops::bucketize(input, p.tensor(at(p, "boundaries")),
                                                             boolArg(p, "out_int32"), boolArg(p, "right")));
                 });
}

void registerHistograms(Registry& r) {
    methodAndFunction(
        r, "histc", {"histc(int64_t bins=100, Scalar min=0, Scalar max=0)"}, "Tensor", [](P p, T self) {
            return Value::fromTensor(ops::histc(self, intArg(p, "bins"), p.scalar(at(p, "min")).toDouble(),
                                                p.scalar(at(p, "max")).toDouble()));
        });
    methodAndFunction(
        r, "bincount", {"bincount(Tensor? weights=None, int64_t minlength=0)"}, "", [](P p, T self) {
            const std::size_t weightsAt = at(p, "weights");
            return Value::fromTensor(ops::bincount(
                self, p.has(weightsAt) ? std::optional<Tensor>(p.tensor(weightsAt)) : std::nullopt,
                intArg(p, "minlength")));
        });
}

} // namespace

namespace registry_detail {

void registerStatistics(Registry& r) {
    registerReductions(r);
    registerQuantiles(r);
    registerSearching(r);
    registerHistograms(r);
}

} // namespace registry_detail

} // namespace stridescope::script
