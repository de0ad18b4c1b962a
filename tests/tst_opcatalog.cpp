// The op forms' rows (app/window/OpCatalog) against the script language's op registry
// (core/script/TorchRegistry.h, queried through TorchApi.h's name lists): every row names an op
// the script really has; its expression, built from its own defaults, runs on tensors of several
// ranks and is a view where the row says it always is; and every view op PyTorch lists that the
// registry has gets a row, or is on the exclusion list below with the reason.
#include "TestMain.h"
#include "app/window/OpCatalog.h"
#include "core/script/Interpreter.h"
#include "core/script/TorchApi.h"
#include "core/script/Workspace.h"

#include <QSet>
#include <QtTest>

#include <algorithm>
#include <string>

using namespace stridescope;
using namespace stridescope::app;

namespace {

bool contains(const std::vector<std::string>& names, const QString& name) {
    return std::find(names.begin(), names.end(), name.toStdString()) != names.end();
}

// x.<name> (a method or a property) and torch.<name>, as the registry answers.
bool registryHasTensorAttribute(const QString& name) {
    return contains(script::tensorAttributeNames(), name);
}
bool registryHasTorchFunction(const QString& name) { return contains(script::torchAttributeNames(), name); }

// PyTorch 1.13's "full list of view ops" (docs/source/tensor_view.rst), with the ops that page
// says may return a view or a copy (reshape, reshape_as, flatten, contiguous) and the NumPy-named
// views of the same surface (moveaxis, broadcast_to, ravel, dsplit). Basic indexing is the slice
// row. Ops the registry does not have (yet) are skipped: each is checked once it is registered.
const char* const kPyTorchViewOps[] = {
    "adjoint",
    "as_strided",
    "detach",
    "diagonal",
    "expand",
    "expand_as",
    "movedim",
    "moveaxis",
    "narrow",
    "permute",
    "select",
    "squeeze",
    "transpose",
    "t",
    "T",
    "H",
    "mT",
    "mH",
    "real",
    "imag",
    "view_as_real",
    "unflatten",
    "unfold",
    "unsqueeze",
    "view",
    "view_as",
    "unbind",
    "split",
    "hsplit",
    "vsplit",
    "dsplit",
    "tensor_split",
    "split_with_sizes",
    "swapaxes",
    "swapdims",
    "chunk",
    "indices",
    "values",
    "reshape",
    "reshape_as",
    "flatten",
    "contiguous",
    "ravel",
    "broadcast_to",
};

// View ops with no form, and why. A form fills in numbers for one tensor and makes one tensor.
struct NoForm {
    const char* op;
    const char* reason;
};
const NoForm kNoForm[] = {
    // Properties: read, not called; there is nothing to fill in (typed as x.T in the console).
    {"T", "a property (x.T): no arguments to fill in"},
    {"H", "a property (x.H): no arguments to fill in"},
    {"mT", "a property (x.mT): no arguments to fill in"},
    {"mH", "a property (x.mH): no arguments to fill in"},
    // Other names for a row's op: the row's form shows the same layout.
    {"t", "transpose(0, 1) of a matrix: the Transpose form"},
    {"swapdims", "another name of swapaxes: the Swap axes form"},
    {"movedim", "another name of moveaxis: the Move axis form"},
    {"detach", "the same layout under a new autograd identity: nothing changes in the diagram"},
    // The other operand is a tensor, not numbers: typed in the console (y = x.view_as(z)).
    {"expand_as", "its argument is another tensor, not numbers"},
    {"view_as", "its argument is another tensor, not numbers"},
    {"reshape_as", "its argument is another tensor, not numbers"},
    // They return a tuple of views: a form makes one tensor.
    {"unbind", "returns a tuple of views"},
    {"split", "returns a tuple of views"},
    {"split_with_sizes", "returns a tuple of views"},
    {"chunk", "returns a tuple of views"},
    {"tensor_split", "returns a tuple of views"},
    {"hsplit", "returns a tuple of views"},
    {"vsplit", "returns a tuple of views"},
    {"dsplit", "returns a tuple of views"},
    // Sparse tensors only: StrideScope models strided tensors.
    {"indices", "sparse tensors only"},
    {"values", "sparse tensors only"},
};

const NoForm* exclusionOf(const QString& op) {
    for (const NoForm& entry : kNoForm)
        if (op == QLatin1String(entry.op))
            return &entry;
    return nullptr;
}

bool isPyTorchViewOp(const QString& op) {
    return std::any_of(std::begin(kPyTorchViewOps), std::end(kPyTorchViewOps),
                       [&](const char* name) { return op == QLatin1String(name); });
}

// The tensors each row's defaults are tried on: 3-D, 1-D, with a size-1 dim, 0-dim, complex,
// and complex with the conjugate bit set.
const char* const kSamples[] = {
    "torch.arange(24).reshape(2, 3, 4)",
    "torch.arange(6)",
    "torch.arange(12).reshape(3, 1, 4)",
    "torch.tensor(5)",
    "torch.arange(12.).reshape(3, 4).to(torch.complex64)",
    "torch.arange(6.).to(torch.complex128).conj()",
};

struct RunResult {
    QString error; // "TypeError: ..." or empty
    Tensor x;
    Tensor y;
};

RunResult runWith(const QString& sample, const QString& expression) {
    script::Workspace workspace;
    script::Interpreter interpreter(workspace);
    const std::string source =
        "import torch\nx = " + sample.toStdString() + "\ny = " + expression.toStdString() + "\n";
    RunResult result;
    for (const script::StatementOutcome& outcome : interpreter.run(source)) {
        if (outcome.error) {
            result.error = QString::fromStdString(outcome.error->describe());
            return result;
        }
    }
    for (const auto& [name, tensor] : workspace.tensors()) {
        if (name == "x")
            result.x = tensor;
        if (name == "y")
            result.y = tensor;
    }
    return result;
}

const OpParam* paramOf(const OpSpec& spec, const char* key) {
    for (const OpParam& p : spec.params)
        if (p.key == QLatin1String(key))
            return &p;
    return nullptr;
}

} // namespace

class OpCatalogTest : public QObject {
    Q_OBJECT

private slots:
    void everyRowNamesARealOp_data();
    void everyRowNamesARealOp();
    void eachRowRunsFromItsDefaults_data();
    void eachRowRunsFromItsDefaults();
    void defaultsShowTheEffect_data();
    void defaultsShowTheEffect();
    void everyChoiceRuns_data();
    void everyChoiceRuns();
    void refusedWhereRefused_data();
    void refusedWhereRefused();
    void conjSetsTheBit();
    void everyViewOpHasARowOrAReason_data();
    void everyViewOpHasARowOrAReason();
    void exclusionsAreViewOpsWithoutARow();
    void shortcutsAreDistinct();
};

void OpCatalogTest::everyRowNamesARealOp_data() {
    QTest::addColumn<QString>("id");
    for (const OpSpec& spec : OpCatalog::all())
        QTest::newRow(qPrintable(spec.id)) << spec.id;
}

void OpCatalogTest::everyRowNamesARealOp() {
    QFETCH(QString, id);
    const OpSpec* spec = OpCatalog::find(id);
    QVERIFY(spec);
    QVERIFY(spec->label && *spec->label);
    QVERIFY(spec->help && *spec->help);
    QVERIFY(spec->defaults);
    QVERIFY(spec->expression);
    for (const OpParam& p : spec->params) {
        QVERIFY2(OpCatalog::paramLabel(p.key) != p.key, qPrintable(p.key + QStringLiteral(" has no label")));
        if (!p.dimKey.isEmpty())
            QVERIFY2(paramOf(*spec, qPrintable(p.dimKey)),
                     qPrintable(p.dimKey + QStringLiteral(" is no parameter")));
    }
    switch (spec->syntax) {
    case OpSyntax::Method:
        QVERIFY2(registryHasTensorAttribute(id),
                 qPrintable(QStringLiteral("x.%1 is not in the registry").arg(id)));
        break;
    case OpSyntax::MethodChoice: {
        const OpParam* function = paramOf(*spec, "function");
        QVERIFY(function && !function->choices.isEmpty());
        for (const QString& name : function->choices)
            QVERIFY2(registryHasTensorAttribute(name),
                     qPrintable(QStringLiteral("x.%1 is not in the registry").arg(name)));
        break;
    }
    case OpSyntax::Operator: {
        const OpParam* op = paramOf(*spec, "op");
        QVERIFY(op && !op->choices.isEmpty()); // each runs: everyChoiceRuns
        break;
    }
    case OpSyntax::Subscript:
        QVERIFY(!registryHasTensorAttribute(id)); // x[a:b:c] is syntax, not a method
        break;
    case OpSyntax::Function:
        QVERIFY2(registryHasTorchFunction(id),
                 qPrintable(QStringLiteral("torch.%1 is not in the registry").arg(id)));
        break;
    case OpSyntax::Attribute:
        QVERIFY2(registryHasTensorAttribute(id),
                 qPrintable(QStringLiteral("x.%1 is not in the registry").arg(id)));
        break;
    }
}

void OpCatalogTest::eachRowRunsFromItsDefaults_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("sample");
    for (const OpSpec& spec : OpCatalog::all())
        for (const char* sample : kSamples)
            QTest::addRow("%s on %s", qPrintable(spec.id), sample) << spec.id << QString::fromLatin1(sample);
}

void OpCatalogTest::eachRowRunsFromItsDefaults() {
    QFETCH(QString, id);
    QFETCH(QString, sample);
    const OpSpec& spec = *OpCatalog::find(id);
    const RunResult input = runWith(sample, QStringLiteral("x"));
    QVERIFY2(input.error.isEmpty(), qPrintable(input.error));
    if (!OpCatalog::unavailableReason(spec, input.x).isEmpty())
        QSKIP("not offered for this tensor");
    const QString expression =
        OpCatalog::expression(spec, QStringLiteral("x"), OpCatalog::defaults(spec, input.x));
    const RunResult result = runWith(sample, expression);
    QVERIFY2(result.error.isEmpty(), qPrintable(expression + QStringLiteral(": ") + result.error));
    QVERIFY(result.y.defined());
    if (spec.alwaysView)
        QVERIFY2(result.y.sharesStorageWith(result.x), qPrintable(expression + QStringLiteral(" copied")));
}

// A form opens with arguments that show what the op does: on some sample its view has another
// layout than its input (as_strided starts from the input's own layout, to be edited; conj keeps
// the layout and sets the conjugate bit: refusedWhereRefused and conjSetsTheBit check it).
void OpCatalogTest::defaultsShowTheEffect_data() {
    QTest::addColumn<QString>("id");
    for (const OpSpec& spec : OpCatalog::all())
        if (spec.alwaysView && spec.id != u"as_strided" && spec.id != u"conj")
            QTest::newRow(qPrintable(spec.id)) << spec.id;
}

void OpCatalogTest::defaultsShowTheEffect() {
    QFETCH(QString, id);
    const OpSpec& spec = *OpCatalog::find(id);
    QStringList unchanged;
    for (const char* sample : kSamples) {
        const RunResult input = runWith(QString::fromLatin1(sample), QStringLiteral("x"));
        if (!OpCatalog::unavailableReason(spec, input.x).isEmpty())
            continue;
        const QString expression =
            OpCatalog::expression(spec, QStringLiteral("x"), OpCatalog::defaults(spec, input.x));
        const RunResult result = runWith(QString::fromLatin1(sample), expression);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        if (result.y.sizes() != result.x.sizes() || result.y.strides() != result.x.strides() ||
            result.y.storageOffset() != result.x.storageOffset())
            return;
        unchanged << QString::fromLatin1(sample) + QStringLiteral(": ") + expression;
    }
    QFAIL(
        qPrintable(QStringLiteral("the defaults change no layout: ") + unchanged.join(QStringLiteral("; "))));
}

void OpCatalogTest::everyChoiceRuns_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("choice");
    for (const OpSpec& spec : OpCatalog::all())
        for (const OpParam& p : spec.params)
            if (p.kind == OpParamKind::Choice || p.kind == OpParamKind::MemoryFormat)
                for (const QString& choice : p.choices)
                    QTest::addRow("%s %s=%s", qPrintable(spec.id), qPrintable(p.key),
                                  choice.isEmpty() ? "default" : qPrintable(choice))
                        << spec.id << p.key << choice;
}

void OpCatalogTest::everyChoiceRuns() {
    QFETCH(QString, id);
    QFETCH(QString, key);
    QFETCH(QString, choice);
    const OpSpec& spec = *OpCatalog::find(id);
    // channels_last needs 4 dims.
    const QString sample = QStringLiteral("torch.arange(24).reshape(1, 2, 3, 4)");
    const RunResult input = runWith(sample, QStringLiteral("x"));
    OpArguments arguments = OpCatalog::defaults(spec, input.x);
    arguments[key] = choice;
    const QString expression = OpCatalog::expression(spec, QStringLiteral("x"), arguments);
    const RunResult result = runWith(sample, expression);
    QVERIFY2(result.error.isEmpty(), qPrintable(expression + QStringLiteral(": ") + result.error));
}

// The rows PyTorch refuses for some dtypes (imag of a real tensor, view_as_real of an unresolved
// conjugate) are offered exactly where the script runs them, and their refusal is PyTorch's
// RuntimeError; the others (real, conj, resolve_conj) run on every sample.
void OpCatalogTest::refusedWhereRefused_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("sample");
    for (const char* id : {"view_as_real", "real", "imag", "conj", "resolve_conj"})
        for (const char* sample : kSamples)
            QTest::addRow("%s on %s", id, sample) << QString::fromLatin1(id) << QString::fromLatin1(sample);
}

void OpCatalogTest::refusedWhereRefused() {
    QFETCH(QString, id);
    QFETCH(QString, sample);
    const OpSpec* spec = OpCatalog::find(id);
    QVERIFY(spec);
    const RunResult input = runWith(sample, QStringLiteral("x"));
    QVERIFY2(input.error.isEmpty(), qPrintable(input.error));
    const QString reason = OpCatalog::unavailableReason(*spec, input.x);
    const QString expression =
        OpCatalog::expression(*spec, QStringLiteral("x"), OpCatalog::defaults(*spec, input.x));
    const RunResult result = runWith(sample, expression);
    if (reason.isEmpty()) {
        QVERIFY2(result.error.isEmpty(), qPrintable(expression + QStringLiteral(": ") + result.error));
    } else {
        QVERIFY2(result.error.startsWith(QStringLiteral("RuntimeError")),
                 qPrintable(expression + QStringLiteral(" is refused (") + reason +
                            QStringLiteral(") but gives: ") + result.error));
        QVERIFY(reason.contains(id));
    }
}

void OpCatalogTest::conjSetsTheBit() {
    const QString complex = QStringLiteral("torch.arange(12.).reshape(3, 4).to(torch.complex64)");
    const OpSpec& conj = *OpCatalog::find(QStringLiteral("conj"));
    RunResult result = runWith(complex, OpCatalog::expression(conj, QStringLiteral("x"), {}));
    QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
    QVERIFY(result.y.isConj());
    QVERIFY(result.y.sharesStorageWith(result.x));
    QCOMPARE(result.y.strides(), result.x.strides());

    const OpSpec& resolve = *OpCatalog::find(QStringLiteral("resolve_conj"));
    result =
        runWith(complex + QStringLiteral(".conj()"), OpCatalog::expression(resolve, QStringLiteral("x"), {}));
    QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
    QVERIFY(result.x.isConj());
    QVERIFY(!result.y.isConj());
    QVERIFY(!result.y.sharesStorageWith(result.x)); // the copy PyTorch makes
    result = runWith(complex, OpCatalog::expression(resolve, QStringLiteral("x"), {}));
    QVERIFY(result.y.sharesStorageWith(result.x)); // no bit: the tensor itself
}

void OpCatalogTest::everyViewOpHasARowOrAReason_data() {
    QTest::addColumn<QString>("op");
    for (const char* op : kPyTorchViewOps)
        QTest::newRow(op) << QString::fromLatin1(op);
}

void OpCatalogTest::everyViewOpHasARowOrAReason() {
    QFETCH(QString, op);
    if (!registryHasTensorAttribute(op) && !registryHasTorchFunction(op))
        QSKIP("not in the registry (yet)");
    const OpSpec* row = OpCatalog::find(op);
    const NoForm* excluded = exclusionOf(op);
    QVERIFY2(row || excluded,
             qPrintable(op + QStringLiteral(": a view op with neither a form nor a reason")));
    QVERIFY2(!(row && excluded),
             qPrintable(op + QStringLiteral(" has a row: take it off the exclusion list")));
    if (row && op != u"reshape" && op != u"flatten" && op != u"contiguous" && op != u"ravel")
        QVERIFY2(row->alwaysView, qPrintable(op + QStringLiteral(" is a view: its row says it may copy")));
}

void OpCatalogTest::exclusionsAreViewOpsWithoutARow() {
    QSet<QString> seen;
    for (const NoForm& entry : kNoForm) {
        const QString op = QString::fromLatin1(entry.op);
        QVERIFY2(isPyTorchViewOp(op), qPrintable(op + QStringLiteral(" is not a view op")));
        QVERIFY2(!OpCatalog::find(op), qPrintable(op + QStringLiteral(" has a row")));
        QVERIFY2(entry.reason && *entry.reason, qPrintable(op + QStringLiteral(" gives no reason")));
        QVERIFY2(!seen.contains(op), qPrintable(op + QStringLiteral(" is listed twice")));
        seen.insert(op);
    }
}

void OpCatalogTest::shortcutsAreDistinct() {
    QSet<QString> seen;
    for (const OpSpec& spec : OpCatalog::all()) {
        if (spec.shortcut.isEmpty())
            continue;
        const QString key = spec.shortcut.toString(QKeySequence::PortableText);
        QVERIFY2(!seen.contains(key),
                 qPrintable(spec.id + QStringLiteral(": ") + key + QStringLiteral(" is taken")));
        seen.insert(key);
    }
    QVERIFY(!seen.isEmpty());
}

STRIDESCOPE_TEST_GUILESS_MAIN(OpCatalogTest)
#include "tst_opcatalog.moc"
