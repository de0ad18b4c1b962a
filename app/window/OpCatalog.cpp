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
    static const std::vector<OpSpec> catalog = {
        {QStringLiteral("transpose"), {param("dim0", K::Dim), param("dim1", K::Dim)}, true},
        {QStringLiteral("permute"), {param("dims", K::DimOrder)}, true},
        {QStringLiteral("narrow"),
         {param("dim", K::Dim), param("start", K::Start, "dim"), param("length", K::Length, "dim")},
         true},
        {QStringLiteral("view"), {param("shape", K::Shape)}, true},
        {QStringLiteral("reshape"), {param("shape", K::Shape)}, false},
        {QStringLiteral("slice"),
         {param("dim", K::Dim), param("start", K::SliceBound, "dim"), param("stop", K::SliceBound, "dim"),
          param("step", K::Step, "dim")},
         true},
        {QStringLiteral("select"), {param("dim", K::Dim), param("index", K::Index, "dim")}, true},
        {QStringLiteral("expand"), {param("size", K::Shape)}, true},
        {QStringLiteral("unsqueeze"), {param("dim", K::InsertDim)}, true},
        {QStringLiteral("squeeze"), {param("dim", K::OptionalDim)}, true},
        {QStringLiteral("flatten"), {param("start_dim", K::Dim), param("end_dim", K::Dim)}, false},
        {QStringLiteral("contiguous"),
         {formatParam({QString(), QStringLiteral("torch.channels_last")})},
         false},
        {QStringLiteral("clone"),
         {formatParam(
             {QString(), QStringLiteral("torch.contiguous_format"), QStringLiteral("torch.channels_last")})},
         false},
        {QStringLiteral("as_strided"),
         {param("size", K::Shape), param("stride", K::Shape), param("storage_offset", K::Offset)},
         true},
        // The views of issue 10, with the same generic form.
        {QStringLiteral("swapaxes"), {param("axis0", K::Dim), param("axis1", K::Dim)}, true},
        {QStringLiteral("moveaxis"), {param("source", K::Dim), param("destination", K::Dim)}, true},
        {QStringLiteral("broadcast_to"), {param("size", K::Shape)}, true},
        {QStringLiteral("adjoint"), {}, true},
        {QStringLiteral("ravel"), {}, false},
        // One generic form for the binary operators and one for the unary functions.
        {QStringLiteral("arithmetic"),
         {choiceParam("op", K::Choice,
                      {QStringLiteral("+"), QStringLiteral("-"), QStringLiteral("*"), QStringLiteral("/"),
                       QStringLiteral("//"), QStringLiteral("%"), QStringLiteral("**"), QStringLiteral("=="),
                       QStringLiteral("<"), QStringLiteral(">"), QStringLiteral("&"), QStringLiteral("|"),
                       QStringLiteral("^")}),
          choiceParam("other", K::Operand, {QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("0.5")})},
         false},
        {QStringLiteral("elementwise"),
         {choiceParam("function", K::Choice,
                      {QStringLiteral("neg"), QStringLiteral("abs"), QStringLiteral("sqrt"), QStringLiteral("exp"),
                       QStringLiteral("log"), QStringLiteral("sin"), QStringLiteral("cos"), QStringLiteral("tanh"),
                       QStringLiteral("sigmoid"), QStringLiteral("relu"), QStringLiteral("floor"),
                       QStringLiteral("ceil"), QStringLiteral("round"), QStringLiteral("sign"),
                       QStringLiteral("square"), QStringLiteral("reciprocal"), QStringLiteral("logical_not")})},
         false},
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
    if (id == u"transpose")
        return tr("Transpose");
    if (id == u"permute")
        return tr("Permute");
    if (id == u"narrow")
        return tr("Narrow");
    if (id == u"view")
        return tr("View");
    if (id == u"reshape")
        return tr("Reshape");
    if (id == u"slice")
        return tr("Slice");
    if (id == u"select")
        return tr("Select");
    if (id == u"expand")
        return tr("Expand");
    if (id == u"unsqueeze")
        return tr("Unsqueeze");
    if (id == u"squeeze")
        return tr("Squeeze");
    if (id == u"flatten")
        return tr("Flatten");
    if (id == u"contiguous")
        return tr("Contiguous");
    if (id == u"clone")
        return tr("Clone");
    if (id == u"as_strided")
        return tr("As strided");
    if (id == u"swapaxes")
        return tr("Swap axes");
    if (id == u"moveaxis")
        return tr("Move axis");
    if (id == u"broadcast_to")
        return tr("Broadcast to");
    if (id == u"adjoint")
        return tr("Adjoint");
    if (id == u"ravel")
        return tr("Ravel");
    if (id == u"arithmetic")
        return tr("Arithmetic");
    if (id == u"elementwise")
        return tr("Elementwise function");
    return id;
}

QString OpCatalog::help(const QString& id) {
    if (id == u"transpose")
        return tr("Swaps two dims: their sizes and their strides trade places. A view: no element moves.");
    if (id == u"permute")
        return tr("Reorders all dims at once (sizes and strides together). A view.");
    if (id == u"narrow")
        return tr(
            "Keeps `length` indices of one dim from `start`: the offset moves, the strides stay. A view.");
    if (id == u"view")
        return tr(
            "Reads the same storage with a new shape. Refused when no strides can do it without copying.");
    if (id == u"reshape")
        return tr("Like view when a view is possible; otherwise copies into a new storage.");
    if (id == u"slice")
        return tr(
            "x[start:stop:step] along one dim: the offset moves and the step multiplies the stride. A view.");
    if (id == u"select")
        return tr("Picks one index of a dim and drops that dim: the offset moves by index × stride. A view.");
    if (id == u"expand")
        return tr("Repeats size-1 dims without copying: the new dims get stride 0. A view.");
    if (id == u"unsqueeze")
        return tr("Inserts a dim of size 1. A view.");
    if (id == u"squeeze")
        return tr("Removes dims of size 1 (one, or all of them). A view.");
    if (id == u"flatten")
        return tr("Merges a run of dims into one: a view when they are contiguous together, else a copy.");
    if (id == u"contiguous")
        return tr("Returns the tensor itself when already contiguous, else copies into row-major order.");
    if (id == u"clone")
        return tr("Always copies into a new storage; keeps the strides of a dense input.");
    if (id == u"as_strided")
        return tr("Any sizes, strides and offset over the same storage. A view; elements may overlap.");
    if (id == u"swapaxes")
        return tr("NumPy's name for transpose: two dims trade sizes and strides. A view.");
    if (id == u"moveaxis")
        return tr("Moves one dim to a new position; the others keep their order. A view.");
    if (id == u"broadcast_to")
        return tr("expand under NumPy's name: size-1 and new dims get stride 0. A view.");
    if (id == u"adjoint")
        return tr("Swaps the last two dims (the conjugate is a no-op for real dtypes). A view.");
    if (id == u"ravel")
        return tr("contiguous().view(-1): a view of a contiguous tensor, else a copy.");
    if (id == u"arithmetic")
        return tr("Computes new values into a new storage, broadcasting the other operand (a number or a "
                  "tensor's name). The result's strides follow the inputs' dim order, not row-major "
                  "order: the properties panel says why.");
    if (id == u"elementwise")
        return tr("Applies a function to every element into a new storage that keeps the input's dim order.");
    return {};
}

QString OpCatalog::paramLabel(const QString& key) {
    if (key == u"dim0")
        return tr("First dim");
    if (key == u"dim1")
        return tr("Second dim");
    if (key == u"dims")
        return tr("New order of dims");
    if (key == u"dim")
        return tr("Dim");
    if (key == u"start")
        return tr("Start");
    if (key == u"length")
        return tr("Length");
    if (key == u"stop")
        return tr("Stop");
    if (key == u"step")
        return tr("Step");
    if (key == u"index")
        return tr("Index");
    if (key == u"shape")
        return tr("Shape");
    if (key == u"size")
        return tr("Size");
    if (key == u"stride")
        return tr("Stride");
    if (key == u"storage_offset")
        return tr("Storage offset");
    if (key == u"op")
        return tr("Operator");
    if (key == u"other")
        return tr("Other operand");
    if (key == u"function")
        return tr("Function");
    if (key == u"start_dim")
        return tr("First dim");
    if (key == u"end_dim")
        return tr("Last dim");
    if (key == u"memory_format")
        return tr("Memory format");
    if (key == u"axis0")
        return tr("First axis");
    if (key == u"axis1")
        return tr("Second axis");
    if (key == u"source")
        return tr("Dim to move");
    if (key == u"destination")
        return tr("New position");
    return key;
}

OpArguments OpCatalog::defaults(const OpSpec& spec, const Tensor& tensor) {
    OpArguments args;
    const qint64 rank = tensor.dim();
    const qint64 last = std::max<qint64>(rank - 1, 0);
    const QList<qint64> sizes = toIntList(tensor.sizes());
    const QString& id = spec.id;
    if (id == u"transpose") {
        args[QStringLiteral("dim0")] = qint64(0);
        args[QStringLiteral("dim1")] = std::min<qint64>(1, last);
    } else if (id == u"swapaxes") {
        args[QStringLiteral("axis0")] = qint64(0);
        args[QStringLiteral("axis1")] = last;
    } else if (id == u"moveaxis") {
        args[QStringLiteral("source")] = qint64(0);
        args[QStringLiteral("destination")] = last;
    } else if (id == u"broadcast_to") {
        QList<qint64> shape = sizes;
        shape.prepend(2);
        args[QStringLiteral("size")] = QVariant::fromValue(shape);
    } else if (id == u"permute") {
        QList<qint64> order;
        for (qint64 d = rank - 1; d >= 0; --d)
            order << d;
        args[QStringLiteral("dims")] = QVariant::fromValue(order);
    } else if (id == u"narrow") {
        const qint64 size = sizeOf(tensor, last);
        args[QStringLiteral("dim")] = last;
        args[QStringLiteral("start")] = size > 2 ? qint64(1) : qint64(0);
        args[QStringLiteral("length")] = size > 2 ? size - 2 : size;
    } else if (id == u"view" || id == u"reshape") {
        QList<qint64> shape;
        if (rank >= 2) {
            shape << sizes[0] * sizes[1];
            shape += sizes.mid(2);
        } else if (rank == 1 && sizes[0] % 2 == 0 && sizes[0] > 2) {
            shape << 2 << sizes[0] / 2;
        } else {
            shape << -1;
        }
        args[QStringLiteral("shape")] = QVariant::fromValue(shape);
    } else if (id == u"slice") {
        const qint64 size = sizeOf(tensor, last);
        args[QStringLiteral("dim")] = last;
        args[QStringLiteral("start")] = qint64(0);
        args[QStringLiteral("stop")] = size;
        args[QStringLiteral("step")] = size > 1 ? qint64(2) : qint64(1);
    } else if (id == u"select") {
        args[QStringLiteral("dim")] = qint64(0);
        args[QStringLiteral("index")] = std::min<qint64>(1, std::max<qint64>(sizeOf(tensor, 0) - 1, 0));
    } else if (id == u"expand") {
        QList<qint64> shape = sizes;
        bool grew = false;
        for (qint64& size : shape) {
            if (size == 1) {
                size = 4;
                grew = true;
            }
        }
        if (!grew)
            shape.prepend(2);
        args[QStringLiteral("size")] = QVariant::fromValue(shape);
    } else if (id == u"unsqueeze") {
        args[QStringLiteral("dim")] = qint64(0);
    } else if (id == u"squeeze") {
        args[QStringLiteral("dim")] = qint64(-1);
    } else if (id == u"flatten") {
        args[QStringLiteral("start_dim")] = qint64(0);
        args[QStringLiteral("end_dim")] = last;
    } else if (id == u"contiguous" || id == u"clone") {
        args[QStringLiteral("memory_format")] = QString();
    } else if (id == u"arithmetic") {
        args[QStringLiteral("op")] = QStringLiteral("+");
        args[QStringLiteral("other")] = QStringLiteral("1");
    } else if (id == u"elementwise") {
        args[QStringLiteral("function")] = QStringLiteral("neg");
    } else if (id == u"as_strided") {
        args[QStringLiteral("size")] = QVariant::fromValue(sizes);
        args[QStringLiteral("stride")] = QVariant::fromValue(toIntList(tensor.strides()));
        args[QStringLiteral("storage_offset")] = qint64(tensor.storageOffset());
    }
    return args;
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
    if (needsDim && tensor.dim() == 0 && spec.id != u"flatten" && spec.id != u"permute")
        return tr("A 0-dim tensor has no dim to %1.").arg(spec.id);
    return {};
}

QString OpCatalog::expression(const OpSpec& spec, const QString& input, const OpArguments& a) {
    const QString& id = spec.id;
    auto call = [&](const QString& arguments) {
        return QStringLiteral("%1.%2(%3)").arg(input, id, arguments);
    };
    auto num = [&](const char* key) { return QString::number(intArg(a, QString::fromLatin1(key))); };
    if (id == u"transpose")
        return call(num("dim0") + QStringLiteral(", ") + num("dim1"));
    if (id == u"swapaxes")
        return call(num("axis0") + QStringLiteral(", ") + num("axis1"));
    if (id == u"moveaxis")
        return call(num("source") + QStringLiteral(", ") + num("destination"));
    if (id == u"broadcast_to")
        return call(tupleLiteral(listArg(a, QStringLiteral("size"))));
    if (id == u"permute")
        return call(intListText(listArg(a, QStringLiteral("dims"))));
    if (id == u"narrow")
        return call(QStringList{num("dim"), num("start"), num("length")}.join(QStringLiteral(", ")));
    if (id == u"view" || id == u"reshape")
        return call(shapeArguments(listArg(a, QStringLiteral("shape"))));
    if (id == u"expand")
        return call(shapeArguments(listArg(a, QStringLiteral("size"))));
    if (id == u"slice") {
        const qint64 dim = intArg(a, QStringLiteral("dim"));
        QStringList items;
        for (qint64 d = 0; d < dim; ++d)
            items << QStringLiteral(":");
        QString slice = num("start") + u':' + num("stop");
        if (intArg(a, QStringLiteral("step"), 1) != 1)
            slice += u':' + num("step");
        items << slice;
        return input + u'[' + items.join(QStringLiteral(", ")) + u']';
    }
    if (id == u"select")
        return call(num("dim") + QStringLiteral(", ") + num("index"));
    if (id == u"unsqueeze")
        return call(num("dim"));
    if (id == u"squeeze")
        return intArg(a, QStringLiteral("dim"), -1) < 0 ? call({}) : call(num("dim"));
    if (id == u"flatten")
        return call(num("start_dim") + QStringLiteral(", ") + num("end_dim"));
    if (id == u"contiguous" || id == u"clone") {
        const QString format = a.value(QStringLiteral("memory_format")).toString();
        return call(format.isEmpty() ? QString() : QStringLiteral("memory_format=") + format);
    }
    if (id == u"arithmetic")
        return input + u' ' + a.value(QStringLiteral("op")).toString() + u' ' +
               a.value(QStringLiteral("other")).toString().trimmed();
    if (id == u"elementwise")
        return input + u'.' + a.value(QStringLiteral("function")).toString() + QStringLiteral("()");
    if (id == u"as_strided")
        return call(tupleLiteral(listArg(a, QStringLiteral("size"))) + QStringLiteral(", ") +
                    tupleLiteral(listArg(a, QStringLiteral("stride"))) + QStringLiteral(", ") +
                    num("storage_offset"));
    return call({});
}

} // namespace stridescope::app
