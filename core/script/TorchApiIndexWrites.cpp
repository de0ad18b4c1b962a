// Index-driven writes and gathers (core/IndexWriteOps.h) as the script calls them: each op's
// in-place method `op_`, its method `op` and, where PyTorch has one, torch.op. Signatures are
// PyTorch 1.13's Python signatures (python_arg_parser order, Dimname overloads and out= included),
// so that a wrong call fails with PyTorch's TypeError.
#include "core/IndexWriteOps.h"
#include "core/script/TorchRegistry.h"

namespace stridescope::script {

namespace registry_detail {

namespace {

using ops::WriteTarget;
using P = const ParsedArguments&;
using T = const Tensor&;
using C = CallContext&;
// An op run on `self` into `target`, its arguments read by name (the same names in every form).
using IndexWrite = std::function<Tensor(P, T self, WriteTarget target)>;

// The Dimname overloads that ATen declares but does not implement.
[[noreturn]] void dimnameUnsupported(const std::string& op) {
    fail(ErrorKind::RuntimeError, op,
         ": You passed a dimname (string) to this op in place of a dimension index but it does not yet "
         "support "
         "this behavior. Please pass a dimension index to work around this.");
}

// True when the matched signature takes its dim as a name.
bool dimIsName(P p) {
    const auto dim = p.find("dim");
    return dim && p.signature().params[*dim].type == ParameterType::Dimname;
}

// One op in its three forms. The in-place method announces its write first (the version counter,
// and the storage restored if the statement fails); torch.<name> refuses out= as StrideScope does.
void registerWriteOp(Registry& r, const std::string& name, const std::vector<std::string>& inPlaceFormats,
                     const std::vector<std::string>& methodFormats,
                     const std::vector<std::string>& functionFormats, IndexWrite run) {
    r.tensorOp(name + "_", inPlaceFormats, false, [run](P p, T self, C context) {
        context.aboutToWrite(self);
        return Value::fromTensor(run(p, self, WriteTarget::InPlace));
    });
    r.tensorOp(name, methodFormats, false,
               [run](P p, T self, C) { return Value::fromTensor(run(p, self, WriteTarget::NewTensor)); });
    if (functionFormats.empty())
        return;
    r.torchFunction(name, functionFormats, [run](P p, C) {
        checkFactoryOptions(p);
        return Value::fromTensor(run(p, p.tensor(at(p, "input")), WriteTarget::NewTensor));
    });
}

// "index_add(int64_t dim, ...)" -> the same with "Dimname dim".
std::string withDimname(const std::string& format) {
    const std::string intDim = "int64_t dim";
    const auto at = format.find(intDim);
    return format.substr(0, at) + "Dimname dim" + format.substr(at + intDim.size());
}

// A method signature as torch.<name> has it: "Tensor input" first, and out= for the int-dim form.
std::string functionFormat(const std::string& format, bool withOut) {
    std::string f = withInput(format);
    if (withOut) {
        const bool keywordOnly = f.find('*') != std::string::npos;
        f.insert(f.size() - 1, keywordOnly ? ", Tensor out=None" : ", *, Tensor out=None");
    }
    return f;
}

} // namespace

void registerIndexWrites(Registry& r) {
    // index_add: the in-place method has no Dimname overload; the others do, unimplemented.
    const std::string indexAdd = "index_add(int64_t dim, Tensor index, Tensor source, *, Scalar alpha=1)";
    registerWriteOp(r, "index_add",
                    {"index_add_(int64_t dim, Tensor index, Tensor source, *, Scalar alpha=1)"},
                    {indexAdd, withDimname(indexAdd)},
                    {functionFormat(indexAdd, true), functionFormat(withDimname(indexAdd), false)},
                    [](P p, T self, WriteTarget target) {
                        if (dimIsName(p))
                            dimnameUnsupported("index_add");
                        return ops::indexAdd(self, intArg(p, "dim"), p.tensor(at(p, "index")),
                                             p.tensor(at(p, "source")), p.scalar(at(p, "alpha")), target);
                    });
    const std::string indexCopy = "index_copy(int64_t dim, Tensor index, Tensor source)";
    const std::string indexCopy_ = "index_copy_(int64_t dim, Tensor index, Tensor source)";
    registerWriteOp(r, "index_copy", {indexCopy_, withDimname(indexCopy_)},
                    {indexCopy, withDimname(indexCopy)},
                    {functionFormat(indexCopy, true), functionFormat(withDimname(indexCopy), false)},
                    [](P p, T self, WriteTarget target) {
                        if (dimIsName(p))
                            dimnameUnsupported("index_copy");
                        return ops::indexCopy(self, intArg(p, "dim"), p.tensor(at(p, "index")),
                                              p.tensor(at(p, "source")), target);
                    });
    // index_fill: value is a 0-dim tensor or a number; a named dim looks the name up (and finds none).
    const auto indexFillFormats = [](const std::string& name) {
        const std::string byTensor = name + "(int64_t dim, Tensor index, Tensor value)";
        const std::string byNumber = name + "(int64_t dim, Tensor index, Scalar value)";
        return std::vector<std::string>{byTensor, withDimname(byTensor), byNumber, withDimname(byNumber)};
    };
    std::vector<std::string> indexFillFunctions;
    for (const std::string& f : indexFillFormats("index_fill"))
        indexFillFunctions.push_back(functionFormat(f, false));
    registerWriteOp(r, "index_fill", indexFillFormats("index_fill_"), indexFillFormats("index_fill"),
                    indexFillFunctions, [](P p, T self, WriteTarget target) {
                        if (dimIsName(p))
                            namedTensorError(self, p.raw(at(p, "dim")));
                        return ops::indexFill(self, intArg(p, "dim"), p.tensor(at(p, "index")),
                                              p.operand(at(p, "value")), target);
                    });
    const std::string scatterAdd = "scatter_add(int64_t dim, Tensor index, Tensor src)";
    registerWriteOp(r, "scatter_add", {"scatter_add_(int64_t dim, Tensor index, Tensor src)"},
                    {scatterAdd, withDimname(scatterAdd)},
                    {functionFormat(scatterAdd, true), functionFormat(withDimname(scatterAdd), false)},
                    [](P p, T self, WriteTarget target) {
                        if (dimIsName(p))
                            dimnameUnsupported("scatter_add");
                        return ops::scatterAdd(self, intArg(p, "dim"), p.tensor(at(p, "index")),
                                               p.tensor(at(p, "src")), target);
                    });
    const std::string scatterReduce =
        "(int64_t dim, Tensor index, Tensor src, c10::string_view reduce, *, bool include_self=True)";
    registerWriteOp(
        r, "scatter_reduce", {"scatter_reduce_" + scatterReduce}, {"scatter_reduce" + scatterReduce},
        {functionFormat("scatter_reduce" + scatterReduce, true)}, [](P p, T self, WriteTarget target) {
            return ops::scatterReduce(self, intArg(p, "dim"), p.tensor(at(p, "index")),
                                      p.tensor(at(p, "src")), p.string(at(p, "reduce")),
                                      p.toBool(at(p, "include_self")), target);
        });
    const std::string put = "(Tensor index, Tensor source, bool accumulate=False)";
    registerWriteOp(r, "put", {"put_" + put}, {"put" + put}, {functionFormat("put" + put, false)},
                    [](P p, T self, WriteTarget target) {
                        return ops::put(self, p.tensor(at(p, "index")), p.tensor(at(p, "source")),
                                        p.toBool(at(p, "accumulate")), target);
                    });
    // take_along_dim only gathers: a method and torch.take_along_dim (with out=).
    const std::string takeAlongDim = "take_along_dim(Tensor indices, int64_t? dim=None)";
    const auto gatherAlong = [](P p, T self) {
        return Value::fromTensor(
            ops::takeAlongDim(self, p.tensor(at(p, "indices")), p.toInt64Optional(at(p, "dim"))));
    };
    r.tensorOp("take_along_dim", {takeAlongDim}, false,
               [gatherAlong](P p, T self, C) { return gatherAlong(p, self); });
    r.torchFunction("take_along_dim", {functionFormat(takeAlongDim, true)}, [gatherAlong](P p, C) {
        checkFactoryOptions(p);
        return gatherAlong(p, p.tensor(at(p, "input")));
    });
}

} // namespace registry_detail

} // namespace stridescope::script
