#pragma once
// Draws a DiagramModel, placed by its DiagramGeometry, in a DiagramTheme, onto any QPainter: the
// widget, a QImage (PNG), a QSvgGenerator and a QPdfWriter all go through paint(), so the
// screen and every export show the same picture. Coordinates are the geometry's logical pixels.
#include "app/diagram/DiagramGeometry.h"
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramTheme.h"

#include <QRectF>

#include <cstdint>
#include <optional>

class QPainter;

namespace stridescope::app {

// What the mouse points at: drawn outlined together with its partners on the other side.
struct DiagramHighlight {
    std::optional<std::int64_t> unit; // a strip unit
    std::optional<Shape> index;       // a logical element
    bool empty() const { return !unit && !index; }
};

class DiagramPainter {
public:
    DiagramPainter(const DiagramModel& model, const DiagramGeometry& geometry, const DiagramTheme& theme);

    // Paints everything that intersects `exposed` (all of it when `exposed` is null).
    void paint(QPainter& painter, const QRectF& exposed = {}, const DiagramHighlight& highlight = {}) const;

    // One step of the traversal drawn over a painted diagram: logical element `index` and the
    // storage cell it reads outlined, and the jump from the cell read before (when there was
    // one) as an arrow in the hover colour. The animation's frames are made of these.
    void paintTraversalStep(QPainter& painter, const Shape& index, std::optional<std::int64_t> fromStorage) const;

    // The fill of a strip unit and of a logical cell (what tests probe).
    QColor unitFill(std::int64_t unit) const;
    QColor gridCellFill(const GridCell& cell) const;

private:
    void paintCaption(QPainter& painter) const;
    void paintTransfer(QPainter& painter) const;
    void paintStripHeading(QPainter& painter) const;
    void paintStrip(QPainter& painter, const QRectF& exposed) const;
    void paintMarkers(QPainter& painter) const;
    void paintLanes(QPainter& painter, const QRectF& exposed) const;
    void paintGathered(QPainter& painter) const;
    void paintArrows(QPainter& painter) const;
    void paintGrid(QPainter& painter, const QRectF& exposed, bool heading = true) const;
    void paintCompanions(QPainter& painter) const;
    void paintFocus(QPainter& painter) const;
    void paintHighlight(QPainter& painter, const DiagramHighlight& highlight) const;
    void paintFooter(QPainter& painter, const DiagramHighlight& highlight) const;

    double orderShare(std::int64_t order) const;

    const DiagramModel& m_model;
    const DiagramGeometry& m_geometry;
    const DiagramTheme& m_theme;
    const DiagramPainter* m_colourSource = nullptr; // companion grids: the primary's painter
};

} // namespace stridescope::app
