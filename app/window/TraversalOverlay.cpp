#include "app/window/TraversalOverlay.h"

#include "app/diagram/DiagramWidget.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace stridescope::app {

TraversalOverlay::TraversalOverlay(DiagramWidget* diagram) : QWidget(diagram), m_diagram(diagram) {
    setObjectName(QStringLiteral("traversalOverlay"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setAttribute(Qt::WA_TranslucentBackground);
    setFocusPolicy(Qt::NoFocus);
}

void TraversalOverlay::setVisit(std::int64_t visit, std::int64_t total, const Shape& index,
                                const std::vector<std::int64_t>& trail) {
    m_visit = visit;
    m_total = total;
    m_index = index;
    m_trail = trail;
    setVisible(visit >= 0);
    raise();
    update();
}

void TraversalOverlay::clear() {
    m_visit = -1;
    m_trail.clear();
    hide();
}

void TraversalOverlay::paintEvent(QPaintEvent*) {
    if (m_visit < 0 || m_trail.empty())
        return;
    const DiagramGeometry& g = m_diagram->diagramGeometry();
    const DiagramTheme& theme = m_diagram->theme();
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.scale(m_diagram->zoom(), m_diagram->zoom());
    const QColor cursor = theme.hover;

    // 1. The last jumps, oldest faintest, as arcs under the strip (stride arrows go above it).
    QFont labelFont = theme.labelFont();
    painter.setFont(labelFont);
    const QFontMetricsF metrics(labelFont);
    for (std::size_t i = 1; i < m_trail.size(); ++i) {
        const QRectF from = g.cellRect(m_trail[i - 1]);
        const QRectF to = g.cellRect(m_trail[i]);
        if (from.isNull() || to.isNull())
            continue;
        const bool latest = i + 1 == m_trail.size();
        QColor colour = cursor;
        colour.setAlphaF(latest ? 1.0F
                                : 0.25F + 0.5F * static_cast<float>(i) / static_cast<float>(m_trail.size()));
        const QPointF a(from.center().x(), from.bottom());
        const QPointF b(to.center().x(), to.bottom());
        const double depth = std::min(g.cellHeight * 1.6, theme.px(14) + std::abs(b.x() - a.x()) * 0.12) +
                             std::max(0.0, std::abs(b.y() - a.y()) * 0.25);
        QPainterPath path(a);
        QPointF control((a.x() + b.x()) / 2, std::max(a.y(), b.y()) + depth);
        if (m_trail[i - 1] == m_trail[i]) {
            // Stride 0: the visit stays on the same cell.
            path.cubicTo(QPointF(a.x() - g.cellWidth * 0.6, a.y() + depth),
                         QPointF(a.x() + g.cellWidth * 0.6, a.y() + depth), b + QPointF(1e-3, 0));
            control = QPointF(a.x(), a.y() + depth * 0.75);
        } else {
            path.quadTo(control, b);
        }
        QPen pen(colour, theme.px(latest ? 2.2 : 1.4));
        pen.setStyle(latest ? Qt::SolidLine : Qt::DashLine);
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(path);
        const QPointF headFrom = path.pointAtPercent(0.9);
        painter.setPen(Qt::NoPen);
        painter.setBrush(colour);
        painter.drawPolygon(DiagramGeometry::arrowHead(headFrom, b, theme.px(7)));
        if (latest) {
            const std::int64_t jump = m_trail[i] - m_trail[i - 1];
            const QString text =
                jump < 0 ? QStringLiteral("\u2212%1").arg(-jump) : QStringLiteral("+%1").arg(jump);
            const QPointF mid = path.pointAtPercent(0.5);
            QRectF box(0, 0, metrics.horizontalAdvance(text) + theme.px(8), metrics.height() + theme.px(2));
            box.moveCenter(mid);
            painter.setBrush(theme.labelBackground);
            painter.setPen(QPen(colour, theme.px(1)));
            painter.drawRoundedRect(box, theme.px(3), theme.px(3));
            painter.setPen(colour);
            painter.drawText(box, Qt::AlignCenter, text);
        }
    }

    // 2. The current visit on both sides, with its number (1-based, as "visit 7 of 24" says).
    const QString number = QString::number(m_visit + 1);
    QFont badgeFont = theme.labelFont();
    painter.setFont(badgeFont);
    auto outline = [&](const QRectF& rect) {
        if (rect.isNull())
            return;
        painter.setPen(QPen(cursor, theme.px(3)));
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(rect.adjusted(-theme.px(2), -theme.px(2), theme.px(2), theme.px(2)),
                                theme.px(3), theme.px(3));
        const double width = std::max(metrics.horizontalAdvance(number) + theme.px(8), metrics.height());
        QRectF badge(0, 0, width, metrics.height());
        badge.moveCenter(QPointF(rect.right(), rect.top()));
        painter.setPen(Qt::NoPen);
        painter.setBrush(cursor);
        painter.drawRoundedRect(badge, badge.height() / 2, badge.height() / 2);
        painter.setPen(theme.badgeText);
        painter.drawText(badge, Qt::AlignCenter, number);
    };
    outline(g.cellRect(m_trail.back()));
    outline(g.gridCellRect(m_index));
}

} // namespace stridescope::app
