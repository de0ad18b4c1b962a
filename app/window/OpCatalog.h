#pragma once
// The ops the window offers as forms, as data: one OpSpec row per op holds everything about it
// (its label and help, its typed parameters, the defaults prefilled from the tensor, the line of
// PyTorch code the arguments make, its shortcut). The generic form (OpFormDialog), the Tensor
// menu, the ops toolbar and the shortcuts are generated from the rows (WindowActions); the
// bounds of each spin box come from the parameter's kind and the tensor's shape. Plain data and
// functions, tested without a window (tst_opcatalog checks the rows against the script's op
// registry).
#include "core/Tensor.h"

#include <QCoreApplication>
#include <QKeySequence>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <optional>
#include <vector>

namespace stridescope::app {

enum class OpParamKind {
    Dim,          // a dim of the tensor: 0 .. rank-1
    InsertDim,    // where unsqueeze inserts: 0 .. rank
    OptionalDim,  // -1 (every size-1 dim) or 0 .. rank-1
    Start,        // narrow's start: 0 .. size(dim)
    Length,       // narrow's length: 0 .. size(dim)
    Index,        // select's index: 0 .. size(dim)-1
    SliceBound,   // slice start/stop, diagonal offset: -size(dim) .. size(dim)
    Step,         // slice step: 1 .. max(size(dim), 1)
    DimOrder,     // a permutation of the dims: one spin box per dim
    Shape,        // a list of ints typed as "2, 3, 4" (-1 allowed where PyTorch infers it)
    Offset,       // a storage offset: 0 .. storage elements
    MemoryFormat, // one of `choices` (an empty choice leaves the argument out)
    Choice,       // one of `choices`, written as it is (an operator, a function's name)
    Operand,      // a Python operand typed as text: a number or a tensor's name (`choices` are suggestions)
};

struct OpParam {
    QString key; // "dim0", "start", ...
    OpParamKind kind = OpParamKind::Dim;
    QString dimKey;      // for Start, Length, Index, SliceBound, Step: the parameter naming the dim
    QStringList choices; // MemoryFormat: Python spellings, "" = the default; Choice and Operand: the items
};

// Values by parameter key: qint64 for the integer kinds, QList<qint64> for DimOrder and Shape,
// QString for MemoryFormat.
using OpArguments = QMap<QString, QVariant>;

struct IntRange {
    qint64 min = 0;
    qint64 max = 0;
};

// How a row's expression reaches the script's op registry.
enum class OpSyntax {
    Method,       // input.<id>(...): `id` is a Tensor method
    Subscript,    // input[...]: basic indexing (slice)
    Operator,     // input <op> other: the "op" choices are Python operators
    MethodChoice, // input.<function>(): the "function" choices are Tensor methods
    Function,     // torch.<id>(input): `id` is a torch function (view_as_real)
    Attribute,    // input.<id>: `id` is a Tensor property, read, not called (real, imag)
};

struct OpSpec {
    QString id = {}; // the method name, "transpose"; "slice" is x[a:b:c]
    const char* label =
        nullptr; // "Transpose": untranslated (QT_TRANSLATE_NOOP), OpCatalog::label() translates
    const char* help = nullptr; // one line on what it does to sizes, strides and offset; translated likewise
    std::vector<OpParam> params = {};
    bool alwaysView = true; // false where PyTorch may copy (reshape, contiguous, clone)
    QKeySequence shortcut = {};
    OpSyntax syntax = OpSyntax::Method;
    // A 0-dim tensor has no dim to pick, yet these take one: flatten() makes it 1-dim,
    // permute(()) keeps it.
    bool acceptsZeroDim = false;
    int minDims = 0; // adjoint needs a matrix: PyTorch refuses fewer dims
    // view_as_real and imag: PyTorch refuses real dtypes (real, conj and resolve_conj return a real
    // tensor itself).
    bool needsComplex = false;
    // view_as_real: PyTorch refuses a tensor whose conjugate bit is still set.
    bool refusesConj = false;
    // Arguments prefilled from the tensor: a choice that shows the op's effect.
    OpArguments (*defaults)(const Tensor& tensor) = nullptr;
    // "x.transpose(0, 1)", "x[:, 0:4:2]", "x.contiguous(memory_format=torch.channels_last)".
    QString (*expression)(const QString& input, const OpArguments& arguments) = nullptr;
    QString iconText = {}; // the toolbar's text when it is not the id
};

class OpCatalog {
    Q_DECLARE_TR_FUNCTIONS(stridescope::app::OpCatalog)

public:
    static const std::vector<OpSpec>& all();
    static const OpSpec* find(const QString& id);

    // "Transpose", "Narrow", ... and a one-line explanation, translated.
    static QString label(const QString& id);
    static QString help(const QString& id);
    static QString paramLabel(const QString& key);

    static OpArguments defaults(const OpSpec& spec, const Tensor& tensor);
    // Bounds of an integer parameter for this tensor and the other arguments (the dim chosen).
    static IntRange range(const OpParam& param, const Tensor& tensor, const OpArguments& arguments);
    // Why the op cannot be offered for this tensor (a 0-dim tensor has no dim to transpose);
    // empty when it can.
    static QString unavailableReason(const OpSpec& spec, const Tensor& tensor);
    // The expression: "x.transpose(0, 1)", "x[:, 0:4:2]", "x.contiguous(memory_format=torch.channels_last)".
    static QString expression(const OpSpec& spec, const QString& input, const OpArguments& arguments);
};

// "2, 3, 4" -> {2, 3, 4}; nothing when the text is not a comma-separated list of integers.
std::optional<QList<qint64>> parseIntList(const QString& text);
// {2, 3, 4} -> "2, 3, 4".
QString intListText(const QList<qint64>& values);
QList<qint64> toIntList(const Shape& shape);

} // namespace stridescope::app
