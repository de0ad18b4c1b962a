#include "app/diagram/DiagramPainter.h"

#include "app/diagram/DiagramOrderPattern.h"
#include "app/diagram/DiagramText.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace stridescope::app {

namespace {

QColor mix(const QColor& a, const QColor& b, double t) {
    t = std::clamp(t, 0.0, 1.0);
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
}

// Draws text runs of different colours one after the other from `origin` (a baseline-free
// top-left); returns the x after the last run.
struct Run {
    QString text;
    QColor color;
};
double drawRuns(QPainter& painter, const QFont& font, QPointF origin, double height,
                const std::vector<Run>& runs) {
    const QFontMetricsF metrics(font);
    painter.setFont(font);
    double x = origin.x();
    for (const auto& run : runs) {
        const double width = metrics.horizontalAdvance(run.text);
        // Spaces at a run's ends become positions, not text: SVG viewers often drop them.
        const QString trimmed = run.text.trimmed();
        const qsizetype leading = run.text.indexOf(trimmed);
        const double indent = leading > 0 ? metrics.horizontalAdvance(run.text.left(leading)) : 0.0;
        painter.setPen(run.color);
        painter.drawText(QRectF(x + indent, origin.y(), width - indent + 1, height),
                         Qt::AlignLeft | Qt::AlignVCenter, trimmed);
        x += width;
    }
    return x;
}

} // namespace

DiagramPainter::DiagramPainter(const DiagramModel& model, const DiagramGeometry& geometry,
                               const DiagramTheme& theme)
    : m_model(model), m_geometry(geometry), m_theme(theme) {}

double DiagramPainter::orderShare(std::int64_t order) const {
    return m_model.numel > 1 ? static_cast<double>(order) / static_cast<double>(m_model.numel - 1) : 0.0;
}

QColor DiagramPainter::unitFill(std::int64_t unit) const {
    if (unit < 0 || unit >= m_model.unitCount())
        return m_theme.background;
    const auto& u = m_model.units[static_cast<std::size_t>(unit)];
    if (u.firstOrder < 0 || !(u.reached > 0.0F))
        return m_theme.unreachedFill;
    const QColor ramp = m_theme.rampColor(orderShare(u.firstOrder));
    if (m_model.detail != StripDetail::Blocks)
        return ramp;
    // A block shows how much of it the view reaches: a faint tint for a few elements (the
    // square root keeps a sparse view visible without making it look dense).
    return mix(m_theme.unreachedFill, ramp, 0.3 + 0.7 * std::sqrt(static_cast<double>(u.reached)));
}

QColor DiagramPainter::gridCellFill(const GridCell& cell) const {
    // A companion grid takes the colour of the strip cell it reads, so that the eye follows
    // each of its cells down to storage; where the primary does not reach, its own order.
    if (m_colourSource && m_colourSource->m_model.itemSize == m_model.itemSize &&
        m_colourSource->m_model.tensor.sharesStorageWith(m_model.tensor)) {
        const auto unit = m_colourSource->m_model.unitOf(cell.storageIndex);
        const auto& units = m_colourSource->m_model.units;
        if (unit >= 0 && units[static_cast<std::size_t>(unit)].firstOrder >= 0)
            return m_colourSource->unitFill(unit);
    }
    return m_theme.rampColor(orderShare(cell.order));
}

void DiagramPainter::paint(QPainter& painter, const QRectF& exposedRect,
                           const DiagramHighlight& highlight) const {
    const QRectF exposed = exposedRect.isNull() ? QRectF(QPointF(0, 0), m_geometry.size) : exposedRect;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    if (!m_model.options.figure.transparent)
        painter.fillRect(exposed, m_theme.background);
    if (!m_model.tensor.defined()) {
        painter.setFont(m_theme.noteFont());
        painter.setPen(m_theme.mutedInk);
        painter.drawText(m_geometry.title.rect, Qt::AlignLeft | Qt::AlignVCenter, m_geometry.title.text);
        painter.restore();
        return;
    }
    paintCaption(painter);
    paintTransfer(painter);
    paintStripHeading(painter);
    paintStrip(painter, exposed);
    paintMarkers(painter);
    paintLanes(painter, exposed);
    paintGathered(painter);
    paintGrid(painter, exposed);
    paintCompanions(painter);
    paintArrows(painter);
    paintFocus(painter);
    paintHighlight(painter, highlight);
    paintFooter(painter, highlight);
    painter.restore();
}

void DiagramPainter::paintCaption(QPainter& painter) const {
    const auto& g = m_geometry;
    painter.setPen(m_theme.ink);
    painter.setFont(m_theme.titleFont());
    painter.drawText(g.title.rect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, g.title.text);
    painter.setFont(m_theme.captionFont());
    painter.drawText(g.layoutLine.rect, Qt::AlignLeft | Qt::AlignVCenter, g.layoutLine.text);
    painter.setPen(m_theme.mutedInk);
    if (!g.storageLine.text.isEmpty())
        painter.drawText(g.storageLine.rect, Qt::AlignLeft | Qt::AlignVCenter, g.storageLine.text);

    // Legend: a short arrow in each dim's colour.
    const double width = m_theme.arrowWidth;
    for (const auto& item : g.legend) {
        const QColor color = m_theme.dimColor(item.dim);
        const double y = item.swatch.center().y();
        const QPointF tip(item.swatch.right(), y);
        painter.setPen(QPen(color, width, Qt::SolidLine, Qt::RoundCap));
        painter.drawLine(QPointF(item.swatch.left(), y), tip - QPointF(m_theme.px(3), 0));
        painter.setPen(Qt::NoPen);
        painter.setBrush(color);
        painter.drawPolygon(DiagramGeometry::arrowHead(QPointF(item.swatch.left(), y), tip, m_theme.px(7)));
        painter.setBrush(Qt::NoBrush);
        painter.setFont(m_theme.labelFont());
        painter.setPen(color);
        painter.drawText(item.text.rect, Qt::AlignLeft | Qt::AlignVCenter, item.text.text);
    }
}

// The copy between devices that made the storage: the source storage's box (solid, as a storage),
// the contiguous copy's box (dashed: a temporary), the arrow down to the strip and its figures.
void DiagramPainter::paintTransfer(QPainter& painter) const {
    if (!m_geometry.transfer)
        return;
    const TransferGeometry& t = *m_geometry.transfer;
    painter.save();
    painter.setPen(QPen(m_theme.cellBorder, m_theme.px(1)));
    painter.setBrush(m_theme.laneTrack);
    painter.drawRoundedRect(t.sourceBox, m_theme.px(3), m_theme.px(3));
    painter.setFont(m_theme.labelFont());
    painter.setPen(m_theme.ink);
    painter.drawText(t.sourceText.rect, Qt::AlignLeft | Qt::AlignVCenter, t.sourceText.text);
    if (!t.copyBox.isNull()) {
        painter.setPen(QPen(m_theme.mutedInk, m_theme.px(1), Qt::DashLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(t.copyBox, m_theme.px(3), m_theme.px(3));
        painter.setFont(m_theme.noteFont());
        painter.setPen(m_theme.mutedInk);
        painter.drawText(t.copyText.rect, Qt::AlignLeft | Qt::AlignVCenter, t.copyText.text);
    }
    const double head = m_theme.px(7);
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(m_theme.ink, m_theme.arrowWidth, Qt::SolidLine, Qt::RoundCap));
    // Each hop stops short of its tip so that the line does not poke through the head.
    for (const auto& [from, tip] : t.heads) {
        const QPointF back = tip - QPointF(0, head * 0.6);
        painter.drawLine(from, back.y() > from.y() ? back : from);
    }
    painter.setPen(Qt::NoPen);
    painter.setBrush(m_theme.ink);
    for (const auto& [from, tip] : t.heads)
        painter.drawPolygon(DiagramGeometry::arrowHead(from, tip, head));
    painter.setFont(m_theme.labelFont());
    painter.setPen(m_theme.ink);
    painter.drawText(t.label.rect, Qt::AlignLeft | Qt::AlignVCenter, t.label.text);
    painter.setFont(m_theme.noteFont());
    painter.setPen(m_theme.mutedInk);
    painter.drawText(t.destination.rect, Qt::AlignLeft | Qt::AlignVCenter, t.destination.text);
    painter.restore();
}

void DiagramPainter::paintStripHeading(QPainter& painter) const {
    const auto& g = m_geometry;
    painter.setPen(m_theme.ink);
    painter.setFont(m_theme.headingFont());
    painter.drawText(g.stripHeading.rect, Qt::AlignLeft | Qt::AlignVCenter, g.stripHeading.text);
    if (!g.showLegend)
        return;
    painter.setFont(m_theme.noteFont());
    painter.setPen(m_theme.mutedInk);
    painter.drawText(g.rampFirst.rect, Qt::AlignLeft | Qt::AlignVCenter, g.rampFirst.text);
    painter.drawText(g.rampLast.rect, Qt::AlignLeft | Qt::AlignVCenter, g.rampLast.text);
    painter.drawText(g.stripSubtitle.rect, Qt::AlignLeft | Qt::AlignVCenter, g.stripSubtitle.text);
    QLinearGradient gradient(g.rampKey.topLeft(), g.rampKey.topRight());
    const auto stops = m_theme.orderRamp.size();
    for (std::size_t i = 0; i < stops; ++i)
        gradient.setColorAt(stops > 1 ? static_cast<double>(i) / static_cast<double>(stops - 1) : 0.0,
                            m_theme.orderRamp[i]);
    painter.setPen(QPen(m_theme.cellBorder, m_theme.lineWidth * 0.8));
    painter.setBrush(gradient);
    painter.drawRect(g.rampKey);
    painter.setBrush(Qt::NoBrush);
}

void DiagramPainter::paintStrip(QPainter& painter, const QRectF& exposed) const {
    const auto& g = m_geometry;
    const auto& model = m_model;
    if (g.rowCount == 0) {
        painter.setFont(m_theme.noteFont());
        painter.setPen(m_theme.mutedInk);
        painter.drawText(QRectF(g.stripLeft, g.stripHeading.rect.bottom() + m_theme.px(8), m_theme.px(400),
                                m_theme.px(20)),
                         Qt::AlignLeft | Qt::AlignVCenter, DiagramText::tr("the storage has no elements"));
        return;
    }
    const QFont smallFont = m_theme.smallFont();
    const QFont valueFont = m_theme.valueFont();
    const QFontMetricsF smallMetrics(smallFont);
    const bool outlined = model.detail == StripDetail::Full || model.detail == StripDetail::Compact;
    const QPen border(m_theme.cellBorder, m_theme.lineWidth);
    const QPen faintBorder(m_theme.faintLine, m_theme.lineWidth);
    const double rowHeight =
        g.cellHeight + g.markerBand + g.laneCount * (g.laneHeight + g.laneGap) + m_theme.px(4);

    for (int row = 0; row < g.rowCount; ++row) {
        const double top = g.rowTop[static_cast<std::size_t>(row)];
        if (top > exposed.bottom() || top + rowHeight < exposed.top() - m_theme.px(200))
            continue;
        const auto firstUnit = static_cast<std::int64_t>(row) * g.cellsPerRow;
        const auto lastUnit = std::min(g.unitCount, firstUnit + g.cellsPerRow);
        // Address of the row's first element.
        const auto firstElement = model.unitFirst(firstUnit);
        const auto address = model.baseAddress + static_cast<std::uint64_t>(firstElement) *
                                                     static_cast<std::uint64_t>(model.itemSize);
        if (g.showAddresses) {
            painter.setFont(smallFont);
            painter.setPen(m_theme.mutedInk);
            painter.drawText(QRectF(g.margin, top, g.addressRight - g.margin, g.cellHeight),
                             Qt::AlignRight | Qt::AlignVCenter, hexAddress(address));
        }

        for (auto unit = firstUnit; unit < lastUnit; ++unit) {
            const QRectF rect = g.unitRect(unit);
            const auto& u = model.units[static_cast<std::size_t>(unit)];
            const QColor fill = unitFill(unit);
            const bool reached = u.firstOrder >= 0 && u.reached > 0.0F;
            if (outlined) {
                painter.setPen(reached ? border : faintBorder);
                painter.setBrush(fill);
                painter.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5));
                painter.setBrush(Qt::NoBrush);
            } else {
                painter.fillRect(rect, fill);
                paintOrderPattern(painter, rect, model, m_theme, unit); // blocks: logical order inside
            }
            if (!g.showCellText)
                continue;
            const QColor text = reached ? m_theme.textOn(fill) : m_theme.unreachedText;
            const auto element = model.unitFirst(unit);
            if (g.showCellIndex) {
                painter.setFont(smallFont);
                QColor indexColor = text;
                if (reached)
                    indexColor.setAlphaF(0.72F);
                painter.setPen(indexColor);
                const QString index =
                    QString::number(model.options.byteMode ? element * model.itemSize : element);
                painter.drawText(QRectF(rect.left() + m_theme.px(4), rect.top() + m_theme.px(2), rect.width(),
                                        smallMetrics.height()),
                                 Qt::AlignLeft | Qt::AlignVCenter, index);
                painter.setFont(valueFont);
                painter.setPen(text);
                painter.drawText(QRectF(rect.left(), rect.top() + smallMetrics.height(), rect.width(),
                                        rect.height() - smallMetrics.height()),
                                 Qt::AlignCenter, u.value);
            } else {
                const QString label = model.unitLabel(unit);
                if (label.isEmpty())
                    continue;
                painter.setFont(model.detail == StripDetail::Full ? valueFont : smallFont);
                painter.setPen(text);
                painter.drawText(rect, Qt::AlignCenter, label);
            }
        }

        // Alignment ticks under the cells: longer for coarser boundaries.
        if (outlined && g.showAddresses) {
            painter.setPen(QPen(m_theme.mutedInk, m_theme.lineWidth));
            const double bottom = top + g.cellHeight;
            for (auto unit = firstUnit; unit < lastUnit; ++unit) {
                const auto element = model.unitFirst(unit);
                const auto byte = model.baseAddress + static_cast<std::uint64_t>(element) *
                                                          static_cast<std::uint64_t>(model.itemSize);
                const double length = byte % 128 == 0 ? 9 : byte % 32 == 0 ? 6 : byte % 16 == 0 ? 3 : 0;
                if (length == 0)
                    continue;
                const double x = g.unitRect(unit).left() - g.cellGap / 2;
                painter.drawLine(QPointF(x, bottom + m_theme.px(1)),
                                 QPointF(x, bottom + m_theme.px(1 + length)));
            }
        }

        // Fan-in badges: how many logical elements read this one.
        if (model.maxFanIn > 1 && model.detail != StripDetail::Blocks) {
            painter.setFont(smallFont);
            for (auto unit = firstUnit; unit < lastUnit; ++unit) {
                const auto& u = model.units[static_cast<std::size_t>(unit)];
                if (u.fanIn < 2)
                    continue;
                const QRectF rect = g.unitRect(unit);
                painter.setPen(Qt::NoPen);
                painter.setBrush(m_theme.badgeFill);
                if (model.detail == StripDetail::Full) {
                    const QString text = QStringLiteral("\u00d7") + QString::number(u.fanIn);
                    const double width = smallMetrics.horizontalAdvance(text) + m_theme.px(6);
                    const QRectF badge(rect.right() - width - m_theme.px(1.5), rect.top() + m_theme.px(1.5),
                                       width, smallMetrics.height());
                    painter.drawRoundedRect(badge, m_theme.px(4), m_theme.px(4));
                    painter.setPen(m_theme.badgeText);
                    painter.drawText(badge, Qt::AlignCenter, text);
                } else {
                    const double r = std::max(2.0, rect.width() * 0.16);
                    painter.drawEllipse(QPointF(rect.right() - r - 1, rect.top() + r + 1), r, r);
                }
                painter.setBrush(Qt::NoBrush);
            }
        }
    }
}

void DiagramPainter::paintMarkers(QPainter& painter) const {
    const auto& g = m_geometry;
    const auto& model = m_model;
    if (!model.tensor.defined() || g.rowCount == 0)
        return;
    const QFont smallFont = m_theme.smallFont();
    const QFontMetricsF smallMetrics(smallFont);
    // Full cells get a labelled bracket with hooks and the flag below them; compact cells a
    // bracket with hooks; smaller ones a plain underline, and the flag above.
    const bool labelled = model.detail == StripDetail::Full;
    const bool hooked = labelled || model.detail == StripDetail::Compact;

    // Extent bracket under the reached range, one segment per row, hooks at its two ends.
    if (model.extent && g.showAddresses) {
        const auto low = model.unitOf(model.extent->lowest);
        const auto high = model.unitOf(model.extent->highest);
        if (low >= 0 && high >= 0) {
            // Small cells get a plain underline: hooks and a label would not fit.
            const double drop = labelled ? m_theme.px(13) : hooked ? m_theme.px(11) : m_theme.px(2.5);
            const double hook = labelled ? m_theme.px(6) : hooked ? m_theme.px(4) : 0.0;
            painter.setPen(QPen(m_theme.marker,
                                hooked ? std::max(1.0, m_theme.lineWidth * 1.3) : m_theme.px(1.5),
                                Qt::SolidLine, Qt::FlatCap));
            for (int row = g.rowOfUnit(low); row <= g.rowOfUnit(high); ++row) {
                const auto rowFirst = static_cast<std::int64_t>(row) * g.cellsPerRow;
                const auto rowLast = std::min(g.unitCount, rowFirst + g.cellsPerRow) - 1;
                const QRectF from = g.unitRect(std::max(low, rowFirst));
                const QRectF to = g.unitRect(std::min(high, rowLast));
                const double y = from.bottom() + drop;
                const double x0 = from.left() + m_theme.px(1), x1 = to.right() - m_theme.px(1);
                painter.drawLine(QPointF(x0, y), QPointF(x1, y));
                if (hook > 0 && std::max(low, rowFirst) == low)
                    painter.drawLine(QPointF(x0, y), QPointF(x0, y - hook));
                if (hook > 0 && std::min(high, rowLast) == high)
                    painter.drawLine(QPointF(x1, y), QPointF(x1, y - hook));
            }
            if (labelled) {
                const QRectF from = g.unitRect(low);
                const QString text =
                    DiagramText::tr("extent %1")
                        .arg(QString::number(model.extent->lowest) + QStringLiteral("\u2026") +
                             QString::number(model.extent->highest));
                const double width = smallMetrics.horizontalAdvance(text) + 2;
                // Under the bracket's start, pushed left where it would run past the strip.
                const double stripRight =
                    g.unitRect(std::min<std::int64_t>(g.cellsPerRow, g.unitCount) - 1).right();
                const double x =
                    std::max(g.stripLeft, std::min(from.left() + m_theme.px(5), stripRight - width));
                painter.setFont(smallFont);
                painter.setPen(m_theme.marker);
                painter.drawText(
                    QRectF(x, from.bottom() + drop + m_theme.px(1), width, smallMetrics.height()),
                    Qt::AlignLeft | Qt::AlignVCenter, text);
            }
        }
    }

    // storage_offset flag: a pole on the left edge of the cell, the pennant pointing left. It
    // hangs below labelled cells (clear of the arrows, beside the extent label) and stands
    // above small ones, whose band below is too thin.
    const auto offsetUnit = model.unitOf(model.tensor.storageOffset());
    if (offsetUnit >= 0) {
        const QRectF cell = g.unitRect(offsetUnit);
        const QString text = DiagramText::tr("offset %1").arg(model.tensor.storageOffset());
        const double poleX = cell.left() + m_theme.px(1);
        const double height = smallMetrics.height() + m_theme.px(1);
        const double poleTop = labelled ? cell.bottom() + m_theme.px(14) : cell.top() - m_theme.px(16);
        const double poleBase = labelled ? cell.bottom() : cell.top();
        const double poleEnd = labelled ? poleTop + height : poleTop;
        const double width = smallMetrics.horizontalAdvance(text) + m_theme.px(12);
        painter.setPen(QPen(m_theme.marker, std::max(1.0, m_theme.lineWidth * 1.3)));
        painter.drawLine(QPointF(poleX, poleBase), QPointF(poleX, poleEnd));
        // Without an address column left of the strip (a clean figure) the pennant may have no
        // room on the left: it then points right, under the cells.
        const double dir = poleX - width < m_theme.px(2) ? -1.0 : 1.0;
        const double tail = poleX - dir * width;
        QPolygonF pennant;
        pennant << QPointF(poleX, poleTop) << QPointF(tail, poleTop)
                << QPointF(tail + dir * m_theme.px(5), poleTop + height / 2) << QPointF(tail, poleTop + height)
                << QPointF(poleX, poleTop + height);
        painter.setPen(Qt::NoPen);
        painter.setBrush(m_theme.marker);
        painter.drawPolygon(pennant);
        painter.setBrush(Qt::NoBrush);
        painter.setFont(smallFont);
        painter.setPen(m_theme.markerText);
        const QRectF textRect = dir > 0 ? QRectF(tail + m_theme.px(6), poleTop, width - m_theme.px(8), height)
                                        : QRectF(poleX + m_theme.px(2), poleTop, width - m_theme.px(8), height);
        painter.drawText(textRect, Qt::AlignCenter, text);
    }
}

void DiagramPainter::paintLanes(QPainter& painter, const QRectF& exposed) const {
    const auto& g = m_geometry;
    const auto& model = m_model;
    if (model.lanes.empty())
        return;
    const QFont smallFont = m_theme.smallFont();
    for (int row = 0; row < g.rowCount; ++row) {
        const QRectF firstTrack = g.laneRect(0, row);
        if (firstTrack.top() > exposed.bottom() ||
            firstTrack.bottom() + g.laneCount * (g.laneHeight + g.laneGap) < exposed.top())
            continue;
        const auto firstUnit = static_cast<std::int64_t>(row) * g.cellsPerRow;
        const auto lastUnit = std::min(g.unitCount, firstUnit + g.cellsPerRow);
        for (int lane = 0; lane < g.laneCount; ++lane) {
            const auto& data = model.lanes[static_cast<std::size_t>(lane)];
            const QRectF track = g.laneRect(lane, row);
            QFont font = smallFont;
            font.setBold(data.primary);
            painter.setFont(font);
            painter.setPen(data.primary ? m_theme.ink : m_theme.mutedInk);
            const double labelHeight = g.laneHeight + g.laneGap;
            painter.drawText(QRectF(g.margin, track.center().y() - labelHeight / 2, g.addressRight - g.margin,
                                    labelHeight),
                             Qt::AlignRight | Qt::AlignVCenter, DiagramText::laneLabel(data));
            painter.fillRect(QRectF(track.left(), track.top(),
                                    g.unitRect(lastUnit - 1).right() - track.left(), track.height()),
                             m_theme.laneTrack);
            for (auto unit = firstUnit; unit < lastUnit; ++unit) {
                const float share = data.coverage[static_cast<std::size_t>(unit)];
                if (!(share > 0.0F))
                    continue;
                QColor color = m_theme.laneFill;
                if (model.detail == StripDetail::Blocks)
                    color = mix(m_theme.laneTrack, m_theme.laneFill,
                                0.3 + 0.7 * std::sqrt(static_cast<double>(share)));
                const QRectF mark = g.laneCellRect(lane, unit);
                painter.fillRect(mark.adjusted(0, 0, model.detail == StripDetail::Full ? 0 : g.cellGap, 0),
                                 color);
            }
        }
    }
}

// The source storage of a copying index: every cell outlined, the cells read filled in the lane
// colour, with the value and (under it) the storage index; "×n" when n elements read one cell.
void DiagramPainter::paintGathered(QPainter& painter) const {
    const auto& g = m_geometry;
    if (!m_model.gathered || g.gatheredCells.empty())
        return;
    const GatheredStrip& strip = *m_model.gathered;
    painter.setFont(m_theme.noteFont());
    painter.setPen(m_theme.ink);
    painter.drawText(g.gatheredHeading.rect, Qt::AlignLeft | Qt::AlignVCenter, g.gatheredHeading.text);
    painter.setFont(m_theme.smallFont());
    for (std::size_t i = 0; i < g.gatheredCells.size() && i < strip.reads.size(); ++i) {
        const QRectF cell = g.gatheredCells[i];
        const int reads = strip.reads[i];
        const QColor fill = reads > 0 ? m_theme.laneFill : m_theme.unreachedFill;
        painter.setPen(QPen(m_theme.cellBorder, m_theme.lineWidth));
        painter.setBrush(fill);
        painter.drawRect(cell);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(reads > 0 ? m_theme.textOn(fill) : m_theme.unreachedText);
        const QRectF top(cell.left(), cell.top(), cell.width(), cell.height() / 2);
        const QRectF bottom(cell.left(), cell.center().y(), cell.width(), cell.height() / 2);
        painter.drawText(top, Qt::AlignCenter, strip.values[i]);
        const QString index = reads > 1 ? QStringLiteral("%1 \u00d7%2").arg(i).arg(reads) : QString::number(i);
        painter.drawText(bottom, Qt::AlignCenter, index);
    }
}

void DiagramPainter::paintArrows(QPainter& painter) const {
    const auto& g = m_geometry;
    const QFont labelFont = m_theme.labelFont();
    for (const auto& arrow : g.arrows) {
        const QColor color = m_theme.dimColor(arrow.dim);
        painter.setPen(QPen(color, m_theme.arrowWidth, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(arrow.path);
        const QPolygonF head =
            DiagramGeometry::arrowHead(arrow.headFrom, arrow.end, m_theme.px(8) + m_theme.arrowWidth);
        if (!head.isEmpty()) {
            painter.setPen(QPen(color, 1.0, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            painter.setBrush(color);
            painter.drawPolygon(head);
            painter.setBrush(Qt::NoBrush);
        }
    }
    // Labels last, so that no line crosses a label.
    painter.setFont(labelFont);
    for (const auto& arrow : g.arrows) {
        const QColor color = m_theme.dimColor(arrow.dim);
        painter.setPen(QPen(color, std::max(0.8, m_theme.lineWidth * 0.9)));
        painter.setBrush(m_theme.labelBackground);
        painter.drawRoundedRect(arrow.labelRect, m_theme.px(4), m_theme.px(4));
        painter.setBrush(Qt::NoBrush);
        painter.setPen(color);
        painter.drawText(arrow.labelRect, Qt::AlignCenter, arrow.label);
    }
}

void DiagramPainter::paintCompanions(QPainter& painter) const {
    const auto& g = m_geometry;
    painter.setPen(m_theme.ink);
    for (std::size_t i = 0; i < g.gridCaptions.size(); ++i) {
        painter.setFont(m_theme.labelFont());
        painter.setPen(m_theme.ink);
        painter.drawText(g.gridCaptions[i].rect, Qt::AlignLeft | Qt::AlignVCenter, g.gridCaptions[i].text);
        painter.setFont(m_theme.noteFont());
        painter.setPen(m_theme.mutedInk);
        painter.drawText(g.gridCaptionLines[i].rect, Qt::AlignLeft | Qt::AlignVCenter,
                         g.gridCaptionLines[i].text);
    }
    for (std::size_t i = 0; i < g.companionGrids.size() && i < m_model.companions.size(); ++i) {
        const auto& geometry = g.companionGrids[i];
        DiagramPainter companion(m_model.companions[i], geometry, m_theme);
        companion.m_colourSource = this;
        painter.save();
        painter.translate(g.companionOrigins[i] - geometry.gridArea.topLeft());
        companion.paintGrid(painter, geometry.gridArea, false);
        painter.restore();
    }
}

void DiagramPainter::paintGrid(QPainter& painter, const QRectF& exposed, bool heading) const {
    const auto& g = m_geometry;
    const auto& model = m_model;
    const QFont noteFont = m_theme.noteFont();
    const int rank = static_cast<int>(model.gridSlots.size());

    // Heading and the axis key: "dim 2 → columns · dim 1 ↓ rows · dim 0 → blocks".
    painter.setPen(m_theme.ink);
    painter.setFont(m_theme.headingFont());
    if (heading)
        painter.drawText(g.gridHeading.rect, Qt::AlignLeft | Qt::AlignVCenter, g.gridHeading.text);
    if (heading && model.numel > 0 && rank >= 1) {
        std::vector<Run> runs;
        const QStringList& names = model.options.dimNames;
        runs.push_back({DiagramText::columnsAxis(rank - 1, names), m_theme.dimColor(rank - 1)});
        if (rank >= 2) {
            runs.push_back({QStringLiteral(" \u00b7 "), m_theme.mutedInk});
            runs.push_back({DiagramText::rowsAxis(rank - 2, names), m_theme.dimColor(rank - 2)});
        }
        for (const auto& level : g.gridLevels) {
            runs.push_back({QStringLiteral(" \u00b7 "), m_theme.mutedInk});
            runs.push_back(
                {DiagramText::blocksAxis(level.dim, level.horizontal, names), m_theme.dimColor(level.dim)});
        }
        drawRuns(painter, noteFont, QPointF(g.gridHeading.rect.right(), g.gridHeading.rect.top()),
                 g.gridHeading.rect.height(), runs);
    }

    if (model.numel == 0) {
        painter.setPen(QPen(m_theme.mutedInk, m_theme.lineWidth, Qt::DashLine));
        painter.drawRoundedRect(g.emptyNote.adjusted(0.5, 0.5, -0.5, -0.5), m_theme.px(6), m_theme.px(6));
        painter.setFont(m_theme.valueFont());
        painter.setPen(m_theme.ink);
        painter.drawText(g.emptyNote, Qt::AlignCenter, DiagramText::emptyShape(model.tensor.sizes()));
        return;
    }
    if (model.cells.empty())
        return;

    const QFont valueFont = m_theme.valueFont();
    const QFont smallFont = m_theme.smallFont();
    const QFont labelFont = m_theme.labelFont();
    const QFontMetricsF smallMetrics(smallFont);
    const QPen border(m_theme.cellBorder, m_theme.lineWidth);
    const std::size_t leading = rank >= 2 ? static_cast<std::size_t>(rank - 2) : 0;
    const QColor columnColor = m_theme.dimColor(rank - 1);
    const QColor rowColor = m_theme.dimColor(rank - 2);

    // Every block: the leading slot tuples in row-major order.
    std::vector<std::int64_t> lead(leading, 0);
    std::int64_t blocks = 1;
    for (std::size_t d = 0; d < leading; ++d)
        blocks *= static_cast<std::int64_t>(model.gridSlots[d].size());
    for (std::int64_t b = 0; b < blocks; ++b) {
        if (b > 0)
            for (std::size_t d = leading; d-- > 0;) {
                if (++lead[d] < static_cast<std::int64_t>(model.gridSlots[d].size()))
                    break;
                lead[d] = 0;
            }
        bool ellipsis = false;
        for (std::size_t d = 0; d < leading; ++d)
            ellipsis = ellipsis || model.gridSlots[d][static_cast<std::size_t>(lead[d])] < 0;
        const QRectF block = g.gridBlockRect(lead);
        if (block.isNull() || !block.intersects(exposed))
            continue;
        if (ellipsis) {
            // A skipped run of blocks: only the outermost ellipsis draws, once per its slot.
            bool first = true;
            for (std::size_t d = 0; d < leading && first; ++d)
                if (model.gridSlots[d][static_cast<std::size_t>(lead[d])] < 0) {
                    for (std::size_t e = d + 1; e < leading; ++e)
                        first = first && lead[e] == 0;
                    break;
                }
            if (!first)
                continue;
            painter.setFont(m_theme.headingFont());
            painter.setPen(m_theme.mutedInk);
            bool horizontal = true;
            for (std::size_t d = 0; d < leading; ++d)
                if (model.gridSlots[d][static_cast<std::size_t>(lead[d])] < 0) {
                    horizontal = g.gridLevels[d].horizontal;
                    break;
                }
            const QRectF cells =
                QRectF(block.left(), block.top(), horizontal ? m_theme.px(30) : block.width(),
                       horizontal ? block.height() : m_theme.px(26));
            painter.drawText(cells, Qt::AlignCenter,
                             horizontal ? QStringLiteral("\u22ef") : QStringLiteral("\u22ee"));
            continue;
        }
        const QRectF cells = g.gridBlockCells(lead);

        // Block label "[0, 1, :, :]": leading indices in their dims' colours.
        if (leading > 0) {
            std::vector<Run> runs;
            runs.push_back({QStringLiteral("["), m_theme.mutedInk});
            for (std::size_t d = 0; d < leading; ++d) {
                runs.push_back({QString::number(model.gridSlots[d][static_cast<std::size_t>(lead[d])]),
                                m_theme.dimColor(static_cast<int>(d))});
                runs.push_back({QStringLiteral(", "), m_theme.mutedInk});
            }
            runs.push_back({QStringLiteral(":, :]"), m_theme.mutedInk});
            drawRuns(painter, labelFont, QPointF(block.left(), block.top()), g.gridBlockLabel, runs);
        }

        // Column indices above, row indices at the left, each with an axis arrow in its colour.
        painter.setFont(smallFont);
        const auto& columns = model.gridSlots.empty() ? std::vector<std::int64_t>{0}
                                                      : model.gridSlots[static_cast<std::size_t>(rank - 1)];
        if (rank >= 1) {
            const double headerTop = cells.top() - g.gridColHeader;
            painter.setPen(columnColor);
            for (std::size_t c = 0; c < columns.size(); ++c) {
                const QRectF slot(cells.left() + g.colOffsets[c], headerTop, g.colExtents[c],
                                  smallMetrics.height());
                painter.drawText(slot, Qt::AlignCenter,
                                 columns[c] < 0 ? QStringLiteral("\u22ef") : QString::number(columns[c]));
            }
            const double y = cells.top() - m_theme.px(3.5);
            const QPointF from(cells.left(), y), tip(cells.right() + m_theme.px(6), y);
            painter.setPen(QPen(columnColor, std::max(1.0, m_theme.lineWidth * 1.4)));
            painter.drawLine(from, tip - QPointF(m_theme.px(2), 0));
            painter.setPen(Qt::NoPen);
            painter.setBrush(columnColor);
            painter.drawPolygon(DiagramGeometry::arrowHead(from, tip, m_theme.px(6)));
            painter.setBrush(Qt::NoBrush);
        }
        if (rank >= 2) {
            const auto& rows = model.gridSlots[static_cast<std::size_t>(rank - 2)];
            painter.setPen(rowColor);
            for (std::size_t r = 0; r < rows.size(); ++r) {
                const QRectF slot(block.left(), cells.top() + g.rowOffsets[r],
                                  g.gridRowHeader - m_theme.px(7), g.rowExtents[r]);
                painter.drawText(slot, Qt::AlignRight | Qt::AlignVCenter,
                                 rows[r] < 0 ? QStringLiteral("\u22ee") : QString::number(rows[r]));
            }
            const double x = cells.left() - m_theme.px(3.5);
            const QPointF from(x, cells.top()), tip(x, cells.bottom() + m_theme.px(6));
            painter.setPen(QPen(rowColor, std::max(1.0, m_theme.lineWidth * 1.4)));
            painter.drawLine(from, tip - QPointF(0, m_theme.px(2)));
            painter.setPen(Qt::NoPen);
            painter.setBrush(rowColor);
            painter.drawPolygon(DiagramGeometry::arrowHead(from, tip, m_theme.px(6)));
            painter.setBrush(Qt::NoBrush);
        }

        // The cells of this block.
        const std::size_t rowSlots =
            rank >= 2 ? model.gridSlots[static_cast<std::size_t>(rank - 2)].size() : 1;
        std::vector<std::int64_t> positions(static_cast<std::size_t>(rank), 0);
        for (std::size_t d = 0; d < leading; ++d)
            positions[d] = lead[d];
        for (std::size_t r = 0; r < rowSlots; ++r) {
            for (std::size_t c = 0; c < columns.size(); ++c) {
                if (rank >= 2)
                    positions[static_cast<std::size_t>(rank - 2)] = static_cast<std::int64_t>(r);
                if (rank >= 1)
                    positions[static_cast<std::size_t>(rank - 1)] = static_cast<std::int64_t>(c);
                const QRectF rect = g.gridCellRectBySlots(positions);
                const auto& cell = model.cells[static_cast<std::size_t>(model.cellIndexOfSlots(positions))];
                if (!cell.shown) {
                    painter.setFont(valueFont);
                    painter.setPen(m_theme.mutedInk);
                    const bool columnGap = rank >= 1 && columns[c] < 0;
                    painter.drawText(rect, Qt::AlignCenter,
                                     columnGap ? QStringLiteral("\u22ef") : QStringLiteral("\u22ee"));
                    continue;
                }
                const QColor fill = gridCellFill(cell);
                painter.setPen(border);
                painter.setBrush(fill);
                painter.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5));
                painter.setBrush(Qt::NoBrush);
                const QColor text = m_theme.textOn(fill);
                if (model.options.showStorageIndices) {
                    const double split = rect.top() + (rect.height() - smallMetrics.height() - m_theme.px(2));
                    painter.setFont(valueFont);
                    painter.setPen(text);
                    painter.drawText(QRectF(rect.left(), rect.top(), rect.width(), split - rect.top()),
                                     Qt::AlignCenter, cell.value);
                    painter.setFont(smallFont);
                    QColor muted = text;
                    muted.setAlphaF(0.72F);
                    painter.setPen(muted);
                    painter.drawText(QRectF(rect.left(), split, rect.width(), smallMetrics.height()),
                                     Qt::AlignCenter,
                                     QStringLiteral("@") + QString::number(cell.storageIndex));
                } else {
                    painter.setFont(valueFont);
                    painter.setPen(text);
                    painter.drawText(rect, Qt::AlignCenter, model.gridLabel(cell));
                }
            }
        }
    }
}

void DiagramPainter::paintFocus(QPainter& painter) const {
    const auto& model = m_model;
    if (!model.focus)
        return;
    const double width = m_theme.px(2.2);
    painter.setPen(QPen(m_theme.focus, width));
    painter.setBrush(Qt::NoBrush);
    const QRectF cell = m_geometry.cellRect(model.focusStorage);
    if (!cell.isNull())
        painter.drawRect(cell.adjusted(-width / 2, -width / 2, width / 2, width / 2));
    const QRectF grid = m_geometry.gridCellRect(*model.focus);
    if (!grid.isNull())
        painter.drawRect(grid.adjusted(-width / 2, -width / 2, width / 2, width / 2));
}

void DiagramPainter::paintHighlight(QPainter& painter, const DiagramHighlight& highlight) const {
    if (highlight.empty())
        return;
    const auto& model = m_model;
    const auto& g = m_geometry;
    const double width = m_theme.px(2.5);
    painter.setPen(QPen(m_theme.hover, width));
    painter.setBrush(Qt::NoBrush);
    auto outline = [&](const QRectF& rect) {
        if (!rect.isNull())
            painter.drawRect(rect.adjusted(-width / 2, -width / 2, width / 2, width / 2));
    };
    if (highlight.index && model.tensor.defined()) {
        outline(g.gridCellRect(*highlight.index));
        outline(g.cellRect(storageIndexOf(model.tensor.layout(), *highlight.index)));
    }
    if (highlight.unit) {
        outline(g.unitRect(*highlight.unit));
        const auto first = model.unitFirst(*highlight.unit);
        const auto end = model.unitEnd(*highlight.unit);
        for (const auto& cell : model.cells)
            if (cell.shown && cell.storageIndex >= first && cell.storageIndex < end)
                outline(g.gridCellRect(cell.index));
    }
}

void DiagramPainter::paintTraversalStep(QPainter& painter, const Shape& index,
                                        std::optional<std::int64_t> fromStorage) const {
    if (!m_model.tensor.defined())
        return;
    const auto& g = m_geometry;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const auto toStorage = storageIndexOf(m_model.tensor.layout(), index);
    DiagramHighlight highlight;
    highlight.index = index;
    paintHighlight(painter, highlight);
    const QRectF to = g.cellRect(toStorage);
    const QRectF from = fromStorage ? g.cellRect(*fromStorage) : QRectF();
    if (!to.isNull() && !from.isNull() && *fromStorage != toStorage) {
        // The jump: an arc over the row when both cells share it, else a straight wire.
        const QPointF start(from.center().x(), from.top() - m_theme.px(2));
        const QPointF end(to.center().x(), to.top() - m_theme.px(2));
        QPainterPath path(start);
        QPointF headFrom;
        if (std::fabs(from.top() - to.top()) < 0.5) {
            const double lift = std::min(m_theme.px(14), m_theme.px(6) + std::fabs(end.x() - start.x()) * 0.08);
            path.cubicTo(start - QPointF(0, lift), end - QPointF(0, lift), end);
            headFrom = path.pointAtPercent(0.9);
        } else {
            path.lineTo(end);
            headFrom = start;
        }
        painter.setPen(QPen(m_theme.hover, m_theme.arrowWidth, Qt::SolidLine, Qt::RoundCap));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(path);
        painter.setPen(Qt::NoPen);
        painter.setBrush(m_theme.hover);
        painter.drawPolygon(DiagramGeometry::arrowHead(headFrom, end, m_theme.px(7)));
    }
    painter.restore();
}

void DiagramPainter::paintFooter(QPainter& painter, const DiagramHighlight& highlight) const {
    const auto& g = m_geometry;
    const auto& model = m_model;
    if (!model.options.figure.showFooter())
        return;
    painter.setFont(m_theme.noteFont());
    if (!g.focusLine.text.isEmpty()) {
        QString text = g.focusLine.text;
        std::optional<Shape> shown = highlight.index;
        if (!shown && highlight.unit && model.unitSize == 1)
            shown = model.firstIndexAt(model.unitFirst(*highlight.unit));
        if (shown)
            text = DiagramText::tr("hover %1").arg(model.formulaFor(*shown));
        painter.setPen(m_theme.ink);
        painter.drawText(QRectF(g.focusLine.rect.left(), g.focusLine.rect.top(), g.size.width(),
                                g.focusLine.rect.height()),
                         Qt::AlignLeft | Qt::AlignVCenter, text);
    }
    painter.setPen(m_theme.mutedInk);
    for (const auto& note : g.notes)
        painter.drawText(note.rect, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, note.text);
}

} // namespace stridescope::app
