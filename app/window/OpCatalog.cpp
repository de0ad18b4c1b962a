#include "app/window/OpCatalog.h"

#include <algorithm>

namespace stridescope::app {

namespace {

OpParam param(const char* key, OpParamKind kind, const char* dimKey = "") {
    return OpParam{QString::fromLatin1(key), kind, QString::fromLatin1(dimKey), {}};
}

OpParam choiceParam(const char* key, OpParamKind kind, QStringList choices) {
    return OpParam{QString::fromLatin1(key), kind, {}, std::move(choices)};
}

OpParam formatParam(QStringList choices) {
    return OpParam{QStringLiteral("memory_format"), OpParamKind::MemoryFormat, {}, std::move(choices)};
}

qint64 sizeOf(const Tensor& tensor, qint64 dim) {
    if (dim < 0 || dim >= tensor.dim())
        return 0;
    return tensor.sizes()[static_cast<std::size_t>(dim)];
}

qint64 intArg(const OpArguments& arguments, const QString& key, qint64 fallback = 0) {
    const QVariant value = arguments.value(key);
    return value.isValid() ? value.toLongLong() : fallback;
}

QList<qint64> listArg(const OpArguments& arguments, const QString& key) {
    return arguments.value(key).value<QList<qint64>>();
}

// Python's spelling of a shape argument list: "2, 3" for view(2, 3); "()" for a 0-dim shape.
QString shapeArguments(const QList<qint64>& values) {
    return values.isEmpty() ? QStringLiteral("()") : intListText(values);
}

// A tuple literal: "(2, 3)", "(4,)", "()".
QString tupleLiteral(const QList<qint64>& values) {
    if (values.size() == 1)
        return QStringLiteral("(%1,)").arg(values.front());
    return u'(' + intListText(values) + u')';
}

// What most defaults start from.
struct TensorDims {
    explicit TensorDims(const Tensor& tensor)
        : rank(tensor.dim()), last(std::max<qint64>(rank - 1, 0)), sizes(toIntList(tensor.sizes())) {}
    qint64 rank;
    qint64 last; // the last dim (0 for a 0-dim tensor)
    QList<qint64> sizes;
};

QString call(const QString& input, const char* method, const QString& arguments) {
    return QStringLiteral("%1.%2(%3)").arg(input, QLatin1String(method), arguments);
}

QString num(const OpArguments& arguments, const char* key) {
    return QString::number(intArg(arguments, QString::fromLatin1(key)));
}

QString nums(const OpArguments& arguments, std::initializer_list<const char*> keys) {
    QStringList parts;
    for (const char* key : keys)
        parts << num(arguments, key);
    return parts.join(QStringLiteral(", "));
}

QString memoryFormatCall(const QString& input, const char* method, const OpArguments& a) {
    const QString format = a.value(QStringLiteral("memory_format")).toString();
    return call(input, method, format.isEmpty() ? QString() : QStringLiteral("memory_format=") + format);
}

OpArguments viewShapeDefaults(const Tensor& tensor) {
    const TensorDims d(tensor);
    QList<qint64> shape;
    if (d.rank >= 2) {
        shape << d.sizes[0] * d.sizes[1];
        shape += d.sizes.mid(2);
    } else if (d.rank == 1 && d.sizes[0] % 2 == 0 && d.sizes[0] > 2) {
        shape << 2 << d.sizes[0] / 2;
    } else {
        shape << -1;
    }
    return {{QStringLiteral("shape"), QVariant::fromValue(shape)}};
}

OpArguments memoryFormatDefaults(const Tensor&) { return {{QStringLiteral("memory_format"), QString()}}; }

OpArguments noArguments(const Tensor&) { return {}; }

// The parameters' labels, by key (a key means the same in every op that has it).
struct ParamLabel {
    const char* key;
    const char* label;
};

const ParamLabel kParamLabels[] = {
    {"dim0", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "First dim")},
    {"dim1", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Second dim")},
    {"dims", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "New order of dims")},
    {"dim", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Dim")},
    {"start", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Start")},
    {"length", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Length")},
    {"stop", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Stop")},
    {"step", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Step")},
    {"index", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Index")},
    {"shape", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Shape")},
    {"size", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Size")},
    {"stride", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Stride")},
    {"storage_offset", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Storage offset")},
    {"op", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Operator")},
    {"other", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Other operand")},
    {"function", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Function")},
    {"start_dim", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "First dim")},
    {"end_dim", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Last dim")},
    {"memory_format", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Memory format")},
    {"axis0", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "First axis")},
    {"axis1", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Second axis")},
    {"source", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Dim to move")},
    {"destination", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "New position")},
    {"offset", QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Offset from the main diagonal")},
};

} // namespace

std::optional<QList<qint64>> parseIntList(const QString& text) {
    QString body = text.trimmed();
    if ((body.startsWith(u'(') && body.endsWith(u')')) || (body.startsWith(u'[') && body.endsWith(u']')))
        body = body.mid(1, body.size() - 2).trimmed();
    QList<qint64> values;
    if (body.isEmpty())
        return values;
    const QStringList parts = body.split(u',');
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QString part = parts[i].trimmed();
        if (part.isEmpty() && i == parts.size() - 1 && i > 0)
            break; // "4," is a one-element tuple
        bool ok = false;
        const qint64 value = part.toLongLong(&ok);
        if (!ok)
            return std::nullopt;
        values.push_back(value);
    }
    return values;
}

QString intListText(const QList<qint64>& values) {
    QStringList parts;
    for (qint64 value : values)
        parts << QString::number(value);
    return parts.join(QStringLiteral(", "));
}

QList<qint64> toIntList(const Shape& shape) { return QList<qint64>(shape.begin(), shape.end()); }

const std::vector<OpSpec>& OpCatalog::all() {
    using K = OpParamKind;
    using A = const OpArguments&;
    const auto ctrlAlt = [](Qt::Key k) { return QKeySequence(Qt::CTRL | Qt::ALT | k); };
    static const std::vector<OpSpec> catalog = {
        {
            .id = QStringLiteral("transpose"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Transpose"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "Swaps two dims: their sizes and their strides trade places. A view: no element moves."),
            .params = {param("dim0", K::Dim), param("dim1", K::Dim)},
            .shortcut = ctrlAlt(Qt::Key_T),
            .defaults = [](const Tensor& t) -> OpArguments {
                return {{QStringLiteral("dim0"), qint64(0)},
                        {QStringLiteral("dim1"), std::min<qint64>(1, TensorDims(t).last)}};
            },
            .expression =
                [](const QString& in, A a) {
                    return call(in, "transpose", nums(a, {"dim0", "dim1"}));
                },
        },
        {
            .id = QStringLiteral("permute"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Permute"),
            .help = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog",
                                      "Reorders all dims at once (sizes and strides together). A view."),
            .params = {param("dims", K::DimOrder)},
            .shortcut = ctrlAlt(Qt::Key_P),
            .acceptsZeroDim = true,
            .defaults = [](const Tensor& t) -> OpArguments {
                QList<qint64> order;
                for (qint64 d = t.dim() - 1; d >= 0; --d)
                    order << d;
                return {{QStringLiteral("dims"), QVariant::fromValue(order)}};
            },
            .expression =
                [](const QString& in, A a) {
                    // permute(()) for a 0-dim tensor: PyTorch refuses permute() with no dims at all.
                    return call(in, "permute", shapeArguments(listArg(a, QStringLiteral("dims"))));
                },
        },
        {
            .id = QStringLiteral("narrow"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Narrow"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "Keeps `length` indices of one dim from `start`: the offset moves, the strides "
                "stay. A view."),
            .params = {param("dim", K::Dim), param("start", K::Start, "dim"),
                       param("length", K::Length, "dim")},
            .shortcut = ctrlAlt(Qt::Key_N),
            .defaults = [](const Tensor& t) -> OpArguments {
                const qint64 last = TensorDims(t).last;
                const qint64 size = sizeOf(t, last);
                return {{QStringLiteral("dim"), last},
                        {QStringLiteral("start"), size > 2 ? qint64(1) : qint64(0)},
                        {QStringLiteral("length"), size > 2 ? size - 2 : size}};
            },
            .expression =
                [](const QString& in, A a) {
                    return call(in, "narrow", nums(a, {"dim", "start", "length"}));
                },
        },
        {
            .id = QStringLiteral("view"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "View"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "Reads the same storage with a new shape. Refused when no strides can do it "
                "without copying."),
            .params = {param("shape", K::Shape)},
            .shortcut = ctrlAlt(Qt::Key_V),
            .defaults = viewShapeDefaults,
            .expression =
                [](const QString& in, A a) {
                    return call(in, "view", shapeArguments(listArg(a, QStringLiteral("shape"))));
                },
        },
        {
            .id = QStringLiteral("reshape"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Reshape"),
            .help =
                QT_TRANSLATE_NOOP("stridescope::app::OpCatalog",
                                  "Like view when a view is possible; otherwise copies into a new storage."),
            .params = {param("shape", K::Shape)},
            .alwaysView = false,
            .shortcut = ctrlAlt(Qt::Key_R),
            .defaults = viewShapeDefaults,
            .expression =
                [](const QString& in, A a) {
                    return call(in, "reshape", shapeArguments(listArg(a, QStringLiteral("shape"))));
                },
        },
        {
            .id = QStringLiteral("slice"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Slice"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "x[start:stop:step] along one dim: the offset moves and the step multiplies the "
                "stride. A view."),
            .params = {param("dim", K::Dim), param("start", K::SliceBound, "dim"),
                       param("stop", K::SliceBound, "dim"), param("step", K::Step, "dim")},
            .shortcut = ctrlAlt(Qt::Key_S),
            .syntax = OpSyntax::Subscript,
            .defaults = [](const Tensor& t) -> OpArguments {
                const qint64 last = TensorDims(t).last;
                const qint64 size = sizeOf(t, last);
                return {{QStringLiteral("dim"), last},
                        {QStringLiteral("start"), qint64(0)},
                        {QStringLiteral("stop"), size},
                        {QStringLiteral("step"), size > 1 ? qint64(2) : qint64(1)}};
            },
            .expression = [](const QString& in, A a) -> QString {
                const qint64 dim = intArg(a, QStringLiteral("dim"));
                QStringList items;
                for (qint64 d = 0; d < dim; ++d)
                    items << QStringLiteral(":");
                QString slice = num(a, "start") + u':' + num(a, "stop");
                if (intArg(a, QStringLiteral("step"), 1) != 1)
                    slice += u':' + num(a, "step");
                items << slice;
                return in + u'[' + items.join(QStringLiteral(", ")) + u']';
            },
            .iconText = QStringLiteral("x[a:b:c]"),
        },
        {
            .id = QStringLiteral("select"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Select"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "Picks one index of a dim and drops that dim: the offset moves by index × stride. A view."),
            .params = {param("dim", K::Dim), param("index", K::Index, "dim")},
            .shortcut = ctrlAlt(Qt::Key_E),
            .defaults = [](const Tensor& t) -> OpArguments {
                return {
                    {QStringLiteral("dim"), qint64(0)},
                    {QStringLiteral("index"), std::min<qint64>(1, std::max<qint64>(sizeOf(t, 0) - 1, 0))}};
            },
            .expression =
                [](const QString& in, A a) {
                    return call(in, "select", nums(a, {"dim", "index"}));
                },
        },
        {
            .id = QStringLiteral("expand"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Expand"),
            .help =
                QT_TRANSLATE_NOOP("stridescope::app::OpCatalog",
                                  "Repeats size-1 dims without copying: the new dims get stride 0. A view."),
            .params = {param("size", K::Shape)},
            .shortcut = ctrlAlt(Qt::Key_X),
            .defaults = [](const Tensor& t) -> OpArguments {
                QList<qint64> shape = TensorDims(t).sizes;
                bool grew = false;
                for (qint64& size : shape) {
                    if (size == 1) {
                        size = 4;
                        grew = true;
                    }
                }
                if (!grew)
                    shape.prepend(2);
                return {{QStringLiteral("size"), QVariant::fromValue(shape)}};
            },
            .expression =
                [](const QString& in, A a) {
                    return call(in, "expand", shapeArguments(listArg(a, QStringLiteral("size"))));
                },
        },
        {
            .id = QStringLiteral("unsqueeze"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Unsqueeze"),
            .help = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Inserts a dim of size 1. A view."),
            .params = {param("dim", K::InsertDim)},
            .shortcut = ctrlAlt(Qt::Key_U),
            .defaults = [](const Tensor&) -> OpArguments {
                return {{QStringLiteral("dim"), qint64(0)}};
            },
            .expression = [](const QString& in, A a) -> QString {
                return call(in, "unsqueeze", num(a, "dim"));
            },
        },
        {
            .id = QStringLiteral("squeeze"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Squeeze"),
            .help = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog",
                                      "Removes dims of size 1 (one, or all of them). A view."),
            .params = {param("dim", K::OptionalDim)},
            .shortcut = ctrlAlt(Qt::Key_Q),
            .defaults = [](const Tensor&) -> OpArguments {
                return {{QStringLiteral("dim"), qint64(-1)}};
            },
            .expression =
                [](const QString& in, A a) {
                    return intArg(a, QStringLiteral("dim"), -1) < 0 ? call(in, "squeeze", {})
                                                                    : call(in, "squeeze", num(a, "dim"));
                },
        },
        {
            .id = QStringLiteral("flatten"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Flatten"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "Merges a run of dims into one: a view when they are contiguous together, else a copy."),
            .params = {param("start_dim", K::Dim), param("end_dim", K::Dim)},
            .alwaysView = false,
            .shortcut = ctrlAlt(Qt::Key_F),
            .acceptsZeroDim = true,
            .defaults = [](const Tensor& t) -> OpArguments {
                return {{QStringLiteral("start_dim"), qint64(0)},
                        {QStringLiteral("end_dim"), TensorDims(t).last}};
            },
            .expression =
                [](const QString& in, A a) {
                    return call(in, "flatten", nums(a, {"start_dim", "end_dim"}));
                },
        },
        {
            .id = QStringLiteral("contiguous"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Contiguous"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "Returns the tensor itself when already contiguous, else copies into row-major order."),
            .params = {formatParam({QString(), QStringLiteral("torch.channels_last")})},
            .alwaysView = false,
            .shortcut = ctrlAlt(Qt::Key_G),
            .defaults = memoryFormatDefaults,
            .expression = [](const QString& in, A a) -> QString {
                return memoryFormatCall(in, "contiguous", a);
            },
        },
        {
            .id = QStringLiteral("clone"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Clone"),
            .help =
                QT_TRANSLATE_NOOP("stridescope::app::OpCatalog",
                                  "Always copies into a new storage; keeps the strides of a dense input."),
            .params = {formatParam({QString(), QStringLiteral("torch.contiguous_format"),
                                    QStringLiteral("torch.channels_last")})},
            .alwaysView = false,
            .shortcut = ctrlAlt(Qt::Key_L),
            .defaults = memoryFormatDefaults,
            .expression = [](const QString& in, A a) -> QString { return memoryFormatCall(in, "clone", a); },
        },
        {
            .id = QStringLiteral("as_strided"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "As strided"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "Any sizes, strides and offset over the same storage. A view; elements may overlap."),
            .params = {param("size", K::Shape), param("stride", K::Shape),
                       param("storage_offset", K::Offset)},
            .shortcut = ctrlAlt(Qt::Key_A),
            .defaults = [](const Tensor& t) -> OpArguments {
                return {{QStringLiteral("size"), QVariant::fromValue(toIntList(t.sizes()))},
                        {QStringLiteral("stride"), QVariant::fromValue(toIntList(t.strides()))},
                        {QStringLiteral("storage_offset"), qint64(t.storageOffset())}};
            },
            .expression =
                [](const QString& in, A a) {
                    return call(in, "as_strided",
                                tupleLiteral(listArg(a, QStringLiteral("size"))) + QStringLiteral(", ") +
                                    tupleLiteral(listArg(a, QStringLiteral("stride"))) +
                                    QStringLiteral(", ") + num(a, "storage_offset"));
                },
        },
        // The views of issue 10, with the same generic form.
        {
            .id = QStringLiteral("swapaxes"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Swap axes"),
            .help =
                QT_TRANSLATE_NOOP("stridescope::app::OpCatalog",
                                  "NumPy's name for transpose: two dims trade sizes and strides. A view."),
            .params = {param("axis0", K::Dim), param("axis1", K::Dim)},
            .defaults = [](const Tensor& t) -> OpArguments {
                return {{QStringLiteral("axis0"), qint64(0)}, {QStringLiteral("axis1"), TensorDims(t).last}};
            },
            .expression =
                [](const QString& in, A a) {
                    return call(in, "swapaxes", nums(a, {"axis0", "axis1"}));
                },
        },
        {
            .id = QStringLiteral("moveaxis"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Move axis"),
            .help =
                QT_TRANSLATE_NOOP("stridescope::app::OpCatalog",
                                  "Moves one dim to a new position; the others keep their order. A view."),
            .params = {param("source", K::Dim), param("destination", K::Dim)},
            .defaults = [](const Tensor& t) -> OpArguments {
                return {{QStringLiteral("source"), qint64(0)},
                        {QStringLiteral("destination"), TensorDims(t).last}};
            },
            .expression =
                [](const QString& in, A a) {
                    return call(in, "moveaxis", nums(a, {"source", "destination"}));
                },
        },
        {
            .id = QStringLiteral("broadcast_to"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Broadcast to"),
            .help = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog",
                                      "expand under NumPy's name: size-1 and new dims get stride 0. A view."),
            .params = {param("size", K::Shape)},
            .defaults = [](const Tensor& t) -> OpArguments {
                QList<qint64> shape = TensorDims(t).sizes;
                shape.prepend(2);
                return {{QStringLiteral("size"), QVariant::fromValue(shape)}};
            },
            .expression =
                [](const QString& in, A a) {
                    return call(in, "broadcast_to", tupleLiteral(listArg(a, QStringLiteral("size"))));
                },
        },
        {
            .id = QStringLiteral("adjoint"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Adjoint"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "Swaps the last two dims (the conjugate is a no-op for real dtypes). A view."),
            .params = {},
            .minDims = 2,
            .defaults = noArguments,
            .expression = [](const QString& in, A) -> QString { return call(in, "adjoint", {}); },
        },
        {
            .id = QStringLiteral("ravel"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Ravel"),
            .help = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog",
                                      "contiguous().view(-1): a view of a contiguous tensor, else a copy."),
            .params = {},
            .alwaysView = false,
            .defaults = noArguments,
            .expression = [](const QString& in, A) -> QString { return call(in, "ravel", {}); },
        },
        // The complex views: a complex element is two floats side by side in the storage.
        {
            .id = QStringLiteral("view_as_real"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "View as real"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "Reads each complex element as its two float parts: a new last dim of size 2 and "
                "stride 1, the other strides and the offset doubled. A view."),
            .params = {},
            .syntax = OpSyntax::Function,
            .needsComplex = true,
            .refusesConj = true,
            .defaults = noArguments,
            .expression = [](const QString& in, A) -> QString {
                return QStringLiteral("torch.view_as_real(%1)").arg(in);
            },
            .iconText = QStringLiteral("view_as_real"),
        },
        {
            .id = QStringLiteral("real"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Real part"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "The real parts of a complex tensor as floats: every other float of the storage, so the "
                "strides double. A view; a real tensor is returned itself."),
            .params = {},
            .syntax = OpSyntax::Attribute,
            .defaults = noArguments,
            .expression = [](const QString& in, A) -> QString { return in + QStringLiteral(".real"); },
            .iconText = QStringLiteral(".real"),
        },
        {
            .id = QStringLiteral("imag"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Imaginary part"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "The imaginary parts of a complex tensor as floats: like real, one float further on. "
                "A view."),
            .params = {},
            .syntax = OpSyntax::Attribute,
            .needsComplex = true,
            .defaults = noArguments,
            .expression = [](const QString& in, A) -> QString { return in + QStringLiteral(".imag"); },
            .iconText = QStringLiteral(".imag"),
        },
        {
            .id = QStringLiteral("conj"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Conjugate"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "Conjugates lazily: the same storage and layout with the conjugate bit set, no element "
                "rewritten; a real tensor is returned itself. A view."),
            .params = {},
            .defaults = noArguments,
            .expression = [](const QString& in, A) -> QString { return call(in, "conj", {}); },
        },
        {
            .id = QStringLiteral("resolve_conj"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Resolve conjugate"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "Applies a pending conjugate bit by copying into a new storage; returns the tensor "
                "itself when no bit is set."),
            .params = {},
            .alwaysView = false,
            .defaults = noArguments,
            .expression = [](const QString& in, A) -> QString { return call(in, "resolve_conj", {}); },
        },
        // One generic form for the binary operators and one for the unary functions.
        {
            .id = QStringLiteral("arithmetic"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Arithmetic"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "Computes new values into a new storage, broadcasting the other operand (a number or a "
                "tensor's name). The result's strides follow the inputs' dim order, not row-major "
                "order: the properties panel says why."),
            .params = {choiceParam("op", K::Choice,
                                   {QStringLiteral("+"), QStringLiteral("-"), QStringLiteral("*"),
                                    QStringLiteral("/"), QStringLiteral("//"), QStringLiteral("%"),
                                    QStringLiteral("**"), QStringLiteral("=="), QStringLiteral("<"),
                                    QStringLiteral(">"), QStringLiteral("&"), QStringLiteral("|"),
                                    QStringLiteral("^")}),
                       choiceParam("other", K::Operand,
                                   {QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("0.5")})},
            .alwaysView = false,
            .syntax = OpSyntax::Operator,
            .defaults = [](const Tensor&) -> OpArguments {
                return {{QStringLiteral("op"), QStringLiteral("+")},
                        {QStringLiteral("other"), QStringLiteral("1")}};
            },
            .expression = [](const QString& in, A a) -> QString {
                return in + u' ' + a.value(QStringLiteral("op")).toString() + u' ' +
                       a.value(QStringLiteral("other")).toString().trimmed();
            },
        },
        {
            .id = QStringLiteral("elementwise"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Elementwise function"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "Applies a function to every element into a new storage that keeps the input's dim order "
                "(angle of a complex tensor copies its real result into a contiguous one)."),
            .params = {choiceParam(
                "function", K::Choice,
                {QStringLiteral("neg"),        QStringLiteral("abs"),         QStringLiteral("sqrt"),
                 QStringLiteral("exp"),        QStringLiteral("log"),         QStringLiteral("sin"),
                 QStringLiteral("cos"),        QStringLiteral("tanh"),        QStringLiteral("sigmoid"),
                 QStringLiteral("relu"),       QStringLiteral("floor"),       QStringLiteral("ceil"),
                 QStringLiteral("round"),      QStringLiteral("sign"),        QStringLiteral("square"),
                 QStringLiteral("reciprocal"), QStringLiteral("logical_not"), QStringLiteral("sgn"),
                 QStringLiteral("angle"),      QStringLiteral("tan"),         QStringLiteral("asin"),
                 QStringLiteral("acos"),       QStringLiteral("atan"),        QStringLiteral("sinh"),
                 QStringLiteral("cosh"),       QStringLiteral("asinh"),       QStringLiteral("acosh"),
                 QStringLiteral("atanh"),      QStringLiteral("log2"),        QStringLiteral("log10"),
                 QStringLiteral("log1p"),      QStringLiteral("expm1"),       QStringLiteral("exp2"),
                 QStringLiteral("rsqrt"),      QStringLiteral("erf"),         QStringLiteral("erfc"),
                 QStringLiteral("deg2rad"),    QStringLiteral("rad2deg"),     QStringLiteral("sinc"),
                 QStringLiteral("logit")})},
            .alwaysView = false,
            .syntax = OpSyntax::MethodChoice,
            .defaults = [](const Tensor&) -> OpArguments {
                return {{QStringLiteral("function"), QStringLiteral("neg")}};
            },
            .expression = [](const QString& in, A a) -> QString {
                return in + u'.' + a.value(QStringLiteral("function")).toString() + QStringLiteral("()");
            },
        },
        // The other views of PyTorch's list that take numbers (tst_opcatalog keeps the list).
        {
            .id = QStringLiteral("diagonal"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Diagonal"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "The elements where two dims' indices differ by `offset`, as a new last dim: its "
                "stride is the sum of the two strides. A view."),
            .params = {param("offset", K::SliceBound, "dim1"), param("dim0", K::Dim), param("dim1", K::Dim)},
            .minDims = 2,
            .defaults = [](const Tensor&) -> OpArguments {
                return {{QStringLiteral("offset"), qint64(0)},
                        {QStringLiteral("dim0"), qint64(0)},
                        {QStringLiteral("dim1"), qint64(1)}};
            },
            .expression =
                [](const QString& in, A a) {
                    return call(in, "diagonal", nums(a, {"offset", "dim0", "dim1"}));
                },
        },
        {
            .id = QStringLiteral("unfold"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Unfold"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "Windows of `size` elements every `step` along one dim, as a new last dim: the windows "
                "overlap when step < size, and no element is copied. A view."),
            .params = {param("dim", K::Dim), param("size", K::Length, "dim"), param("step", K::Step, "dim")},
            .defaults = [](const Tensor& t) -> OpArguments {
                const qint64 last = TensorDims(t).last;
                return {{QStringLiteral("dim"), last},
                        {QStringLiteral("size"), std::min<qint64>(2, sizeOf(t, last))},
                        {QStringLiteral("step"), qint64(1)}};
            },
            .expression =
                [](const QString& in, A a) {
                    return call(in, "unfold", nums(a, {"dim", "size", "step"}));
                },
        },
        {
            .id = QStringLiteral("unflatten"),
            .label = QT_TRANSLATE_NOOP("stridescope::app::OpCatalog", "Unflatten"),
            .help = QT_TRANSLATE_NOOP(
                "stridescope::app::OpCatalog",
                "Splits one dim into several whose sizes multiply to its size; their strides divide its "
                "stride. Always a view."),
            .params = {param("dim", K::Dim), param("shape", K::Shape)},
            .defaults = [](const Tensor& t) -> OpArguments {
                const qint64 last = TensorDims(t).last;
                const qint64 size = sizeOf(t, last);
                const QList<qint64> shape =
                    size > 2 && size % 2 == 0 ? QList<qint64>{2, size / 2} : QList<qint64>{size, 1};
                return {{QStringLiteral("dim"), last}, {QStringLiteral("shape"), QVariant::fromValue(shape)}};
            },
            .expression =
                [](const QString& in, A a) {
                    return call(in, "unflatten",
                                num(a, "dim") + QStringLiteral(", ") +
                                    tupleLiteral(listArg(a, QStringLiteral("shape"))));
                },
        },
    };
    return catalog;
}

const OpSpec* OpCatalog::find(const QString& id) {
    for (const OpSpec& spec : all())
        if (spec.id == id)
            return &spec;
    return nullptr;
}

QString OpCatalog::label(const QString& id) {
    const OpSpec* spec = find(id);
    return spec ? tr(spec->label) : id;
}

QString OpCatalog::help(const QString& id) {
    const OpSpec* spec = find(id);
    return spec ? tr(spec->help) : QString();
}

QString OpCatalog::paramLabel(const QString& key) {
    for (const ParamLabel& entry : kParamLabels)
        if (key == QLatin1String(entry.key))
            return tr(entry.label);
    return key;
}

OpArguments OpCatalog::defaults(const OpSpec& spec, const Tensor& tensor) {
    return spec.defaults ? spec.defaults(tensor) : OpArguments();
}

IntRange OpCatalog::range(const OpParam& p, const Tensor& tensor, const OpArguments& arguments) {
    const qint64 rank = tensor.dim();
    const qint64 size = p.dimKey.isEmpty() ? 0 : sizeOf(tensor, intArg(arguments, p.dimKey));
    switch (p.kind) {
    case OpParamKind::Dim:
    case OpParamKind::DimOrder:
        return {0, std::max<qint64>(rank - 1, 0)};
    case OpParamKind::InsertDim:
        return {0, rank};
    case OpParamKind::OptionalDim:
        return {-1, std::max<qint64>(rank - 1, -1)};
    case OpParamKind::Start:
    case OpParamKind::Length:
        return {0, size};
    case OpParamKind::Index:
        return {0, std::max<qint64>(size - 1, 0)};
    case OpParamKind::SliceBound:
        return {-size, size};
    case OpParamKind::Step:
        return {1, std::max<qint64>(size, 1)};
    case OpParamKind::Offset:
        return {0, tensor.storage() ? std::max<qint64>(tensor.storage()->elementCount(), 0) : 0};
    case OpParamKind::Shape:
    case OpParamKind::MemoryFormat:
    case OpParamKind::Choice:
    case OpParamKind::Operand:
        break;
    }
    return {0, 0};
}

QString OpCatalog::unavailableReason(const OpSpec& spec, const Tensor& tensor) {
    if (!tensor.defined())
        return tr("Build or select a tensor first.");
    const bool needsDim = std::any_of(spec.params.begin(), spec.params.end(), [](const OpParam& p) {
        return p.kind == OpParamKind::Dim || p.kind == OpParamKind::DimOrder;
    });
    if (tensor.dim() < spec.minDims)
        return tr("%1 needs a tensor of at least %2 dims.").arg(spec.id).arg(spec.minDims);
    if (needsDim && tensor.dim() == 0 && !spec.acceptsZeroDim)
        return tr("A 0-dim tensor has no dim to %1.").arg(spec.id);
    if (spec.needsComplex && !isComplex(tensor.dtype()))
        return tr("%1 needs a complex tensor (complex64 or complex128), not %2.")
            .arg(spec.id, QString::fromStdString(dtypeName(tensor.dtype())));
    if (spec.refusesConj && tensor.isConj())
        return tr("%1 needs the conjugate resolved first: apply resolve_conj(), which copies.").arg(spec.id);
    return {};
}

QString OpCatalog::expression(const OpSpec& spec, const QString& input, const OpArguments& arguments) {
    return spec.expression ? spec.expression(input, arguments)
                           : QStringLiteral("%1.%2()").arg(input, spec.id);
}

} // namespace stridescope::app
