#include "app/window/DiagramView.h"

#include "app/diagram/DiagramWidget.h"
#include "app/window/LogicalIndexOverlay.h"
#include "app/window/TraversalOverlay.h"
#include "app/window/WriteOverlay.h"

#include <QCursor>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace stridescope::app {

namespace {
constexpr double kZoomStep = 1.25;
}

DiagramView::DiagramView(QWidget* parent)
    : QScrollArea(parent), m_diagram(new DiagramWidget), m_overlay(new TraversalOverlay(m_diagram)),
      m_writes(new WriteOverlay(m_diagram)), m_logicalIndices(new LogicalIndexOverlay(m_diagram)) {
    setObjectName(QStringLiteral("diagramView"));
    setWidget(m_diagram);
    setWidgetResizable(false);
    setAlignment(Qt::AlignLeft | Qt::AlignTop);
    setFrameShape(QFrame::NoFrame);
    m_diagram->installEventFilter(this);
    m_diagram->setObjectName(QStringLiteral("diagram"));
    resizeDiagram();
}

double DiagramView::zoom() const { return m_diagram->zoom(); }

void DiagramView::setZoom(double zoom, QPoint anchor) {
    m_autoFit = false;
    m_fitLimit = m_projector ? kMaxFitZoom : 1.0;
    applyZoom(zoom, anchor);
}

void DiagramView::applyZoom(double zoom, QPoint anchor) {
    const double before = m_diagram->zoom();
    if (anchor.x() < 0 || anchor.y() < 0)
        anchor = viewport()->rect().center();
    // The picture point under the anchor, in logical pixels.
    const QPointF logical =
        (QPointF(anchor) + QPointF(horizontalScrollBar()->value(), verticalScrollBar()->value())) / before;
    m_diagram->setZoom(zoom);
    resizeDiagram();
    const double after = m_diagram->zoom();
    horizontalScrollBar()->setValue(static_cast<int>(std::lround(logical.x() * after - anchor.x())));
    verticalScrollBar()->setValue(static_cast<int>(std::lround(logical.y() * after - anchor.y())));
    if (!qFuzzyCompare(before, after))
        emit zoomChanged(after);
}

// Keyboard and menu zooms keep what the reader looks at: the point under the mouse when it is
// over the diagram; else, from a picture that fits whole, its top-left corner (Actual Size from
// Fit used to land in the middle of a big diagram); else the middle of the view.
QPoint DiagramView::keyboardAnchor() const {
    const QPoint cursor = viewport()->mapFromGlobal(QCursor::pos());
    if (viewport()->rect().contains(cursor) && viewport()->underMouse())
        return cursor;
    const QSize picture = m_diagram->sizeHint();
    if (picture.width() <= viewport()->width() && picture.height() <= viewport()->height())
        return QPoint(0, 0);
    return viewport()->rect().center();
}

void DiagramView::zoomIn() { setZoom(zoom() * kZoomStep, keyboardAnchor()); }
void DiagramView::zoomOut() { setZoom(zoom() / kZoomStep, keyboardAnchor()); }
void DiagramView::resetZoom() { setZoom(1.0, keyboardAnchor()); }

void DiagramView::fitToWindow() {
    m_autoFit = true;
    m_fitLimit = kMaxFitZoom;
    fit();
}

void DiagramView::setProjector(bool on) {
    m_projector = on;
    m_fitLimit = on ? kMaxFitZoom : 1.0;
    if (m_autoFit)
        fit();
}

void DiagramView::fit() {
    const QSize picture = m_diagram->sizeHint();
    if (picture.isEmpty())
        return;
    const double unzoomedW = picture.width() / zoom();
    const double unzoomedH = picture.height() / zoom();
    const QSize room = viewport()->size() - QSize(8, 8);
    const double scale = std::min(room.width() / unzoomedW, room.height() / unzoomedH);
    applyZoom(std::clamp(scale, 0.1, m_fitLimit), QPoint(0, 0));
}

void DiagramView::diagramChanged() {
    resizeDiagram();
    if (m_autoFit)
        fit();
}

void DiagramView::resizeDiagram() {
    // At least the viewport, so that the theme's background fills it.
    const QSize hint = m_diagram->sizeHint();
    const QSize size = hint.expandedTo(viewport()->size());
    if (m_diagram->size() != size)
        m_diagram->resize(size);
    m_overlay->setGeometry(m_diagram->rect());
    m_writes->setGeometry(m_diagram->rect());
    m_logicalIndices->setGeometry(m_diagram->rect());
}

void DiagramView::wheelEvent(QWheelEvent* event) {
    if (event->modifiers() & Qt::ControlModifier) {
        const double steps = event->angleDelta().y() / 120.0;
        if (steps != 0.0)
            setZoom(zoom() * std::pow(kZoomStep, steps), event->position().toPoint());
        event->accept();
        return;
    }
    QScrollArea::wheelEvent(event);
}

void DiagramView::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomIn();
        return;
    case Qt::Key_Minus:
        zoomOut();
        return;
    default:
        QScrollArea::keyPressEvent(event);
    }
}

void DiagramView::resizeEvent(QResizeEvent* event) {
    QScrollArea::resizeEvent(event);
    resizeDiagram();
    if (m_autoFit)
        fit();
}

bool DiagramView::eventFilter(QObject* watched, QEvent* event) {
    if (watched != m_diagram)
        return QScrollArea::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::LayoutRequest:
        resizeDiagram();
        break;
    case QEvent::Resize:
        m_overlay->setGeometry(m_diagram->rect());
    m_writes->setGeometry(m_diagram->rect());
    m_logicalIndices->setGeometry(m_diagram->rect());
        break;
    case QEvent::KeyPress: {
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_Plus || key->key() == Qt::Key_Equal || key->key() == Qt::Key_Minus) {
            keyPressEvent(key);
            return true;
        }
        break;
    }
    case QEvent::MouseButtonPress: {
        auto* mouse = static_cast<QMouseEvent*>(event);
        const bool background = mouse->button() == Qt::LeftButton &&
                                m_diagram->hitAt(mouse->position()).kind == DiagramHit::Kind::None;
        if (mouse->button() == Qt::MiddleButton || background) {
            m_panning = true;
            m_panStart = mouse->globalPosition().toPoint();
            m_scrollStart = QPoint(horizontalScrollBar()->value(), verticalScrollBar()->value());
            m_diagram->setCursor(Qt::ClosedHandCursor);
            m_diagram->setFocus();
            return mouse->button() == Qt::MiddleButton;
        }
        break;
    }
    case QEvent::MouseMove:
        if (m_panning) {
            auto* mouse = static_cast<QMouseEvent*>(event);
            const QPoint delta = mouse->globalPosition().toPoint() - m_panStart;
            horizontalScrollBar()->setValue(m_scrollStart.x() - delta.x());
            verticalScrollBar()->setValue(m_scrollStart.y() - delta.y());
            return true;
        }
        break;
    case QEvent::MouseButtonRelease:
        if (m_panning) {
            m_panning = false;
            m_diagram->unsetCursor();
            return true;
        }
        break;
    case QEvent::Wheel: {
        auto* wheel = static_cast<QWheelEvent*>(event);
        if (wheel->modifiers() & Qt::ControlModifier) {
            const double steps = wheel->angleDelta().y() / 120.0;
            if (steps != 0.0)
                setZoom(zoom() * std::pow(kZoomStep, steps),
                        m_diagram->mapTo(viewport(), wheel->position().toPoint()));
            return true;
        }
        break;
    }
    default:
        break;
    }
    return QScrollArea::eventFilter(watched, event);
}

} // namespace stridescope::app
