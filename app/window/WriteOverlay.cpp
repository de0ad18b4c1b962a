#include "app/window/WriteOverlay.h"

#include "app/diagram/DiagramWidget.h"
#include "core/LayoutWalk.h"

#include <QPainter>
#include <QRegularExpression>

#include <algorithm>

namespace stridescope::app {

std::optional<QString> writeTarget(const QString& statement) {
    QString code = statement.trimmed();
    // `y = x.add_(1)` writes x as well.
    static const QRegularExpression bound(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*\\s*=(?!=)\\s*(.+)$"));
    if (const QRegularExpressionMatch m = bound.match(code); m.hasMatch() && m.captured(1).contains(u'('))
        code = m.captured(1).trimmed();
    // receiver.method_(...), the method's name ending in one underscore (not __dunder__).
    static const QRegularExpression method(QStringLiteral("^(.+)\\.([A-Za-z][A-Za-z0-9]*_)\\(.*\\)$"));
    const QRegularExpressionMatch call = method.match(code);
    if (call.hasMatch() && !call.captured(1).contains(u'='))
        return call.captured(1).trimmed();
    // target[...] = value (not ==, and only one assignment target).
    static const QRegularExpression subscript(QStringLiteral("^([A-Za-z_][A-Za-z0-9_]*\\[[^=]*\\])\\s*=(?!=)"));
    const QRegularExpressionMatch assignment = subscript.match(code);
    if (assignment.hasMatch())
        return assignment.captured(1).trimmed();
    return std::nullopt;
}

std::vector<std::int64_t> storageElementsOf(const Tensor& tensor, std::int64_t limit) {
    std::vector<std::int64_t> elements;
    const std::int64_t count = tensor.numel();
    if (count <= 0 || count > limit)
        return elements;
    elements.reserve(static_cast<std::size_t>(count));
    forEachStorageIndex(tensor.layout(), count,
                        [&](std::int64_t at, std::int64_t) { elements.push_back(at); });
    std::sort(elements.begin(), elements.end());
    elements.erase(std::unique(elements.begin(), elements.end()), elements.end());
    return elements;
}

WriteOverlay::WriteOverlay(DiagramWidget* diagram) : QWidget(diagram), m_diagram(diagram) {
    setObjectName(QStringLiteral("writeOverlay"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setAttribute(Qt::WA_TranslucentBackground);
    setFocusPolicy(Qt::NoFocus);
    hide();
}

void WriteOverlay::setWrites(const StoragePtr& storage, std::vector<std::int64_t> elements,
                             const QString& statement) {
    m_storage = storage;
    m_elements = std::move(elements);
    m_statement = statement;
    setVisible(appliesToShown());
    raise();
    update();
}

void WriteOverlay::clear() {
    m_storage.reset();
    m_elements.clear();
    m_statement.clear();
    hide();
}

bool WriteOverlay::appliesToShown() const {
    const Tensor& shown = m_diagram->model().tensor;
    return m_storage && !m_elements.empty() && shown.defined() && shown.storage() == m_storage;
}

bool WriteOverlay::written(std::int64_t element) const {
    return std::binary_search(m_elements.begin(), m_elements.end(), element);
}

int WriteOverlay::highlightedGridCells() const {
    if (!appliesToShown())
        return 0;
    int count = 0;
    for (const GridCell& cell : m_diagram->model().cells)
        count += cell.shown && written(cell.storageIndex) ? 1 : 0;
    return count;
}

void WriteOverlay::paintEvent(QPaintEvent*) {
    if (!appliesToShown())
        return;
    const DiagramGeometry& g = m_diagram->diagramGeometry();
    const DiagramModel& model = m_diagram->model();
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.scale(m_diagram->zoom(), m_diagram->zoom());
    // Magenta: no dim colour, ramp or hover uses it.
    const QColor ink(0xC0, 0x1C, 0x8C);
    QColor fill = ink;
    fill.setAlphaF(0.16F);
    QPen pen(ink, 2.4);
    painter.setPen(pen);
    painter.setBrush(fill);
    if (model.unitSize == 1) {
        for (std::int64_t element : m_elements) {
            const QRectF rect = g.cellRect(element);
            if (!rect.isNull())
                painter.drawRoundedRect(rect.adjusted(1.5, 1.5, -1.5, -1.5), 3, 3);
        }
    }
    for (const GridCell& cell : model.cells) {
        if (!cell.shown || !written(cell.storageIndex))
            continue;
        const QRectF rect = g.gridCellRect(cell.index);
        if (!rect.isNull())
            painter.drawRoundedRect(rect.adjusted(1.5, 1.5, -1.5, -1.5), 3, 3);
    }
}

} // namespace stridescope::app
