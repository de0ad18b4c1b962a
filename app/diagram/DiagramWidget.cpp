#include "app/diagram/DiagramWidget.h"

#include "app/diagram/DiagramText.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace stridescope::app {

DiagramWidget::DiagramWidget(QWidget* parent) : QWidget(parent), m_theme(DiagramTheme::light()) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    relayout();
}

void DiagramWidget::setModel(const DiagramModel& model) {
    m_model = model;
    m_highlight = {};
    m_hoverText.clear();
    relayout();
}

void DiagramWidget::setTheme(const DiagramTheme& theme) {
    m_theme = theme;
    relayout();
}

void DiagramWidget::setZoom(double zoom) {
    if (!std::isfinite(zoom))
        return;
    m_zoom = std::clamp(zoom, 0.1, 8.0);
    updateGeometry();
    update();
}

void DiagramWidget::setFocusedIndex(const Shape& index) {
    if (!m_model.tensor.defined() || m_model.numel == 0)
        return;
    m_model.setFocus(index);
    relayout();
    emit focusChanged(*m_model.focus);
}

void DiagramWidget::relayout() {
    m_geometry = DiagramGeometry::compute(m_model, m_theme);
    updateGeometry();
    update();
}

DiagramHit DiagramWidget::hitAt(const QPointF& widgetPoint) const {
    return m_geometry.hitTest(widgetPoint / m_zoom);
}

QString DiagramWidget::describe(const DiagramHit& hit) const {
    switch (hit.kind) {
    case DiagramHit::Kind::None:
        return {};
    case DiagramHit::Kind::GridCell:
        return m_model.formulaFor(hit.index);
    case DiagramHit::Kind::StorageCell: {
        const auto first = m_model.unitFirst(hit.unit);
        const auto end = m_model.unitEnd(hit.unit);
        const auto address = m_model.baseAddress +
                             static_cast<std::uint64_t>(first) * static_cast<std::uint64_t>(m_model.itemSize);
        const auto& unit = m_model.units[static_cast<std::size_t>(hit.unit)];
        const QString dot = QStringLiteral(" \u00b7 ");
        QString text;
        if (end - first == 1) {
            text = DiagramText::tr("storage[%1] at %2").arg(QString::number(first), hexAddress(address));
            if (!unit.value.isEmpty())
                text += QStringLiteral(" = ") + unit.value;
        } else {
            const QString range = groupDigits(first) + QStringLiteral(" \u2026 ") + groupDigits(end - 1);
            text = DiagramText::tr("storage[%1] from %2").arg(range, hexAddress(address));
        }
        if (unit.firstOrder < 0)
            return text + dot + DiagramText::tr("not reached");
        if (end - first == 1) {
            text +=
                dot + DiagramText::tr("read by %1").arg(m_model.formulaFor(m_model.unravel(unit.firstOrder)));
            if (unit.fanIn > 1)
                text += QLatin1Char(' ') + DiagramText::tr("and %1 more").arg(groupDigits(unit.fanIn - 1));
        } else {
            text += dot + DiagramText::tr("%1% reached").arg(std::lround(unit.reached * 100.0F));
        }
        return text;
    }
    }
    return {};
}

QSize DiagramWidget::sizeHint() const {
    return QSize(static_cast<int>(std::ceil(m_geometry.size.width() * m_zoom)),
                 static_cast<int>(std::ceil(m_geometry.size.height() * m_zoom)));
}

QSize DiagramWidget::minimumSizeHint() const { return QSize(200, 120); }

void DiagramWidget::paintEvent(QPaintEvent* event) {
    QPainter painter(this);
    painter.fillRect(event->rect(), m_theme.background);
    painter.scale(m_zoom, m_zoom);
    const QRectF exposed(QRectF(event->rect()).topLeft() / m_zoom, QRectF(event->rect()).size() / m_zoom);
    DiagramPainter(m_model, m_geometry, m_theme).paint(painter, exposed, m_highlight);
}

void DiagramWidget::setHighlight(const DiagramHighlight& highlight, const QString& text) {
    if (highlight.unit == m_highlight.unit && highlight.index == m_highlight.index)
        return;
    m_highlight = highlight;
    setToolTip(text);
    if (text != m_hoverText) {
        m_hoverText = text;
        emit hoverChanged(text);
    }
    update();
}

void DiagramWidget::mouseMoveEvent(QMouseEvent* event) {
    const DiagramHit hit = hitAt(event->position());
    DiagramHighlight highlight;
    if (hit.kind == DiagramHit::Kind::StorageCell)
        highlight.unit = hit.unit;
    else if (hit.kind == DiagramHit::Kind::GridCell)
        highlight.index = hit.index;
    setHighlight(highlight, describe(hit));
    QWidget::mouseMoveEvent(event);
}

void DiagramWidget::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    const DiagramHit hit = hitAt(event->position());
    if (hit.kind == DiagramHit::Kind::GridCell) {
        setFocusedIndex(hit.index);
    } else if (hit.kind == DiagramHit::Kind::StorageCell) {
        if (const auto index = m_model.firstIndexAt(hit.storageIndex))
            setFocusedIndex(*index);
    }
}

void DiagramWidget::leaveEvent(QEvent* event) {
    setHighlight({}, {});
    QWidget::leaveEvent(event);
}

void DiagramWidget::keyPressEvent(QKeyEvent* event) {
    if (!m_model.focus || m_model.focus->empty()) {
        QWidget::keyPressEvent(event);
        return;
    }
    Shape index = *m_model.focus;
    const auto last = index.size() - 1;
    switch (event->key()) {
    case Qt::Key_Left:
        --index[last];
        break;
    case Qt::Key_Right:
        ++index[last];
        break;
    case Qt::Key_Up:
        if (index.size() < 2)
            return QWidget::keyPressEvent(event);
        --index[last - 1];
        break;
    case Qt::Key_Down:
        if (index.size() < 2)
            return QWidget::keyPressEvent(event);
        ++index[last - 1];
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    setFocusedIndex(index); // clamped by the model
}

} // namespace stridescope::app
