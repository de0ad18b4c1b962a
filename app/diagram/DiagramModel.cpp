#include "app/diagram/DiagramModel.h"

#include "app/diagram/DiagramText.h"

#include "core/Coverage.h"
#include "core/GatheredCells.h"
#include "core/script/Session.h"

#include <algorithm>
#include <utility>

namespace stridescope::app {

namespace {

// The logical grid shows at most about this many cells; long dims are elided.
constexpr std::int64_t kGridCellBudget = 2048;
// Lanes for other views of the storage beyond this many would crowd the strip.
constexpr int kMaxOtherLanes = 11;
// Detail thresholds by number of storage elements shown.
constexpr std::int64_t kFullDetailCells = 256;
constexpr std::int64_t kCompactDetailCells = 1024;

const QString kMiddleDot = QStringLiteral(" \u00b7 ");
const QString kUnknownValue = QStringLiteral("\u2026");

// Shown indices of a dim of `size` with at most `limit` slots: all of them, or a head, an
// ellipsis (-1) and a tail, as PyTorch's print summarises.
std::vector<std::int64_t> chooseSlots(std::int64_t size, std::int64_t limit) {
    std::vector<std::int64_t> gridSlots;
    if (size <= limit) {
        for (std::int64_t i = 0; i < size; ++i)
            gridSlots.push_back(i);
        return gridSlots;
    }
    const auto tail = std::max<std::int64_t>(1, limit / 4);
    const auto head = std::max<std::int64_t>(1, limit - 1 - tail);
    for (std::int64_t i = 0; i < head; ++i)
        gridSlots.push_back(i);
    gridSlots.push_back(-1);
    for (std::int64_t i = size - tail; i < size; ++i)
        gridSlots.push_back(i);
    return gridSlots;
}

std::int64_t alignDown(std::int64_t value, std::int64_t step) { return value / step * step; }
std::int64_t alignUp(std::int64_t value, std::int64_t step) { return (value + step - 1) / step * step; }

QString displayName(const DiagramTensorSpec& spec) {
    return spec.name.isEmpty() ? QStringLiteral("tensor") : spec.name;
}

// The source strip of a copying index's result: each source cell up to the strip's cap, with
// how many of the tensor's elements read it.
std::optional<GatheredStrip> gatheredStripOf(const Tensor& tensor, const DiagramOptions& options) {
    const auto read = gatheredCellsOf(tensor);
    if (!read || !read->source || read->elementSize <= 0)
        return std::nullopt;
    const Storage& source = *read->source;
    GatheredStrip strip;
    strip.sourceElements = source.nbytes() / read->elementSize;
    // A strip of readable cells, not blocks: a few hundred at most keep the picture a picture.
    constexpr std::int64_t kMaxSourceCells = 256;
    const std::int64_t drawn =
        std::min({strip.sourceElements, kMaxSourceCells, std::max<std::int64_t>(1, options.maxStripCells)});
    strip.reads.assign(static_cast<std::size_t>(std::max<std::int64_t>(0, drawn)), 0);
    for (std::int64_t at : read->indices)
        if (at >= 0 && at < drawn)
            ++strip.reads[static_cast<std::size_t>(at)];
    std::vector<std::int64_t> sorted = read->indices;
    std::sort(sorted.begin(), sorted.end());
    const auto distinct = static_cast<std::int64_t>(std::unique(sorted.begin(), sorted.end()) - sorted.begin());
    // The tensor's dtype reads the source as the index read it (the same itemsize) unless it is
    // a view of another dtype.
    const bool values = source.hasValues() && tensor.elementSize() == read->elementSize;
    for (std::int64_t at = 0; at < drawn; ++at)
        strip.values.push_back(values ? formatValue(source.load(tensor.dtype(), at), tensor.dtype()) : kUnknownValue);
    const QString of = options.gatheredSourceName.isEmpty()
                           ? DiagramText::tr("read from the source storage")
                           : DiagramText::tr("read from %1's storage").arg(options.gatheredSourceName);
    strip.heading = DiagramText::tr("%1: %2 of its %3 cells (copied into this tensor's own storage)")
                        .arg(of, groupDigits(distinct), groupDigits(strip.sourceElements));
    if (drawn < strip.sourceElements)
        strip.heading += DiagramText::tr(", the first %1 drawn").arg(groupDigits(drawn));
    return strip;
}

} // namespace

QString formatValue(const Scalar& value, DType dtype) {
    switch (categoryOf(dtype)) {
    case DTypeCategory::Boolean:
        return value.intValue != 0 ? QStringLiteral("True") : QStringLiteral("False");
    case DTypeCategory::Integral: {
        QString text = QString::number(value.intValue);
        if (text.size() > 8)
            text = QString::number(static_cast<double>(value.intValue), 'g', 3);
        return text;
    }
    case DTypeCategory::Floating:
        break;
    case DTypeCategory::Complex: {
        // One cell holds both parts, written as PyTorch writes an element: "1.+2.j", "0.-3.j".
        const DType part = toRealValueType(dtype);
        const QString imag = formatValue(Scalar::fromFloat(value.imagValue), part);
        const bool signedImag = imag.startsWith(QLatin1Char('-')) || imag.startsWith(QLatin1Char('+'));
        return formatValue(Scalar::fromFloat(value.floatValue), part) +
               (signedImag ? QString() : QStringLiteral("+")) + imag + QLatin1Char('j');
    }
    }
    const double v = value.toDouble();
    if (std::isnan(v))
        return QStringLiteral("nan");
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    if (v == std::trunc(v) && std::fabs(v) < 1e7) {
        // PyTorch prints integral floats with a trailing dot: "3.", "-0.".
        const auto whole = static_cast<std::int64_t>(v);
        return (std::signbit(v) && whole == 0 ? QStringLiteral("-0") : QString::number(whole)) +
               QLatin1Char('.');
    }
    return QString::number(v, 'g', 4);
}

QString tupleText(const Shape& values) {
    QString text = QStringLiteral("(");
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i)
            text += QStringLiteral(", ");
        text += QString::number(values[i]);
    }
    if (values.size() == 1)
        text += QLatin1Char(',');
    return text + QLatin1Char(')');
}

QString groupDigits(std::int64_t value) {
    QString digits =
        QString::number(value < 0 ? -static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value));
    for (auto at = digits.size() - 3; at > 0; at -= 3)
        digits.insert(at, QLatin1Char(','));
    return value < 0 ? QLatin1Char('-') + digits : digits;
}

QString hexAddress(std::uint64_t address) { return QStringLiteral("0x") + QString::number(address, 16); }

QString byteSize(std::int64_t bytes) {
    static const char* const units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    if (bytes < 1024)
        return QString::number(bytes) + QStringLiteral(" B");
    double value = static_cast<double>(bytes);
    int unit = -1;
    while (value >= 1024.0 && unit < 5) {
        value /= 1024.0;
        ++unit;
    }
    const bool whole = std::fabs(value - std::round(value)) < 0.05;
    return QString::number(value, 'f', whole ? 0 : 1) + QLatin1Char(' ') + QLatin1String(units[unit]);
}

QString DiagramModel::indexText(const Shape& index) {
    QString text = QStringLiteral("[");
    for (std::size_t i = 0; i < index.size(); ++i) {
        if (i)
            text += QStringLiteral(", ");
        text += QString::number(index[i]);
    }
    return text + QLatin1Char(']');
}

DiagramModel DiagramModel::withFigure(const FigureOptions& figure) const {
    DiagramOptions rebuilt = options;
    rebuilt.figure = figure;
    if (sources.empty())
        return build({name, expression, tensor}, {}, rebuilt);
    DiagramModel model = build(sources.front(), {sources.begin() + 1, sources.end()}, rebuilt);
    FigureOptions companionFigure = figure;
    companionFigure.title.clear();
    for (const auto& companion : companions)
        model.companions.push_back(companion.withFigure(companionFigure));
    model.transfer = transfer;
    return model;
}

DiagramTransfer DiagramTransfer::describe(const TransferRecord& record, const QString& sourceName,
                                          std::int64_t sourceBytes) {
    DiagramTransfer t;
    const QString from = QString::fromStdString(record.from.label());
    if (sourceName.isEmpty())
        t.source = DiagramText::tr("source: a temporary \u00b7 %1").arg(from);
    else
        t.source = DiagramText::tr("source: %1's storage \u00b7 %2").arg(sourceName, from);
    if (sourceBytes >= 0)
        t.source += kMiddleDot + byteSize(sourceBytes);

    QStringList parts;
    parts << QString::fromStdString(transferDirectionName(record.direction)) << byteSize(record.bytes);
    if (record.direction == TransferDirection::DeviceToDevice)
        parts << DiagramText::tr("device to device");
    else if (record.pinned)
        parts << DiagramText::tr("pinned, direct");
    else
        parts << DiagramText::tr("pageable, staged");
    // non_blocking is asynchronous only from pinned memory: say when it was asked for in vain.
    if (record.nonBlocking)
        parts << (record.asynchronous ? DiagramText::tr("non_blocking: asynchronous")
                                      : DiagramText::tr("non_blocking: synchronous"));
    if (record.measured)
        parts << QStringLiteral("%1 ms").arg(record.ms, 0, 'f', 3)
              << QStringLiteral("%1 GB/s").arg(record.gbps, 0, 'f', 1);
    else
        parts << DiagramText::tr("not measured (simulated)");
    t.arrowLabel = parts.join(kMiddleDot);
    t.destination = DiagramText::tr("\u2192 this storage: %1").arg(QString::fromStdString(record.to.label()));
    // copy_kernel_cuda makes a non-dense source contiguous on its own side before the copy.
    if (record.contiguousCopyBytes > 0)
        t.contiguousNote =
            DiagramText::tr("contiguous copy on %1 first (+%2)")
                .arg(QString::fromStdString(record.from.device.str()), byteSize(record.contiguousCopyBytes));
    return t;
}

std::optional<DiagramTransfer>
DiagramTransfer::find(const Tensor& shown, const std::vector<TransferRecord>& records,
                      const std::vector<std::pair<std::string, Tensor>>& named) {
    if (!shown.defined())
        return std::nullopt;
    const std::uint64_t id = shown.storage()->id();
    for (auto it = records.rbegin(); it != records.rend(); ++it) {
        if (it->destinationStorage != id)
            continue;
        for (const auto& [name, tensor] : named)
            if (tensor.defined() && tensor.storage()->id() == it->sourceStorage)
                return describe(*it, QString::fromStdString(name), tensor.storage()->nbytes());
        return describe(*it, QString(), -1);
    }
    return std::nullopt;
}

QString DiagramModel::unitLabel(std::int64_t unit) const {
    if (unit < 0 || unit >= unitCount())
        return {};
    const auto& u = units[static_cast<std::size_t>(unit)];
    switch (options.figure.stripLabels()) {
    case CellLabels::Auto:
    case CellLabels::Value:
        return u.value;
    case CellLabels::Index:
        return QString::number(options.byteMode ? unitFirst(unit) * itemSize : unitFirst(unit));
    case CellLabels::Coord:
        // The first logical element reading it; an unreached cell has no coordinate.
        return u.firstOrder >= 0 && unitSize == 1 ? tupleText(unravel(u.firstOrder)) : QString();
    case CellLabels::None:
        return {};
    }
    return {};
}

QString DiagramModel::gridLabel(const GridCell& cell) const {
    if (!cell.shown)
        return {};
    switch (options.figure.gridLabels()) {
    case CellLabels::Auto:
    case CellLabels::Value:
        return cell.value;
    case CellLabels::Index:
        return QStringLiteral("@") + QString::number(cell.storageIndex);
    case CellLabels::Coord:
        return tupleText(cell.index);
    case CellLabels::None:
        return {};
    }
    return {};
}

QString DiagramModel::altText() const {
    if (!tensor.defined())
        return DiagramText::tr("An empty StrideScope diagram.");
    QString text = DiagramText::tr("Memory diagram of %1: %2. The storage strip shows %3 elements; "
                                   "the logical grid shows the tensor's %4 elements in row-major order.")
                       .arg(title, layoutLine, groupDigits(storageElements), groupDigits(numel));
    for (const auto& companion : companions)
        text += QLatin1Char(' ') + DiagramText::tr("Beside it, the grid of %1 (%2) on the same storage.")
                                       .arg(companion.title, companion.layoutLine);
    return text;
}

DiagramModel DiagramModel::build(const DiagramTensorSpec& primary,
                                 const std::vector<DiagramTensorSpec>& others,
                                 const DiagramOptions& options) {
    DiagramModel model;
    model.options = options;
    model.sources.push_back(primary);
    model.sources.insert(model.sources.end(), others.begin(), others.end());
    if (model.options.dimNames.size() != static_cast<qsizetype>(primary.tensor.sizes().size()))
        model.options.dimNames.clear(); // names only when there is one per dim
    model.tensor = primary.tensor;
    model.name = primary.name;
    model.expression = primary.expression;
    model.elementName = displayName(primary);
    if (!primary.tensor.defined()) {
        model.title = model.elementName;
        model.notes << DiagramText::tr("no tensor");
        return model;
    }
    const Tensor& tensor = primary.tensor;
    const Layout& layout = tensor.layout();
    const auto& storage = *tensor.storage();
    model.numel = tensor.numel();
    model.itemSize = tensor.elementSize();
    model.hasValues = tensor.hasValues();
    model.baseAddress = storage.baseAddress();
    model.dataPtr = tensor.dataPtr();
    model.storageElements = storage.nbytes() / model.itemSize;
    model.extent = extentOf(layout);

    // ---- caption ----
    if (!primary.name.isEmpty() && !primary.expression.isEmpty() &&
        !script::isStatementText(primary.expression.toStdString()))
        model.title = primary.name + QStringLiteral(" = ") + primary.expression;
    else if (!primary.expression.isEmpty())
        model.title = primary.expression;
    else
        model.title = model.elementName;
    model.tensorCaption = model.title;
    if (!options.figure.title.isEmpty())
        model.title = options.figure.title;
    const QString dtype = QString::fromStdString(dtypeShortName(tensor.dtype()));
    model.layoutLine = QStringLiteral("shape ") + tupleText(tensor.sizes()) + kMiddleDot +
                       QStringLiteral("stride ") + tupleText(tensor.strides()) + kMiddleDot +
                       QStringLiteral("storage_offset ") + QString::number(tensor.storageOffset()) +
                       kMiddleDot + dtype + kMiddleDot + QStringLiteral("is_contiguous ") +
                       (tensor.isContiguous() ? QStringLiteral("True") : QStringLiteral("False"));
    // The lazy bits: the strip shows the stored values, the logical view the values read through them.
    if (tensor.isConj())
        model.layoutLine += kMiddleDot + QStringLiteral("is_conj True");
    if (tensor.isNeg())
        model.layoutLine += kMiddleDot + QStringLiteral("is_neg True");
    model.dataPtrAlignment = 1;
    while (model.dataPtrAlignment < 128 &&
           model.dataPtr % static_cast<std::uint64_t>(model.dataPtrAlignment * 2) == 0)
        model.dataPtrAlignment *= 2;
    model.storageLine = QStringLiteral("storage: ") + groupDigits(model.storageElements) +
                        QStringLiteral(" \u00d7 ") + dtype + QStringLiteral(" = ") +
                        byteSize(storage.nbytes()) + kMiddleDot + QStringLiteral("data_ptr ") +
                        hexAddress(model.dataPtr) + kMiddleDot +
                        DiagramText::tr("%1-byte aligned").arg(model.dataPtrAlignment);
    // A view in another dtype (view_as_real, .imag, view(dtype)): the same bytes were allocated as
    // elements of the storage's own dtype, e.g. 6 complex64 read as 12 float32 cells.
    if (storage.dtype() != tensor.dtype())
        model.storageLine += kMiddleDot + DiagramText::tr("allocated as %1 \u00d7 %2")
                                              .arg(groupDigits(storage.elementCount()),
                                                   QString::fromStdString(dtypeShortName(storage.dtype())));
    // Where the storage lives, unless it is ordinary CPU memory: "cuda:0 · simulated", "cpu · pinned".
    if (storage.device().isCuda() || storage.isPinned())
        model.storageLine += kMiddleDot + QString::fromStdString(storage.placement().label());

    // ---- which part of the storage the strip shows, and how finely ----
    std::vector<const DiagramTensorSpec*> laneSpecs;
    std::int64_t lanesLeftOut = 0;
    for (const auto& other : others) {
        if (!other.tensor.defined() || !other.tensor.sharesStorageWith(tensor) ||
            other.tensor.elementSize() != model.itemSize)
            continue;
        if (static_cast<int>(laneSpecs.size()) < kMaxOtherLanes)
            laneSpecs.push_back(&other);
        else
            ++lanesLeftOut;
    }
    // A window around the primary's reach when the storage is too long to show whole; the lanes
    // of other views are shown within it.
    const std::optional<Extent> reach = model.extent;
    CoverageGrid grid;
    grid.end = model.storageElements;
    const auto maxCells = std::max<std::int64_t>(16, options.maxStripCells);
    bool blocks = false;
    if (model.storageElements > maxCells) {
        if (reach) {
            const auto low = alignDown(std::max<std::int64_t>(0, reach->lowest), 16);
            const auto high = std::min(model.storageElements, alignUp(reach->highest + 1, 16));
            if (high - low <= maxCells) {
                grid.first = low;
                grid.end = high;
            } else {
                blocks = true;
            }
        } else {
            blocks = true;
        }
    }
    if (blocks) {
        grid.unitSize = 1;
        // Blocks need not be as many as cells could: a quarter of the budget keeps the strip short.
        const auto blockBudget = std::max<std::int64_t>(16, maxCells / 4);
        while (grid.unitSize < (model.storageElements + blockBudget - 1) / blockBudget)
            grid.unitSize *= 2;
    }
    model.stripFirst = grid.first;
    model.stripEnd = grid.end;
    model.unitSize = grid.unitSize;
    const auto shown = grid.end - grid.first;
    model.detail = blocks                         ? StripDetail::Blocks
                   : shown <= kFullDetailCells    ? StripDetail::Full
                   : shown <= kCompactDetailCells ? StripDetail::Compact
                                                  : StripDetail::Tiny;

    // ---- reach of the primary and of every lane ----
    const Coverage primaryCoverage = coverage(layout, grid);
    model.coverageApproximate = primaryCoverage.approximate;
    model.units.resize(static_cast<std::size_t>(grid.unitCount()));
    for (std::size_t u = 0; u < model.units.size(); ++u) {
        auto& unit = model.units[u];
        unit.firstOrder = primaryCoverage.firstOrder[u];
        unit.fanIn = primaryCoverage.fanIn[u];
        unit.reached = primaryCoverage.reached[u];
        model.maxFanIn = std::max(model.maxFanIn, unit.fanIn);
        if (!blocks) {
            const auto at = grid.first + static_cast<std::int64_t>(u);
            unit.value = model.hasValues ? formatValue(storage.load(tensor.dtype(), at), tensor.dtype())
                                         : kUnknownValue;
        }
    }
    if (!laneSpecs.empty() && options.figure.showLanes()) {
        DiagramLane self;
        self.name = model.elementName;
        self.primary = true;
        self.coverage = primaryCoverage.reached;
        model.lanes.push_back(std::move(self));
        for (const auto* spec : laneSpecs) {
            DiagramLane lane;
            lane.name = displayName(*spec);
            lane.coverage = coverage(spec->tensor.layout(), grid).reached;
            model.lanes.push_back(std::move(lane));
        }
    }

    // ---- the logical grid: which indices to show per dim ----
    const auto rank = static_cast<std::size_t>(tensor.dim());
    std::vector<std::int64_t> limits(rank, 4);
    if (rank >= 1)
        limits[rank - 1] = 16;
    if (rank >= 2)
        limits[rank - 2] = 16;
    auto slotCount = [&](std::size_t d) { return std::min(tensor.sizes()[d], limits[d]); };
    auto total = [&] {
        std::int64_t product = 1;
        for (std::size_t d = 0; d < rank; ++d)
            product *= std::max<std::int64_t>(1, slotCount(d));
        return product;
    };
    while (total() > kGridCellBudget) {
        // Shrink the dim showing the most slots, matrix dims no lower than 6, leading dims 3.
        std::size_t widest = rank;
        for (std::size_t d = 0; d < rank; ++d) {
            const auto floor = d + 2 >= rank ? 6 : 3;
            if (slotCount(d) > floor && (widest == rank || slotCount(d) > slotCount(widest)))
                widest = d;
        }
        if (widest == rank)
            break;
        --limits[widest];
    }
    for (std::size_t d = 0; d < rank; ++d)
        model.gridSlots.push_back(chooseSlots(tensor.sizes()[d], limits[d]));
    if (model.numel > 0) {
        std::int64_t combinations = 1;
        for (const auto& s : model.gridSlots)
            combinations *= static_cast<std::int64_t>(s.size());
        model.cells.reserve(static_cast<std::size_t>(combinations));
        const Shape orderStrides = contiguousStrides(tensor.sizes());
        std::vector<std::size_t> position(rank, 0);
        for (std::int64_t c = 0; c < combinations; ++c) {
            GridCell cell;
            cell.shown = true;
            cell.index.resize(rank);
            for (std::size_t d = 0; d < rank; ++d) {
                cell.index[d] = model.gridSlots[d][position[d]];
                cell.shown = cell.shown && cell.index[d] >= 0;
            }
            if (cell.shown) {
                cell.storageIndex = storageIndexOf(layout, cell.index);
                for (std::size_t d = 0; d < rank; ++d)
                    cell.order += cell.index[d] * orderStrides[d];
                cell.value =
                    model.hasValues ? formatValue(tensor.valueAt(cell.index), tensor.dtype()) : kUnknownValue;
            }
            model.cells.push_back(std::move(cell));
            for (std::size_t d = rank; d-- > 0;) {
                if (++position[d] < model.gridSlots[d].size())
                    break;
                position[d] = 0;
            }
        }
    }

    // ---- notes ----
    if (model.numel == 0)
        model.notes << DiagramText::tr(
                           "empty: shape %1 has no elements, so the view reaches no storage element")
                           .arg(tupleText(tensor.sizes()));
    if (!model.hasValues) {
        if (storage.elementCount() > Storage::kMaxValueElements)
            model.notes << DiagramText::tr("layout only: values are not kept for storages above %1 elements "
                                           "(this one has %2); %3 stands for a value")
                               .arg(groupDigits(Storage::kMaxValueElements),
                                    groupDigits(storage.elementCount()), kUnknownValue);
        else
            model.notes << DiagramText::tr(
                               "layout only: the values of this storage are unknown; %1 stands for a value")
                               .arg(kUnknownValue);
    }
    if (model.stripFirst > 0 || model.stripEnd < model.storageElements)
        model.notes << DiagramText::tr("storage elements %1 to %2 of %3 shown (around the part it reaches)")
                           .arg(groupDigits(model.stripFirst), groupDigits(model.stripEnd - 1),
                                groupDigits(model.storageElements));
    if (blocks)
        model.notes << DiagramText::tr(
                           "each square is a block of %1 elements (%2): its colour is the logical order "
                           "inside (stripes, lowest to highest, when it holds elements far apart in that "
                           "order), its strength the share of elements the view reaches")
                           .arg(groupDigits(model.unitSize), byteSize(model.unitSize * model.itemSize));
    if (model.coverageApproximate)
        model.notes << DiagramText::tr("reach is estimated: too many elements (%1) to count one by one")
                           .arg(groupDigits(model.numel));
    if (lanesLeftOut > 0 && options.figure.showLanes())
        model.notes
            << DiagramText::tr("%1 more views of this storage are not shown as lanes").arg(lanesLeftOut);
    if (model.maxFanIn > 1)
        model.notes << DiagramText::tr(
                           "%1 badge: n logical elements read the same storage element (up to %2 here)")
                           .arg(QStringLiteral("\u00d7n"), groupDigits(model.maxFanIn));

    model.gathered = gatheredStripOf(primary.tensor, options);
    model.setFocus(options.focus.value_or(Shape(rank, 0)));
    return model;
}

void DiagramModel::setFocus(const Shape& index) {
    arrows.clear();
    focus.reset();
    if (!tensor.defined() || numel == 0)
        return;
    const Layout& layout = tensor.layout();
    Shape clamped(static_cast<std::size_t>(layout.dim()), 0);
    for (std::size_t d = 0; d < clamped.size(); ++d)
        clamped[d] = d < index.size() ? std::clamp<std::int64_t>(index[d], 0, layout.sizes[d] - 1) : 0;
    focus = clamped;
    options.focus = clamped;
    focusStorage = storageIndexOf(layout, clamped);
    for (std::size_t d = 0; d < clamped.size(); ++d) {
        if (clamped[d] + 1 >= layout.sizes[d])
            continue; // no neighbour along this dim
        arrows.push_back(
            {static_cast<int>(d), layout.strides[d], focusStorage, focusStorage + layout.strides[d]});
    }
}

std::int64_t DiagramModel::unitOf(std::int64_t storageIndex) const {
    if (storageIndex < stripFirst || storageIndex >= stripEnd || unitSize <= 0)
        return -1;
    return (storageIndex - stripFirst) / unitSize;
}

std::int64_t DiagramModel::unitEnd(std::int64_t unit) const {
    return std::min(stripEnd, unitFirst(unit) + unitSize);
}

std::int64_t DiagramModel::cellIndexOfSlots(const std::vector<std::int64_t>& slotPositions) const {
    std::int64_t at = 0;
    for (std::size_t d = 0; d < gridSlots.size(); ++d)
        at = at * static_cast<std::int64_t>(gridSlots[d].size()) + slotPositions[d];
    return at;
}

const GridCell* DiagramModel::cellAt(const Shape& index) const {
    if (index.size() != gridSlots.size() || cells.empty())
        return nullptr;
    std::vector<std::int64_t> positions(gridSlots.size());
    for (std::size_t d = 0; d < gridSlots.size(); ++d) {
        const auto it = std::find(gridSlots[d].begin(), gridSlots[d].end(), index[d]);
        if (index[d] < 0 || it == gridSlots[d].end())
            return nullptr;
        positions[d] = it - gridSlots[d].begin();
    }
    const auto at = cellIndexOfSlots(positions);
    return at >= 0 && at < static_cast<std::int64_t>(cells.size()) ? &cells[static_cast<std::size_t>(at)]
                                                                   : nullptr;
}

Shape DiagramModel::unravel(std::int64_t order) const {
    const auto& sizes = tensor.sizes();
    Shape index(sizes.size(), 0);
    for (std::size_t d = sizes.size(); d-- > 0;) {
        if (sizes[d] <= 0)
            return index;
        index[d] = order % sizes[d];
        order /= sizes[d];
    }
    return index;
}

std::optional<Shape> DiagramModel::firstIndexAt(std::int64_t storageIndex) const {
    const auto unit = unitOf(storageIndex);
    if (unit < 0 || units[static_cast<std::size_t>(unit)].firstOrder < 0)
        return std::nullopt;
    return unravel(units[static_cast<std::size_t>(unit)].firstOrder);
}

QString DiagramModel::formulaFor(const Shape& index) const {
    if (!tensor.defined() || index.size() != static_cast<std::size_t>(tensor.dim()))
        return {};
    const auto storageIndex = storageIndexOf(tensor.layout(), index);
    const auto address =
        baseAddress + static_cast<std::uint64_t>(storageIndex) * static_cast<std::uint64_t>(itemSize);
    const QString arrow = QStringLiteral(" \u2192 ");
    QString text = index.empty() ? QString(elementName + QLatin1Char(' ') +
                                           DiagramText::tr("(0-dim) reads storage[%1]").arg(storageIndex) +
                                           arrow + hexAddress(address))
                                 : QString(elementName + indexText(index) + QStringLiteral(": ") +
                                           QString::fromStdString(addressFormula(tensor.layout(), index)) +
                                           arrow + hexAddress(address));
    if (options.byteMode)
        text += QLatin1Char(' ') + DiagramText::tr("(byte %1)").arg(groupDigits(storageIndex * itemSize));
    return text;
}

} // namespace stridescope::app
