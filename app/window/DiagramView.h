#pragma once
// The centre of the window: the DiagramWidget in a scroll area, zoomable (Ctrl+wheel, + and -,
// Ctrl+0 for 100 %, fit) around the point under the mouse, and pannable (scroll bars, wheel,
// or dragging the background with the left or middle button). The TraversalOverlay lies on top.
#include <QScrollArea>

namespace stridescope::app {

class DiagramWidget;
class TraversalOverlay;
class WriteOverlay;
class LogicalIndexOverlay;

class DiagramView : public QScrollArea {
    Q_OBJECT

public:
    explicit DiagramView(QWidget* parent = nullptr);

    DiagramWidget* diagram() const { return m_diagram; }
    TraversalOverlay* overlay() const { return m_overlay; }
    // The cells the last in-place statement wrote.
    WriteOverlay* writeOverlay() const { return m_writes; }
    // Logical indices on the storage cells, on demand.
    LogicalIndexOverlay* logicalIndexOverlay() const { return m_logicalIndices; }

    double zoom() const;
    // Zooms keeping `anchor` (viewport coordinates; the centre when null) in place; ends
    // auto-fit.
    void setZoom(double zoom, QPoint anchor = QPoint(-1, -1));
    // While on (the default, and again after fitToWindow()), every new picture and every resize
    // fits the picture into the viewport: up to 100 % on its own, up to kMaxFitZoom after the
    // Fit action or in projector mode (a small tensor then fills a large screen).
    bool autoFit() const { return m_autoFit; }
    static constexpr double kMaxFitZoom = 4.0;
    void setProjector(bool on);
    void zoomIn();
    void zoomOut();
    void resetZoom();
    // The zoom at which the whole picture fits the viewport (at most kMaxFitZoom).
    void fitToWindow();
    // Lays the diagram out again after its model or theme changed.
    void diagramChanged();

signals:
    void zoomChanged(double zoom);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void applyZoom(double zoom, QPoint anchor);
    QPoint keyboardAnchor() const;
    void fit();
    void resizeDiagram();

    DiagramWidget* m_diagram;
    TraversalOverlay* m_overlay;
    WriteOverlay* m_writes;
    LogicalIndexOverlay* m_logicalIndices;
    bool m_autoFit = true;
    bool m_projector = false;
    double m_fitLimit = 1.0;
    bool m_panning = false;
    QPoint m_panStart;
    QPoint m_scrollStart;
};

} // namespace stridescope::app
