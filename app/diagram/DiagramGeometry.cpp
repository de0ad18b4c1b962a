#include "app/diagram/DiagramGeometry.h"

#include "app/diagram/DiagramText.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace stridescope::app {

namespace {

double advance(const QFontMetricsF& metrics, const QString& text) { return metrics.horizontalAdvance(text); }

PlacedText place(const QString& text, const QFontMetricsF& metrics, double x, double y) {
    return {text, QRectF(x, y, advance(metrics, text), metrics.height())};
}

// Cumulative offsets of slots along one axis: an ellipsis slot (-1) is narrower than a cell.
void layoutSlots(const std::vector<std::int64_t>& gridSlots, double cell, double ellipsis, double gap,
                 std::vector<double>& offsets, std::vector<double>& extents) {
    offsets.clear();
    extents.clear();
    double at = 0;
    for (const auto slot : gridSlots) {
        const double extent = slot < 0 ? ellipsis : cell;
        offsets.push_back(at);
        extents.push_back(extent);
        at += extent + gap;
    }
}

double span(const std::vector<double>& offsets, const std::vector<double>& extents) {
    return offsets.empty() ? 0.0 : offsets.back() + extents.back();
}

QString strideText(std::int64_t value) {
    return value < 0 ? QStringLiteral("\u2212") + QString::number(-value)
                     : QStringLiteral("+") + QString::number(value);
}

} // namespace

QPolygonF DiagramGeometry::arrowHead(const QPointF& from, const QPointF& tip, double length) {
    const QPointF d = tip - from;
    const double norm = std::hypot(d.x(), d.y());
    if (!(norm > 1e-9) || !(length > 0))
        return {};
    const double angle = std::atan2(d.y(), d.x());
    constexpr double spread = 0.45; // radians either side of the shaft
    const QPointF left(tip.x() - length * std::cos(angle - spread),
                       tip.y() - length * std::sin(angle - spread));
    const QPointF right(tip.x() - length * std::cos(angle + spread),
                        tip.y() - length * std::sin(angle + spread));
    return QPolygonF({tip, left, right});
}

DiagramGeometry DiagramGeometry::compute(const DiagramModel& model, const DiagramTheme& theme) {
    DiagramGeometry g;
    auto s = [&](double v) { return theme.px(v); };
    const QFontMetricsF titleFm(theme.titleFont()), captionFm(theme.captionFont()),
        headingFm(theme.headingFont()), valueFm(theme.valueFont()), smallFm(theme.smallFont()),
        labelFm(theme.labelFont()), noteFm(theme.noteFont());
    g.margin = s(20);
    g.m_stripFirst = model.stripFirst;
    g.m_stripEnd = model.stripEnd;
    g.m_unitSize = model.unitSize;
    g.m_slots = model.gridSlots;
    if (model.tensor.defined())
        g.m_layout = model.tensor.layout();
    g.detail = model.detail;
    g.unitCount = model.unitCount();
    g.laneCount = static_cast<int>(model.lanes.size());
    const int rank = static_cast<int>(model.gridSlots.size());
    const bool empty = model.numel == 0;
    if (!model.tensor.defined()) { // nothing to draw yet: a blank picture with one line
        g.title = place(DiagramText::tr("no tensor"), noteFm, g.margin, g.margin);
        g.size =
            QSizeF(std::ceil(g.title.rect.right() + g.margin), std::ceil(g.title.rect.bottom() + g.margin));
        return g;
    }

    // ==== 1. Horizontal sizes ====

    // ---- strip cells ----
    const FigureOptions& figure = model.options.figure;
    const CellLabels stripLabels = figure.stripLabels();
    g.showCellText = (model.detail == StripDetail::Full || model.detail == StripDetail::Compact) &&
                     stripLabels != CellLabels::None;
    g.showCellIndex = model.detail == StripDetail::Full && stripLabels == CellLabels::Auto;
    g.showAddresses = figure.showAddresses();
    double stripLabelWidth = 0; // row-start addresses and lane names
    if (g.showAddresses) {
        const auto lastAddress =
            model.baseAddress + static_cast<std::uint64_t>(std::max<std::int64_t>(0, model.stripEnd)) *
                                    static_cast<std::uint64_t>(model.itemSize);
        stripLabelWidth = advance(smallFm, hexAddress(lastAddress));
    }
    for (const auto& lane : model.lanes)
        stripLabelWidth = std::max(stripLabelWidth, advance(smallFm, DiagramText::laneLabel(lane)));
    double badgeWidth =
        model.maxFanIn > 1
            ? advance(smallFm, QStringLiteral("\u00d7") + QString::number(model.maxFanIn)) + s(6)
            : 0;
    switch (model.detail) {
    case StripDetail::Full: {
        double valueWidth = 0;
        for (std::int64_t unit = 0; unit < g.unitCount; ++unit)
            valueWidth = std::max(valueWidth, advance(valueFm, model.unitLabel(unit)));
        if (g.showCellIndex) {
            const auto lastIndex = std::max<std::int64_t>(0, model.stripEnd - 1);
            const double indexWidth = advance(
                smallFm, QString::number(model.options.byteMode ? lastIndex * model.itemSize : lastIndex));
            g.cellWidth = std::max({s(40), valueWidth + s(14), indexWidth + badgeWidth + s(10)});
            g.cellHeight = smallFm.height() + valueFm.height() + s(8);
        } else { // one line of text (or none), a badge in the corner
            g.cellWidth = std::max({s(36), valueWidth + s(14) + (badgeWidth > 0 ? badgeWidth / 2 : 0.0)});
            g.cellHeight = valueFm.height() + s(14) + (badgeWidth > 0 ? s(6) : 0.0);
        }
        g.cellGap = s(3);
        const auto n = g.unitCount;
        g.cellsPerRow = (n <= 24 && static_cast<double>(n) * (g.cellWidth + g.cellGap) <= s(1200))
                            ? static_cast<int>(std::max<std::int64_t>(1, n))
                            : 16;
        g.markerBand = s(33);
        break;
    }
    case StripDetail::Compact: {
        // Values in small type where they fit in a cell of at most 40 px; colour only otherwise.
        double valueWidth = 0;
        for (std::int64_t unit = 0; unit < g.unitCount; ++unit)
            valueWidth = std::max(valueWidth, advance(smallFm, model.unitLabel(unit)));
        g.cellWidth = std::clamp(valueWidth + s(6), s(26), s(40));
        g.showCellText = g.showCellText && valueWidth + s(4) <= g.cellWidth;
        g.cellHeight = s(20);
        g.cellGap = s(2);
        g.cellsPerRow = 32;
        g.markerBand = s(14);
        break;
    }
    case StripDetail::Tiny:
    case StripDetail::Blocks:
        g.cellWidth = s(13);
        g.cellHeight = s(13);
        g.cellGap = s(2);
        g.cellsPerRow = 64;
        g.markerBand = s(5);
        badgeWidth = 0;
        break;
    }
    g.cellWidth = std::ceil(g.cellWidth);
    g.cellHeight = std::ceil(g.cellHeight);
    g.cellGap = std::round(g.cellGap);
    g.laneHeight = model.detail == StripDetail::Full ? s(7) : s(5);
    g.laneGap = std::max(s(3), smallFm.height() + s(1) - g.laneHeight);
    g.addressRight = g.margin + stripLabelWidth;
    g.stripLeft = stripLabelWidth > 0 ? std::ceil(g.addressRight + s(12)) : std::ceil(g.margin);
    if (figure.wrap > 0) {
        g.cellsPerRow = figure.wrap;
    } else if (figure.width > 0) {
        // As many cells as fit the wanted width, leaving room for a gutter of cross-row arrows.
        const double room = figure.width - g.stripLeft - g.margin - s(40);
        g.cellsPerRow = std::max(1, static_cast<int>(std::floor((room + g.cellGap) / (g.cellWidth + g.cellGap))));
    }
    g.cellsPerRow =
        static_cast<int>(std::min<std::int64_t>(g.cellsPerRow, std::max<std::int64_t>(1, g.unitCount)));
    g.rowCount = static_cast<int>((g.unitCount + g.cellsPerRow - 1) / g.cellsPerRow);
    const double pitch = g.cellWidth + g.cellGap;
    const double stripWidth = g.cellsPerRow * pitch - g.cellGap;
    // Lane pitch fits a lane's name in the address column; cells start on whole pixels (crisp
    // edges, and solid fills need no antialiasing): both set above, before the wrap.

    // ---- arrows: which row each one starts and ends in, and its level above the strip ----
    struct ArrowPlan {
        std::size_t model;
        std::int64_t from, to;
        int fromRow, toRow;
        bool loop, crossRow;
        double height = 0;  // of the arc above the source row
        double arrival = 0; // of the incoming wire above the target row (cross-row only)
        int gutter = 0;
        double startX = 0.5; // where on the source cell's top edge it leaves, 0..1
    };
    std::vector<ArrowPlan> plans;
    for (std::size_t i = 0; i < model.arrows.size(); ++i) {
        const auto& arrow = model.arrows[i];
        const auto from = model.unitOf(arrow.fromStorage);
        const auto to = model.unitOf(arrow.toStorage);
        if (from < 0 || to < 0)
            continue;
        const int fromRow = g.rowOfUnit(from), toRow = g.rowOfUnit(to);
        plans.push_back({i, from, to, fromRow, toRow, from == to, fromRow != toRow});
    }
    // Shorter arcs nest under longer ones; arrows leaving the row go highest.
    std::stable_sort(plans.begin(), plans.end(), [](const ArrowPlan& a, const ArrowPlan& b) {
        if (a.crossRow != b.crossRow)
            return !a.crossRow;
        return std::llabs(a.to - a.from) < std::llabs(b.to - b.from);
    });
    const double labelHeight = labelFm.height() + s(2);
    const double levelBase = model.detail == StripDetail::Full ? s(30) : s(27);
    const double levelStep = labelHeight + s(5);
    int gutters = 0;
    for (std::size_t i = 0; i < plans.size(); ++i) {
        plans[i].height = levelBase + static_cast<double>(i) * levelStep;
        if (plans[i].crossRow)
            plans[i].gutter = gutters++;
    }
    // Wires arriving in one row come in from the right: the one going furthest left runs
    // highest, so that no wire crosses another's final drop.
    {
        std::vector<ArrowPlan*> incoming;
        for (auto& plan : plans)
            if (plan.crossRow)
                incoming.push_back(&plan);
        std::stable_sort(incoming.begin(), incoming.end(), [](const ArrowPlan* a, const ArrowPlan* b) {
            return a->toRow != b->toRow ? a->toRow < b->toRow : a->to > b->to;
        });
        for (std::size_t i = 0; i < incoming.size(); ++i) {
            const bool sameRow = i > 0 && incoming[i - 1]->toRow == incoming[i]->toRow;
            incoming[i]->arrival = sameRow ? incoming[i - 1]->arrival + s(8) : s(14);
        }
    }
    // Arcs leave the source cell side by side instead of from one point: forward arcs on the
    // right half, the shortest rightmost (so that nested arcs never cross), backward on the left.
    {
        std::vector<ArrowPlan*> forward, backward;
        bool loops = false;
        for (auto& plan : plans) {
            if (plan.loop)
                loops = true;
            else
                (plan.to > plan.from ? forward : backward).push_back(&plan);
        }
        // Loops sit on the left of the cell; forward arcs then keep to its right half.
        const double right = loops ? 0.82 : 0.78, left = loops ? 0.6 : 0.42;
        for (std::size_t i = 0; i < forward.size(); ++i) // shortest first
            forward[i]->startX = forward.size() == 1 ? (loops ? 0.7 : 0.5)
                                                     : right - (right - left) * static_cast<double>(i) /
                                                                   static_cast<double>(forward.size() - 1);
        for (std::size_t i = 0; i < backward.size(); ++i)
            backward[i]->startX = backward.size() == 1 ? 0.5
                                                       : 0.22 + 0.2 * static_cast<double>(i) /
                                                                    static_cast<double>(backward.size() - 1);
    }
    const double gutterWidth = gutters > 0 ? s(14) + gutters * s(10) : 0.0;

    // ---- logical grid ----
    g.gridCellGap = std::round(s(3));
    if (!empty) {
        double valueWidth = 0, storageWidth = 0;
        for (const auto& cell : model.cells) {
            if (!cell.shown)
                continue;
            valueWidth = std::max(valueWidth, advance(valueFm, model.gridLabel(cell)));
            if (model.options.showStorageIndices)
                storageWidth = std::max(
                    storageWidth, advance(smallFm, QStringLiteral("@") + QString::number(cell.storageIndex)));
        }
        double columnIndexWidth = 0; // the column headers must fit over their cells
        if (rank >= 1)
            for (const auto slot : model.gridSlots[static_cast<std::size_t>(rank - 1)])
                columnIndexWidth = std::max(columnIndexWidth, advance(smallFm, QString::number(slot)));
        g.gridCellWidth = std::max({figure.clean ? s(34) : s(38), valueWidth + s(14), storageWidth + s(10),
                                    columnIndexWidth + s(8)});
        g.gridCellWidth = std::ceil(g.gridCellWidth);
        g.gridCellHeight =
            std::ceil(valueFm.height() + s(12) + (model.options.showStorageIndices ? smallFm.height() : 0.0));
        const std::vector<std::int64_t> single{0};
        layoutSlots(rank >= 1 ? model.gridSlots[static_cast<std::size_t>(rank - 1)] : single, g.gridCellWidth,
                    s(22), g.gridCellGap, g.colOffsets, g.colExtents);
        layoutSlots(rank >= 2 ? model.gridSlots[static_cast<std::size_t>(rank - 2)] : single,
                    g.gridCellHeight, s(18), g.gridCellGap, g.rowOffsets, g.rowExtents);
        if (rank >= 2) {
            double widest = 0;
            for (const auto slot : model.gridSlots[static_cast<std::size_t>(rank - 2)])
                widest = std::max(widest, advance(smallFm, QString::number(std::max<std::int64_t>(slot, 0))));
            g.gridRowHeader = std::ceil(widest + s(12));
        }
        g.gridColHeader = rank >= 1 ? std::ceil(smallFm.height() + s(8)) : 0.0;
        double labelWidth = 0;
        if (rank >= 3) {
            g.gridBlockLabel = std::ceil(labelFm.height() + s(4));
            Shape widestLabel;
            for (int d = 0; d < rank - 2; ++d)
                widestLabel.push_back(model.tensor.sizes()[static_cast<std::size_t>(d)] - 1);
            QString text = DiagramModel::indexText(widestLabel);
            text.chop(1);
            labelWidth = advance(labelFm, text + QStringLiteral(", :, :]"));
        }
        const double cellsWidth = span(g.colOffsets, g.colExtents);
        const double cellsHeight = span(g.rowOffsets, g.rowExtents);
        g.gridBlockSize = QSizeF(std::max(g.gridRowHeader + cellsWidth, labelWidth),
                                 g.gridBlockLabel + g.gridColHeader + cellsHeight);
        // Leading dims tile the blocks, innermost first: side by side while the row fits,
        // alternating with stacking so that a 5-D tensor stays roughly square.
        QSizeF child = g.gridBlockSize;
        const double maxWidth = s(1150);
        bool previousHorizontal = false;
        std::vector<GridLevel> inner;
        for (int d = rank - 3, depth = 0; d >= 0; --d, ++depth) {
            GridLevel level;
            level.dim = d;
            const auto& gridSlots = model.gridSlots[static_cast<std::size_t>(d)];
            const double gap = s(22) + s(14) * depth;
            std::vector<double> offsets, extents;
            layoutSlots(gridSlots, child.width(), s(30), gap, offsets, extents);
            const double wide = span(offsets, extents);
            level.horizontal = (depth == 0 || !previousHorizontal) && wide <= maxWidth;
            if (level.horizontal) {
                level.offsets = offsets;
                level.extents = extents;
                child = QSizeF(wide, child.height());
            } else {
                layoutSlots(gridSlots, child.height(), s(26), gap, level.offsets, level.extents);
                child = QSizeF(child.width(), span(level.offsets, level.extents));
            }
            previousHorizontal = level.horizontal;
            inner.push_back(std::move(level));
        }
        g.gridLevels.assign(inner.rbegin(), inner.rend());
        g.gridArea = QRectF(QPointF(0, 0), child);
    } else {
        const QString text = DiagramText::emptyShape(model.tensor.sizes());
        g.gridArea = QRectF(0, 0, advance(valueFm, text) + s(40), valueFm.height() + s(28));
    }

    // ---- companion grids, left to right after the primary's ----
    double companionsRight = 0;
    if (!model.companions.empty()) {
        double x = g.margin + g.gridArea.width() + s(44);
        auto caption = [&](const DiagramModel& m) {
            g.gridCaptions.push_back(place(m.tensorCaption, labelFm, 0, 0));
            g.gridCaptionLines.push_back(place(QStringLiteral("stride ") + tupleText(m.tensor.strides()) +
                                                   QStringLiteral(" \u00b7 offset ") +
                                                   QString::number(m.tensor.storageOffset()),
                                               noteFm, 0, 0));
        };
        caption(model);
        for (const auto& companion : model.companions) {
            g.companionGrids.push_back(compute(companion, theme));
            caption(companion);
            const double width = std::max({g.companionGrids.back().gridArea.width(),
                                           g.gridCaptions.back().rect.width(),
                                           g.gridCaptionLines.back().rect.width()});
            g.companionOrigins.push_back(QPointF(x, 0));
            x += width + s(44);
            companionsRight = x - s(44);
        }
        // The primary's caption may be wider than its grid: push the others right.
        const double primaryWidth = std::max({g.gridArea.width(), g.gridCaptions.front().rect.width(),
                                              g.gridCaptionLines.front().rect.width()});
        const double shift = std::max(0.0, g.margin + primaryWidth + s(44) - g.companionOrigins.front().x());
        for (auto& origin : g.companionOrigins)
            origin.rx() += shift;
        companionsRight += shift;
    }

    // ---- texts whose width matters ----
    // The title wraps (never cut): at 1400 px, or at the figure's width once that is known.
    g.title = place(model.title, titleFm, g.margin, 0);
    if (g.title.rect.width() > s(1400))
        g.title.rect = titleFm.boundingRect(QRectF(g.margin, 0, s(1400), 1e6), Qt::TextWordWrap, model.title);
    g.layoutLine = place(model.layoutLine, captionFm, g.margin, 0);
    g.storageLine = place(g.showAddresses ? model.storageLine : QString(), captionFm, g.margin, 0);
    if (!g.showAddresses)
        g.storageLine.rect.setHeight(0);
    g.showLegend = figure.showLegend();
    g.stripHeading = place(DiagramText::tr("Storage"), headingFm, g.margin, 0);
    g.rampFirst = place(DiagramText::tr("first"), noteFm, 0, 0);
    g.rampLast = place(DiagramText::tr("last logical element"), noteFm, 0, 0);
    {
        const QString dot = QStringLiteral(" \u00b7 ");
        const QString notReached = DiagramText::tr("grey: not reached");
        QString subtitle;
        switch (model.detail) {
        case StripDetail::Full:
        case StripDetail::Compact:
            subtitle = notReached + dot + DiagramText::tr("ticks: 16 / 32 / 128-byte boundaries");
            break;
        case StripDetail::Tiny:
            subtitle = DiagramText::tr("one square per element") + dot + notReached;
            break;
        case StripDetail::Blocks:
            subtitle = DiagramText::tr("one square per %1 elements").arg(groupDigits(model.unitSize)) + dot +
                       notReached;
            break;
        }
        if (model.extent)
            subtitle += dot + DiagramText::tr("extent [%1, %2]")
                                  .arg(groupDigits(model.extent->lowest), groupDigits(model.extent->highest));
        g.stripSubtitle = place(subtitle, noteFm, 0, 0);
    }
    {
        const QString dot = QStringLiteral(" \u00b7 ");
        QString heading = DiagramText::tr("Logical view");
        if (rank == 0)
            heading += dot + DiagramText::tr("0-dim (one element)");
        else if (!empty)
            heading += dot + DiagramText::tr("row-major order") + dot;
        g.gridHeading = place(heading, headingFm, g.margin, 0);
    }
    double gridAxisWidth = 0; // "dim 2 → columns  dim 1 ↓ rows  dim 0 → blocks"
    if (rank >= 1 && !empty) {
        gridAxisWidth += advance(noteFm, DiagramText::columnsAxis(0, model.options.dimNames)) + s(14);
        if (rank >= 2)
            gridAxisWidth += advance(noteFm, DiagramText::rowsAxis(0, model.options.dimNames)) + s(14);
        for (int d = 0; d < rank - 2; ++d)
            gridAxisWidth += advance(noteFm, DiagramText::blocksAxis(0, true, model.options.dimNames)) + s(14);
    }
    QString focusText;
    if (model.focus && figure.showFooter())
        focusText = DiagramText::tr("focus %1").arg(model.formulaFor(*model.focus));
    g.focusLine = place(focusText, noteFm, g.margin, 0);

    double contentRight = 0;
    const bool wrapTitle = figure.clean || figure.width > 0 || !figure.title.isEmpty();
    contentRight =
        std::max({contentRight, wrapTitle ? 0.0 : g.title.rect.right(), g.layoutLine.rect.right(),
                  g.storageLine.rect.right(),
                  g.stripLeft + stripWidth + gutterWidth, g.margin + g.gridArea.width(),
                  g.gridHeading.rect.right() + gridAxisWidth, g.focusLine.rect.right()});
    const double headingRow = g.showLegend ? g.stripHeading.rect.right() + s(14) + g.rampFirst.rect.width() +
                                                 s(6) + s(90) + s(6) + g.rampLast.rect.width() + s(14) +
                                                 g.stripSubtitle.rect.width()
                                           : g.stripHeading.rect.right();
    contentRight = std::max(contentRight, std::min(headingRow, g.margin + s(1100)));
    contentRight = std::max(contentRight, companionsRight);
    if (figure.width > 0)
        contentRight = std::max(contentRight, figure.width - g.margin);
    const double contentWidth = std::max(contentRight - g.margin, figure.clean ? s(200) : s(560));
    if (wrapTitle) {
        const double titleWidth = std::max(contentWidth, s(320));
        g.title.rect = titleFm.boundingRect(QRectF(g.margin, 0, titleWidth, 1e6), Qt::TextWordWrap, model.title);
    }

    // ==== 2. Vertical placement ====
    double y = g.margin;
    if (!figure.caption) { // the page around the figure says it (a handout's step)
        g.title = place(QString(), titleFm, g.margin, 0);
        g.layoutLine = place(QString(), captionFm, g.margin, 0);
        g.title.rect.setHeight(0);
        g.layoutLine.rect.setHeight(0);
        y -= s(8);
    }
    g.title.rect.moveTop(y);
    y += g.title.rect.height() + (figure.caption ? s(4) : 0.0);
    g.layoutLine.rect.moveTop(y);
    y += g.layoutLine.rect.height() + (figure.caption ? s(2) : 0.0);
    g.storageLine.rect.moveTop(y);
    y += g.storageLine.rect.height() + s(12);
    if (!g.showLegend)
        y -= s(4);

    // Legend: one entry per dim, flowing over as many lines as needed.
    {
        double x = g.margin;
        const double lineHeight = std::max(labelFm.height(), s(14)) + s(6);
        bool any = false;
        for (int d = 0; d < (g.showLegend ? rank : 0); ++d) {
            const auto size = model.tensor.sizes()[static_cast<std::size_t>(d)];
            const auto stride = model.tensor.strides()[static_cast<std::size_t>(d)];
            QString text = DiagramText::tr("dim %1: size %2, stride %3")
                               .arg(DiagramText::dimNumber(d, model.options.dimNames))
                               .arg(size)
                               .arg(stride);
            text += QStringLiteral(" (%1 B)").arg(stride * model.itemSize);
            if (stride == 0 && size > 1)
                text += DiagramText::tr(", repeats");
            const double width = s(24) + s(6) + advance(labelFm, text);
            if (x > g.margin && x + width > g.margin + contentWidth) {
                x = g.margin;
                y += lineHeight;
            }
            LegendItem item;
            item.dim = d;
            item.swatch = QRectF(x, y + labelFm.height() / 2 - s(4), s(24), s(8));
            item.text = place(text, labelFm, x + s(30), y);
            g.legend.push_back(item);
            x += width + s(20);
            any = true;
        }
        if (any)
            y += lineHeight + s(8);
    }

    // The copy that made this storage: its source's box, the arrow down to the strip (through
    // the contiguous copy's box when there is one) and its figures beside the last hop.
    if (model.transfer) {
        const DiagramTransfer& data = *model.transfer;
        TransferGeometry t;
        const double pad = s(8);
        const double boxHeight = labelFm.height() + s(10);
        t.sourceBox = QRectF(g.margin, y, advance(labelFm, data.source) + 2 * pad, boxHeight);
        t.sourceText = place(data.source, labelFm, g.margin + pad, y + s(5));
        const double x = std::round(g.margin + s(24));
        double from = t.sourceBox.bottom();
        if (!data.contiguousNote.isEmpty()) {
            const double top = from + s(20);
            t.copyBox =
                QRectF(g.margin, top, advance(noteFm, data.contiguousNote) + 2 * pad, noteFm.height() + s(8));
            t.copyText = place(data.contiguousNote, noteFm, g.margin + pad, top + s(4));
            t.path.moveTo(x, from);
            t.path.lineTo(x, top);
            t.heads.emplace_back(QPointF(x, from), QPointF(x, top));
            from = t.copyBox.bottom();
        }
        const double hop = std::max(s(30), labelFm.height() + s(14));
        const double tip = from + hop;
        t.path.moveTo(x, from);
        t.path.lineTo(x, tip);
        t.heads.emplace_back(QPointF(x, from), QPointF(x, tip));
        t.label = place(data.arrowLabel, labelFm, x + s(10), from + (hop - labelFm.height()) / 2);
        t.destination = place(data.destination, noteFm, t.label.rect.right() + s(12),
                              t.label.rect.center().y() - noteFm.height() / 2);
        y = tip + s(4);
        g.transfer = std::move(t);
    }

    // Storage heading line: "Storage  first [ramp] last logical element  grey: …".
    g.stripHeading.rect.moveTop(y);
    {
        const double mid = y + headingFm.height() / 2;
        double x = g.stripHeading.rect.right() + s(14);
        g.rampFirst.rect.moveTopLeft(QPointF(x, mid - noteFm.height() / 2));
        x = g.rampFirst.rect.right() + s(6);
        g.rampKey = QRectF(x, mid - s(5), s(90), s(10));
        x = g.rampKey.right() + s(6);
        g.rampLast.rect.moveTopLeft(QPointF(x, mid - noteFm.height() / 2));
        x = g.rampLast.rect.right() + s(14);
        if (!g.showLegend) {
            y += headingFm.height();
        } else if (x + g.stripSubtitle.rect.width() > g.margin + contentWidth) { // wrap under the heading
            y += headingFm.height() + s(2);
            g.stripSubtitle.rect.moveTopLeft(QPointF(g.margin, y));
            y += noteFm.height();
        } else {
            g.stripSubtitle.rect.moveTopLeft(QPointF(x, mid - noteFm.height() / 2));
            y += headingFm.height();
        }
    }
    y += s(4);

    // Strip rows: band above (arrows, flag), cells, band below (ticks, bracket), lanes.
    const bool tiny = model.detail == StripDetail::Tiny || model.detail == StripDetail::Blocks;
    const bool flagAbove = model.detail != StripDetail::Full;
    const double baseBand = model.detail == StripDetail::Full ? s(14) : tiny ? s(4) : s(10);
    std::vector<double> band(static_cast<std::size_t>(g.rowCount), baseBand);
    const auto offsetUnit = model.unitOf(model.tensor.defined() ? model.tensor.storageOffset() : -1);
    if (flagAbove && offsetUnit >= 0) // room for the flag above small cells
        band[static_cast<std::size_t>(g.rowOfUnit(offsetUnit))] = std::max(baseBand, s(22));
    for (const auto& plan : plans) {
        auto& source = band[static_cast<std::size_t>(plan.fromRow)];
        source = std::max(source, plan.height + labelHeight / 2 + s(6));
        if (plan.crossRow) {
            auto& target = band[static_cast<std::size_t>(plan.toRow)];
            target = std::max(target, plan.arrival + s(6));
        }
    }
    // Without ticks and bracket only the offset flag hangs under the cells: a thin band under
    // every row, and the flag's room added above the next row alone.
    double flagRoom = 0;
    if (!g.showAddresses && model.detail == StripDetail::Full && g.laneCount == 0) {
        const double full = g.markerBand;
        g.markerBand = s(6);
        if (offsetUnit >= 0) {
            const auto next = static_cast<std::size_t>(g.rowOfUnit(offsetUnit) + 1);
            if (next < band.size())
                band[next] += full - g.markerBand;
            else
                flagRoom = full - g.markerBand;
        }
    }
    if (!g.showAddresses && model.detail == StripDetail::Compact)
        g.markerBand = s(4); // the flag stands above compact cells: nothing hangs below
    const double lanesHeight = g.laneCount > 0 ? s(4) + g.laneCount * (g.laneHeight + g.laneGap) : 0.0;
    for (int row = 0; row < g.rowCount; ++row) {
        y += band[static_cast<std::size_t>(row)];
        y = std::round(y);
        g.rowTop.push_back(y);
        y += g.cellHeight + g.markerBand + lanesHeight + s(4);
    }
    y += flagRoom;
    if (g.rowCount == 0)
        y += s(24); // an empty storage: the painter writes a note here
    y += s(14);

    // Arrow paths, now that the rows have their places.
    const double stripRight = g.stripLeft + stripWidth;
    const double corner = s(6);
    for (const auto& plan : plans) {
        const auto& arrow = model.arrows[plan.model];
        ArrowGeometry a;
        a.dim = arrow.dim;
        a.loop = plan.loop;
        a.crossRow = plan.crossRow;
        a.label = DiagramText::tr("dim %1: %2")
                      .arg(DiagramText::dimNumber(arrow.dim, model.options.dimNames), strideText(arrow.stride));
        if (model.options.byteMode)
            a.label += QStringLiteral(" (%1 B)").arg(strideText(arrow.stride * model.itemSize));
        const QRectF source = g.unitRect(plan.from);
        const QRectF target = g.unitRect(plan.to);
        const double h = plan.height;
        QPointF apex;
        if (plan.loop) {
            // A loop on the left part of the cell, leaning left, labelled on its left.
            const double cx = source.left() + source.width() * 0.32;
            const double half = std::max(s(2), source.width() * 0.16);
            const double top = source.top();
            a.start = QPointF(cx - half, top + 1);
            a.end = QPointF(cx + half, top + 1);
            const double lift = h * 4.0 / 3.0;
            const double bulge = std::max(s(12), source.width() * 0.4);
            const QPointF c1(cx - half - bulge * 1.6, top - lift), c2(cx + half + bulge * 0.4, top - lift);
            a.path.moveTo(a.start);
            a.path.cubicTo(c1, c2, a.end);
            a.headFrom = a.path.pointAtPercent(0.9);
            const QRectF bounds = a.path.boundingRect();
            apex = QPointF(bounds.left(), top - h);
        } else if (!plan.crossRow) {
            const double top = source.top();
            const double x0 = source.left() + source.width() * plan.startX, x1 = target.center().x();
            a.start = QPointF(x0, top + 1);
            a.end = QPointF(x1, top + 1);
            const double lift = h * 4.0 / 3.0;
            a.path.moveTo(a.start);
            a.path.cubicTo(QPointF(x0, top - lift), QPointF(x1, top - lift), a.end);
            a.headFrom = a.path.pointAtPercent(0.92);
            apex = QPointF((x0 + x1) / 2, top - h);
        } else {
            // Leave the row upwards, run to the gutter right of the strip, follow it to the
            // target row and come in from above: a wire that never crosses a cell.
            const double x0 = source.left() + source.width() * plan.startX, x1 = target.center().x();
            const double ys = source.top() - h, yt = target.top() - plan.arrival;
            const double gx = stripRight + s(12) + plan.gutter * s(10);
            const double dir = yt > ys ? 1.0 : -1.0;
            a.start = QPointF(x0, source.top() + 1);
            a.end = QPointF(x1, target.top() + 1);
            a.path.moveTo(a.start);
            a.path.lineTo(x0, ys + corner);
            a.path.quadTo(x0, ys, x0 + corner, ys);
            a.path.lineTo(gx - corner, ys);
            a.path.quadTo(gx, ys, gx, ys + dir * corner);
            a.path.lineTo(gx, yt - dir * corner);
            a.path.quadTo(gx, yt, gx - corner, yt);
            a.path.lineTo(x1 + corner, yt);
            a.path.quadTo(x1, yt, x1, yt + corner);
            a.path.lineTo(a.end);
            a.headFrom = QPointF(x1, yt + corner);
            apex = QPointF((x0 + stripRight) / 2, ys);
        }
        const double labelWidth = advance(labelFm, a.label) + s(10);
        a.labelRect = QRectF(apex.x() - labelWidth / 2, apex.y() - labelHeight / 2, labelWidth, labelHeight);
        if (plan.loop)
            a.labelRect.moveRight(apex.x() - s(3));
        if (a.labelRect.left() < g.margin)
            a.labelRect.moveLeft(g.margin);
        g.arrows.push_back(std::move(a));
    }

    // The source storage of a copying index: its heading, then its cells in rows.
    if (model.gathered) {
        g.gatheredHeading = place(model.gathered->heading, noteFm, g.margin, y);
        y = std::round(y + g.gatheredHeading.rect.height() + s(4));
        double widest = 0;
        for (const QString& value : model.gathered->values)
            widest = std::max(widest, advance(smallFm, value));
        const double cellW = std::clamp(widest + s(8), s(26), s(64)), cellH = smallFm.height() * 2 + s(4);
        const double gap = s(2);
        const double available = std::max(contentWidth, cellW);
        const int perRow = std::max(1, static_cast<int>((available + gap) / (cellW + gap)));
        const auto count = static_cast<int>(model.gathered->values.size());
        for (int i = 0; i < count; ++i)
            g.gatheredCells.emplace_back(g.margin + (i % perRow) * (cellW + gap), y + (i / perRow) * (cellH + gap),
                                         cellW, cellH);
        const int rows = (count + perRow - 1) / perRow;
        y = std::round(y + rows * (cellH + gap) + s(14));
    }

    // Logical grid.
    g.gridHeading.rect.moveTop(y);
    y += headingFm.height() + s(10);
    y = std::round(y);
    double gridsHeight = g.gridArea.height();
    if (!g.gridCaptions.empty()) {
        const double captionTop = y;
        for (std::size_t i = 0; i < g.gridCaptions.size(); ++i) {
            const double x = i == 0 ? g.margin : g.companionOrigins[i - 1].x();
            g.gridCaptions[i].rect.moveTopLeft(QPointF(x, captionTop));
            g.gridCaptionLines[i].rect.moveTopLeft(QPointF(x, g.gridCaptions[i].rect.bottom()));
        }
        y = std::round(g.gridCaptionLines.front().rect.bottom() + s(8));
        for (std::size_t i = 0; i < g.companionGrids.size(); ++i) {
            g.companionOrigins[i].setY(y);
            gridsHeight = std::max(gridsHeight, g.companionGrids[i].gridArea.height());
        }
    }
    g.gridArea.moveTopLeft(QPointF(g.margin, y));
    if (empty)
        g.emptyNote = g.gridArea;
    g.m_gridOrigin = g.gridArea.topLeft();
    y += gridsHeight + s(16);

    // Focus line and notes.
    if (!focusText.isEmpty()) {
        g.focusLine.rect.moveTop(y);
        y += g.focusLine.rect.height() + s(6);
    }
    const double noteWidth = std::max(contentWidth, s(560));
    for (const auto& note : figure.showFooter() ? model.notes : QStringList()) {
        const QRectF bounds =
            noteFm.boundingRect(QRectF(g.margin, y, noteWidth, 1e6), Qt::TextWordWrap, note);
        g.notes.push_back({note, QRectF(g.margin, y, noteWidth, bounds.height())});
        y += bounds.height() + s(3);
    }
    y += g.margin - s(4);

    double right = g.margin + contentWidth;
    for (const auto& arrow : g.arrows)
        right = std::max(right, arrow.labelRect.right());
    for (const auto& item : g.legend)
        right = std::max(right, item.text.rect.right());
    right = std::max(right, g.gatheredHeading.rect.right());
    if (g.transfer)
        right = std::max(right, g.transfer->bounds().right());
    g.size = QSizeF(std::ceil(right + g.margin), std::ceil(y));
    return g;
}

QRectF TransferGeometry::bounds() const {
    return sourceBox.united(copyBox).united(label.rect).united(destination.rect).united(path.boundingRect());
}

QRectF DiagramGeometry::unitRect(std::int64_t unit) const {
    if (unit < 0 || unit >= unitCount)
        return {};
    const auto row = static_cast<std::size_t>(unit / cellsPerRow);
    const auto column = unit % cellsPerRow;
    return QRectF(stripLeft + static_cast<double>(column) * (cellWidth + cellGap), rowTop[row], cellWidth,
                  cellHeight);
}

QRectF DiagramGeometry::cellRect(std::int64_t storageIndex) const {
    if (storageIndex < m_stripFirst || storageIndex >= m_stripEnd)
        return {};
    return unitRect((storageIndex - m_stripFirst) / m_unitSize);
}

QRectF DiagramGeometry::laneRect(int lane, int row) const {
    if (lane < 0 || lane >= laneCount || row < 0 || row >= rowCount)
        return {};
    const double y =
        rowTop[static_cast<std::size_t>(row)] + cellHeight + markerBand + lane * (laneHeight + laneGap);
    return QRectF(stripLeft, y, cellsPerRow * (cellWidth + cellGap) - cellGap, laneHeight);
}

QRectF DiagramGeometry::laneCellRect(int lane, std::int64_t unit) const {
    const QRectF cell = unitRect(unit);
    const QRectF track = laneRect(lane, cell.isNull() ? -1 : rowOfUnit(unit));
    if (cell.isNull() || track.isNull())
        return {};
    return QRectF(cell.left(), track.top(), cell.width(), track.height());
}

QRectF DiagramGeometry::gridBlockRect(const std::vector<std::int64_t>& leadingSlots) const {
    if (leadingSlots.size() != gridLevels.size() || gridBlockSize.isEmpty())
        return {};
    QPointF origin = m_gridOrigin;
    for (std::size_t k = 0; k < gridLevels.size(); ++k) {
        const auto& level = gridLevels[k];
        const auto slot = leadingSlots[k];
        if (slot < 0 || slot >= static_cast<std::int64_t>(level.offsets.size()))
            return {};
        (level.horizontal ? origin.rx() : origin.ry()) += level.offsets[static_cast<std::size_t>(slot)];
    }
    return QRectF(origin, gridBlockSize);
}

QRectF DiagramGeometry::gridBlockCells(const std::vector<std::int64_t>& leadingSlots) const {
    const QRectF block = gridBlockRect(leadingSlots);
    if (block.isNull())
        return {};
    return QRectF(block.left() + gridRowHeader, block.top() + gridBlockLabel + gridColHeader,
                  span(colOffsets, colExtents), span(rowOffsets, rowExtents));
}

QRectF DiagramGeometry::gridCellRectBySlots(const std::vector<std::int64_t>& slotPositions) const {
    const auto rank = m_slots.size();
    if (slotPositions.size() != rank || colOffsets.empty())
        return {};
    const std::size_t leading = rank >= 2 ? rank - 2 : 0;
    const std::vector<std::int64_t> lead(slotPositions.begin(),
                                         slotPositions.begin() + static_cast<std::ptrdiff_t>(leading));
    const QRectF cells = gridBlockCells(lead);
    if (cells.isNull())
        return {};
    const std::int64_t column = rank >= 1 ? slotPositions[rank - 1] : 0;
    const std::int64_t row = rank >= 2 ? slotPositions[rank - 2] : 0;
    if (column < 0 || column >= static_cast<std::int64_t>(colOffsets.size()) || row < 0 ||
        row >= static_cast<std::int64_t>(rowOffsets.size()))
        return {};
    return QRectF(cells.left() + colOffsets[static_cast<std::size_t>(column)],
                  cells.top() + rowOffsets[static_cast<std::size_t>(row)],
                  colExtents[static_cast<std::size_t>(column)], rowExtents[static_cast<std::size_t>(row)]);
}

QRectF DiagramGeometry::gridCellRect(const Shape& index) const {
    if (index.size() != m_slots.size())
        return {};
    std::vector<std::int64_t> positions(index.size());
    for (std::size_t d = 0; d < index.size(); ++d) {
        const auto& gridSlots = m_slots[d];
        const auto it = std::find(gridSlots.begin(), gridSlots.end(), index[d]);
        if (index[d] < 0 || it == gridSlots.end())
            return {};
        positions[d] = it - gridSlots.begin();
    }
    return gridCellRectBySlots(positions);
}

const ArrowGeometry* DiagramGeometry::arrowPath(int dim) const {
    for (const auto& arrow : arrows)
        if (arrow.dim == dim)
            return &arrow;
    return nullptr;
}

DiagramHit DiagramGeometry::hitTest(const QPointF& point) const {
    DiagramHit hit;
    // Storage strip: the row by its top, then the column by arithmetic.
    const double pitch = cellWidth + cellGap;
    for (int row = 0; row < rowCount; ++row) {
        const double top = rowTop[static_cast<std::size_t>(row)];
        if (point.y() < top || point.y() > top + cellHeight)
            continue;
        const double dx = point.x() - stripLeft;
        if (dx < 0)
            break;
        const auto column = static_cast<std::int64_t>(dx / pitch);
        if (column >= cellsPerRow || dx - static_cast<double>(column) * pitch > cellWidth)
            break;
        const auto unit = static_cast<std::int64_t>(row) * cellsPerRow + column;
        if (unit >= unitCount)
            break;
        hit.kind = DiagramHit::Kind::StorageCell;
        hit.unit = unit;
        hit.storageIndex = m_stripFirst + unit * m_unitSize;
        return hit;
    }
    // Logical grid: find the block, then the slot along each axis.
    if (colOffsets.empty() || !gridArea.contains(point))
        return hit;
    const auto rank = m_slots.size();
    const std::size_t leading = rank >= 2 ? rank - 2 : 0;
    std::vector<std::int64_t> lead(leading, 0);
    auto slotAt = [](const std::vector<double>& offsets, const std::vector<double>& extents,
                     double at) -> std::int64_t {
        for (std::size_t i = 0; i < offsets.size(); ++i)
            if (at >= offsets[i] && at <= offsets[i] + extents[i])
                return static_cast<std::int64_t>(i);
        return -1;
    };
    for (std::size_t k = 0; k < gridLevels.size(); ++k) {
        // Offsets are relative to the grid origin, summed over levels: subtract the outer ones.
        const auto& level = gridLevels[k];
        double at = level.horizontal ? point.x() - m_gridOrigin.x() : point.y() - m_gridOrigin.y();
        for (std::size_t j = 0; j < k; ++j)
            if (gridLevels[j].horizontal == level.horizontal)
                at -= gridLevels[j].offsets[static_cast<std::size_t>(lead[j])];
        lead[k] = slotAt(level.offsets, level.extents, at);
        if (lead[k] < 0 || m_slots[k][static_cast<std::size_t>(lead[k])] < 0)
            return hit;
    }
    const QRectF cells = gridBlockCells(lead);
    if (cells.isNull() || !cells.contains(point))
        return hit;
    const auto column = slotAt(colOffsets, colExtents, point.x() - cells.left());
    const auto row = slotAt(rowOffsets, rowExtents, point.y() - cells.top());
    if (column < 0 || row < 0)
        return hit;
    Shape index(rank, 0);
    for (std::size_t d = 0; d < leading; ++d)
        index[d] = m_slots[d][static_cast<std::size_t>(lead[d])];
    if (rank >= 1)
        index[rank - 1] = m_slots[rank - 1][static_cast<std::size_t>(column)];
    if (rank >= 2)
        index[rank - 2] = m_slots[rank - 2][static_cast<std::size_t>(row)];
    for (const auto i : index)
        if (i < 0)
            return hit; // an ellipsis slot
    hit.kind = DiagramHit::Kind::GridCell;
    hit.index = index;
    hit.storageIndex = storageIndexOf(m_layout, index);
    return hit;
}

} // namespace stridescope::app
