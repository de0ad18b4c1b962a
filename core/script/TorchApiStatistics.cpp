// Statistics and searching (core/StatisticsOps.h) as the script calls them: nansum, nanmean,
// aminmax, median, nanmedian, mode, quantile, nanquantile, histc and bincount (methods and
// torch.<name>), searchsorted, bucketize, var_mean and std_mean (torch.<name> only, as in
// PyTorch). Signatures are PyTorch 1.13's, out= included where PyTorch has it.
#include "core/StatisticsOps.h"
#include "core/script/TorchRegistry.h"

namespace stridescope::script {

using namespace registry_detail;

namespace {

using P = const ParsedArguments&;
using T = const Tensor&;
using C = CallContext&;

// The structseq torch.return_types.<name> (<name>_out when out= was given); made once, when the
// op is registered.
struct ReturnTypes {
    std::shared_ptr<const NamedTupleType> plain;
    std::shared_ptr<const NamedTupleType> withOut;
};
ReturnTypes returnTypes(const std::string& name,
                        const std::vector<std::string>& fields = {"values", "indices"}) {
    return {std::make_shared<const NamedTupleType>(NamedTupleType{"torch.return_types." + name, fields}),
            std::make_shared<const NamedTupleType>(
                NamedTupleType{"torch.return_types." + name + "_out", fields})};
}

Value pair(const ReturnTypes& types, bool out, const Tensor& first, const Tensor& second) {
    return Value::namedTuple(out ? types.withOut : types.plain,
                             {Value::fromTensor(first), Value::fromTensor(second)});
}

std::optional<std::int64_t> optionalInt(P p, std::string_view name) { return p.toInt64Optional(at(p, name)); }
bool boolArg(P p, std::string_view name) { return p.toBool(at(p, name)); }

// An omitted or None dim list reduces every dim, as an empty one does.
Shape dimsArg(P p) {
    const auto index = p.find("dim");
    return index && p.has(*index) ? p.intList(*index) : Shape{};
}

// out=(values, indices) of median, nanmedian and mode, or (min, max) of aminmax.
std::optional<std::pair<Tensor, Tensor>> pairOut(P p, C context) {
    const auto index = p.find("out");
    if (!index || !p.has(*index))
        return std::nullopt;
    const std::vector<Tensor> out = p.tensorList(*index);
    SS_CHECK(out.size() == 2, TypeError, "expected tuple of 2 elements but got ", out.size());
    context.aboutToWrite(out[0]);
    context.aboutToWrite(out[1]);
    return std::pair<Tensor, Tensor>{out[0], out[1]};
}

std::optional<ops::ValuesAndIndices> valuesAndIndicesOut(P p, C context) {
    const auto out = pairOut(p, context);
    if (!out)
        return std::nullopt;
    return ops::ValuesAndIndices{out->first, out->second};
}

// Registers Tensor.<name> and torch.<name> with one implementation.
void methodAndFunction(Registry& r, const std::string& name, const std::vector<std::string>& methods,
                       const std::string& out, const std::function<Value(P, T, C)>& impl) {
    r.tensorOp(name, methods, false, impl);
    r.torchFunction(name, functionFormats(methods, out),
                    [impl](P p, C context) { return impl(p, p.tensor(at(p, "input")), context); });
}

void registerReductions(Registry& r) {
    for (const bool mean : {false, true}) {
        const std::string name = mean ? "nanmean" : "nansum";
        methodAndFunction(
            r, name, {name + "(IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None)"},
            "Tensor", [mean](P p, T self, C context) {
                const auto op = mean ? ops::nanmean : ops::nansum;
                return Value::fromTensor(
                    op(self, dimsArg(p), boolArg(p, "keepdim"), dtypeArg(p), announcedOut(p, context)));
            });
    }
    methodAndFunction(r, "aminmax", {"aminmax(*, int64_t? dim=None, bool keepdim=False)"}, "TensorList[2]",
                      [types = returnTypes("aminmax", {"min", "max"})](P p, T self, C context) {
                          const auto given = pairOut(p, context);
                          const auto out =
                              given
                                  ? std::optional<ops::MinAndMax>(ops::MinAndMax{given->first, given->second})
                                  : std::nullopt;
                          const ops::MinAndMax result =
                              ops::aminmax(self, optionalInt(p, "dim"), boolArg(p, "keepdim"), out);
                          return pair(types, out.has_value(), result.min, result.max);
                      });
    for (const bool ignoreNan : {false, true}) {
        const std::string name = ignoreNan ? "nanmedian" : "median";
        methodAndFunction(r, name,
                          {name + "()", name + "(int64_t dim, bool keepdim=False)",
                           name + "(Dimname dim, bool keepdim=False)"},
                          "TensorList[2]", [ignoreNan, types = returnTypes(name)](P p, T self, C context) {
                              if (p.overload() == 0)
                                  return Value::fromTensor(ops::medianAll(self, ignoreNan));
                              refuseDimname(p, self);
                              const auto out = valuesAndIndicesOut(p, context);
                              const ops::ValuesAndIndices result = ops::medianDim(
                                  self, intArg(p, "dim"), boolArg(p, "keepdim"), ignoreNan, out);
                              return pair(types, out.has_value(), result.values, result.indices);
                          });
    }
    methodAndFunction(r, "mode",
                      {"mode(int64_t dim=-1, bool keepdim=False)", "mode(Dimname dim, bool keepdim=False)"},
                      "TensorList[2]", [types = returnTypes("mode")](P p, T self, C context) {
                          refuseDimname(p, self);
                          const auto out = valuesAndIndicesOut(p, context);
                          const ops::ValuesAndIndices result =
                              ops::mode(self, intArg(p, "dim"), boolArg(p, "keepdim"), out);
                          return pair(types, out.has_value(), result.values, result.indices);
                      });
    for (const bool root : {false, true}) {
        const std::string name = root ? "std_mean" : "var_mean";
        r.torchFunction(
            name,
            // 1.13's order; the correction form has no defaults for dim and correction (None is allowed).
            {name + "(Tensor input, IntArrayRef[1]? dim, *, int64_t? correction, bool keepdim=False)",
             name + "(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)",
             name + "(Tensor input, bool unbiased=True)",
             name + "(Tensor input, DimnameList[1] dim, *, int64_t? correction, bool keepdim=False)",
             name + "(Tensor input, DimnameList[1] dim, bool unbiased=True, bool keepdim=False)"},
            [root](P p, C) {
                if (p.overload() >= 3)
                    namedTensorsUnsupported();
                double correction = 1;
                std::optional<Shape> dims;
                bool keepdim = false;
                if (p.overload() == 2) {
                    correction = boolArg(p, "unbiased") ? 1 : 0;
                } else {
                    if (p.has(at(p, "dim")))
                        dims = p.intList(at(p, "dim"));
                    keepdim = boolArg(p, "keepdim");
                    if (p.overload() == 1)
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
                          [ignoreNan](P p, T self, C context) {
                              const std::string interpolation = p.string(at(p, "interpolation"));
                              const auto dim = optionalInt(p, "dim");
                              const bool keepdim = boolArg(p, "keepdim");
                              const auto out = announcedOut(p, context);
                              if (p.overload() == 0)
                                  return Value::fromTensor(ops::quantile(self, p.tensor(at(p, "q")), dim,
                                                                         keepdim, interpolation, ignoreNan,
                                                                         out));
                              return Value::fromTensor(ops::quantile(self, p.toDouble(at(p, "q")), dim,
                                                                     keepdim, interpolation, ignoreNan, out));
                          });
    }
}

void registerSearching(Registry& r) {
    // The Scalar overloads have no out variant in 1.13.
    r.torchFunction(
        "searchsorted",
        {"searchsorted(Tensor sorted_sequence, Tensor input, *, bool out_int32=False, bool right=False, "
         "c10::string_view? side=None, Tensor? sorter=None, Tensor out=None)",
         "searchsorted(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False, "
         "c10::string_view? side=None, Tensor? sorter=None)"},
        [](P p, C context) {
            const ops::Operand values = p.overload() == 0 ? ops::Operand::of(p.tensor(at(p, "input")))
                                                          : ops::Operand::of(p.scalar(at(p, "self")));
            const std::size_t sideAt = at(p, "side");
            const std::size_t sorterAt = at(p, "sorter");
            return Value::fromTensor(ops::searchsorted(
                p.tensor(at(p, "sorted_sequence")), values, boolArg(p, "out_int32"), boolArg(p, "right"),
                p.has(sideAt) ? std::optional<std::string>(p.string(sideAt)) : std::nullopt,
                p.has(sorterAt) ? std::optional<Tensor>(p.tensor(sorterAt)) : std::nullopt,
                announcedOut(p, context)));
        });
    r.torchFunction("bucketize",
                    {"bucketize(Tensor input, Tensor boundaries, *, bool out_int32=False, bool right=False, "
                     "Tensor out=None)",
                     "bucketize(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False)"},
                    [](P p, C context) {
                        const ops::Operand input = p.overload() == 0
                                                       ? ops::Operand::of(p.tensor(at(p, "input")))
                                                       : ops::Operand::of(p.scalar(at(p, "self")));
                        return Value::fromTensor(ops::bucketize(input, p.tensor(at(p, "boundaries")),
                                                                boolArg(p, "out_int32"), boolArg(p, "right"),
                                                                announcedOut(p, context)));
                    });
}

void registerHistograms(Registry& r) {
    methodAndFunction(r, "histc", {"histc(int64_t bins=100, Scalar min=0, Scalar max=0)"}, "Tensor",
                      [](P p, T self, C context) {
                          return Value::fromTensor(
                              ops::histc(self, intArg(p, "bins"), p.scalar(at(p, "min")).toDouble(),
                                         p.scalar(at(p, "max")).toDouble(), announcedOut(p, context)));
                      });
    // bincount has no out variant.
    methodAndFunction(
        r, "bincount", {"bincount(Tensor? weights=None, int64_t minlength=0)"}, "", [](P p, T self, C) {
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
