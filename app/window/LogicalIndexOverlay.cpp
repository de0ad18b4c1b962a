#include "app/window/LogicalIndexOverlay.h"

#include "app/diagram/DiagramWidget.h"

#include <QPainter>

namespace stridescope::app {

LogicalIndexOverlay::LogicalIndexOverlay(DiagramWidget* diagram) : QWidget(diagram), m_diagram(diagram) {
    setObjectName(QStringLiteral("logicalIndexOverlay"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setAttribute(Qt::WA_TranslucentBackground);
    setFocusPolicy(Qt::NoFocus);
    hide();
}

void LogicalIndexOverlay::setOn(bool on) {
    m_on = on;
    setVisible(on);
    raise();
    update();
}

QStringList LogicalIndexOverlay::labels() const {
    QStringList result;
    const DiagramModel& model = m_diagram->model();
    if (!m_on || model.unitSize != 1 || !m_diagram->diagramGeometry().showCellText)
        return result;
    for (std::int64_t unit = 0; unit < model.unitCount(); ++unit) {
        const auto index = model.firstIndexAt(model.unitFirst(unit));
        result << (index ? DiagramModel::indexText(*index) : QString());
    }
    return result;
}

void LogicalIndexOverlay::paintEvent(QPaintEvent*) {
    const QStringList texts = labels();
    if (texts.isEmpty())
        return;
    const DiagramModel& model = m_diagram->model();
    const DiagramGeometry& g = m_diagram->diagramGeometry();
    const DiagramTheme& theme = m_diagram->theme();
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.scale(m_diagram->zoom(), m_diagram->zoom());
    QFont font = theme.smallFont();
    font.setPointSizeF(font.pointSizeF() * 0.85);
    painter.setFont(font);
    const QFontMetricsF metrics(font);
    QColor box = theme.background;
    box.setAlphaF(0.9F);
    for (std::int64_t unit = 0; unit < texts.size(); ++unit) {
        if (texts[unit].isEmpty())
            continue;
        const QRectF cell = g.cellRect(model.unitFirst(unit));
        if (cell.isNull())
            continue;
        const double width = std::min(cell.width() - 2.0, metrics.horizontalAdvance(texts[unit]) + 4.0);
        const QRectF label(cell.center().x() - width / 2.0, cell.bottom() - metrics.height() * 0.55, width,
                           metrics.height());
        painter.setPen(Qt::NoPen);
        painter.setBrush(box);
        painter.drawRoundedRect(label, 2, 2);
        painter.setPen(theme.ink);
        painter.drawText(label, Qt::AlignCenter, metrics.elidedText(texts[unit], Qt::ElideMiddle, width));
    }
}

} // namespace stridescope::app
