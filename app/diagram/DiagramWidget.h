#pragma once
// The diagram on screen: paints a DiagramModel with the same DiagramPainter as the exports, at a
// zoom factor, and maps the mouse through DiagramGeometry::hitTest. Hovering a storage cell or a
// logical cell outlines it and its partners on the other side and shows the address formula;
// clicking a logical cell (or a reached storage cell) moves the focus, and the stride arrows with
// it. Arrow keys move the focus along the last two dims. Meant to live in a QScrollArea: its
// size hint is the picture's size at the current zoom.
#include "app/diagram/DiagramGeometry.h"
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramPainter.h"
#include "app/diagram/DiagramTheme.h"

#include <QString>
#include <QWidget>

namespace stridescope::app {

class DiagramWidget : public QWidget {
    Q_OBJECT

public:
    explicit DiagramWidget(QWidget* parent = nullptr);

    void setModel(const DiagramModel& model);
    const DiagramModel& model() const { return m_model; }
    void setTheme(const DiagramTheme& theme);
    const DiagramTheme& theme() const { return m_theme; }
    // 1 = one logical pixel per widget pixel; clamped to [0.1, 8].
    void setZoom(double zoom);
    double zoom() const { return m_zoom; }
    // Moves the focused element (the arrows start from it); emits focusChanged.
    void setFocusedIndex(const Shape& index);
    std::optional<Shape> focusedIndex() const { return m_model.focus; }

    const DiagramGeometry& diagramGeometry() const { return m_geometry; }
    const DiagramHighlight& highlight() const { return m_highlight; }
    // What lies under a point in widget coordinates.
    DiagramHit hitAt(const QPointF& widgetPoint) const;
    // The hover text for a hit ("y[1, 0, 2]: 0 + 1·4 + 0·12 + 2·1 = 6 → 0x…"); empty for none.
    QString describe(const DiagramHit& hit) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // The hover text, or an empty string when the mouse leaves every cell.
    void hoverChanged(const QString& text);
    void focusChanged(const stridescope::Shape& index);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void relayout();
    void setHighlight(const DiagramHighlight& highlight, const QString& text);

    DiagramModel m_model;
    DiagramTheme m_theme;
    DiagramGeometry m_geometry;
    DiagramHighlight m_highlight;
    QString m_hoverText;
    double m_zoom = 1.0;
};

} // namespace stridescope::app
