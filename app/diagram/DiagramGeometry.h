#pragma once
// Where everything of a diagram goes, in logical pixels: a plain struct computed once from a
// DiagramModel and a theme (for its fonts and scale), shared by the painter, the exports and the
// mouse. cellRect() is the one function that places a storage cell, for painting and for
// hitTest() alike; likewise gridCellRect() for logical cells. Nothing here paints.
//
// Vertical order: caption, legend, storage strip (rows of cells, each row with a band above it
// for arrows and the offset flag, a band below for alignment ticks and the extent bracket, then
// one lane per tensor), logical grid (with the grids of model.companions to its right, each
// under a caption), focus line, notes. FigureOptions (DiagramModel.h) takes parts out: a clean
// figure has no address column, legend, key line, ticks band, footer or notes.
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramTheme.h"

#include <QPainterPath>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QSizeF>
#include <QString>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace stridescope::app {

// What lies under a point.
struct DiagramHit {
    enum class Kind { None, StorageCell, GridCell };
    Kind kind = Kind::None;
    std::int64_t unit = -1;         // StorageCell: the strip unit
    std::int64_t storageIndex = -1; // StorageCell: first element of the unit; GridCell: the element it reads
    Shape index;                    // GridCell: the logical index
    bool operator==(const DiagramHit&) const = default;
};

// One stride arrow, from the focused element's storage cell to its neighbour's.
struct ArrowGeometry {
    int dim = 0;
    QPainterPath path; // the line, without its head
    QPointF start;     // inside the source cell (on its upper edge)
    QPointF end;       // inside the target cell: the tip of the head
    QPointF headFrom;  // the point the final segment comes from: sets the head's angle
    QString label;     // "dim 1: +4" (and "(+32 B)" in byte mode)
    QRectF labelRect;  // where the label (with its background) goes
    bool loop = false; // stride 0 (or a neighbour inside the same block): a loop on one cell
    bool crossRow = false;
};

// A piece of text with its place.
struct PlacedText {
    QString text;
    QRectF rect;
};

// One entry of the per-dim legend.
struct LegendItem {
    int dim = 0;
    QRectF swatch; // a short arrow in the dim's colour
    PlacedText text;
};

// The copy that made the storage (model.transfer): the source storage's box above the strip,
// an arrow down from it to the strip heading (through the contiguous copy's box, when the source
// was not dense) and the arrow's figures to its right.
struct TransferGeometry {
    QRectF sourceBox;
    PlacedText sourceText;
    QRectF copyBox; // null when the source was dense
    PlacedText copyText;
    QPainterPath path;                              // the line (one segment per hop), without its heads
    std::vector<std::pair<QPointF, QPointF>> heads; // (from, tip) of each hop's head
    PlacedText label;
    PlacedText destination; // after the label, on its line
    QRectF bounds() const;
};

struct DiagramGeometry {
    static DiagramGeometry compute(const DiagramModel& model, const DiagramTheme& theme);

    QSizeF size; // of the whole picture
    double margin = 0;

    // ---- caption and legend ----
    PlacedText title;
    PlacedText layoutLine;
    PlacedText storageLine;
    std::vector<LegendItem> legend;
    std::optional<TransferGeometry> transfer; // between the legend and the strip heading

    // ---- storage strip ----
    PlacedText stripHeading;
    PlacedText stripSubtitle;
    QRectF rampKey;       // gradient bar "first → last"
    PlacedText rampFirst; // "first" left of the bar
    PlacedText rampLast;  // "last" right of the bar
    StripDetail detail = StripDetail::Full;
    std::int64_t unitCount = 0;
    int cellsPerRow = 1;
    int rowCount = 0;
    double stripLeft = 0; // x of the first cell of a row
    double cellWidth = 0;
    double cellHeight = 0;
    double cellGap = 0;
    std::vector<double> rowTop; // y of the cells of each row
    double markerBand = 0;      // height of the ticks-and-bracket band under each row
    double laneHeight = 0;
    double laneGap = 0;
    int laneCount = 0;
    double addressRight = 0;  // right edge of the address / lane-name column
    bool showCellText = true; // values (and indices) inside strip cells
    bool showCellIndex = true;
    bool showAddresses = true; // row addresses, alignment ticks, the extent bracket
    bool showLegend = true;    // per-dim legend, the ramp key and the strip's key line
    std::vector<ArrowGeometry> arrows;

    // ---- the storage a copying index read (model.gathered), between the strip and the grid ----
    PlacedText gatheredHeading;
    std::vector<QRectF> gatheredCells; // one per drawn source cell, wrapped like the strip

    // ---- logical grid ----
    PlacedText gridHeading;
    QRectF gridArea;  // everything the grid draws (blocks and their labels)
    QRectF emptyNote; // the dashed box of an empty tensor
    double gridCellWidth = 0;
    double gridCellHeight = 0;
    double gridCellGap = 0;
    double gridRowHeader = 0;  // width of the row-index column of a block (0 below 2-D)
    double gridColHeader = 0;  // height of the column-index row of a block (0 for 0-dim)
    double gridBlockLabel = 0; // height of the "[0, :, :]" label (0 below 3-D)
    QSizeF gridBlockSize;
    std::vector<double> colOffsets, colExtents; // per slot of the last dim, from a block's cell origin
    std::vector<double> rowOffsets, rowExtents; // per slot of the second-to-last dim
    struct GridLevel {
        int dim = 0;
        bool horizontal = true;
        std::vector<double> offsets; // per slot
        std::vector<double> extents;
    };
    std::vector<GridLevel> gridLevels; // leading dims, dim 0 first

    // ---- further grids beside the primary's (model.companions), same order ----
    std::vector<DiagramGeometry> companionGrids; // each placed on its own, origin at its gridArea
    std::vector<QPointF> companionOrigins;       // where each one's gridArea goes in this picture
    std::vector<PlacedText> gridCaptions;        // "name = expression" over each grid (primary first)
    std::vector<PlacedText> gridCaptionLines;    // its "stride (1, 3) · offset 0" line

    // ---- under the grid ----
    PlacedText focusLine;
    std::vector<PlacedText> notes;

    // ---- mapping functions (the only place positions are computed) ----
    // Rectangle of the strip unit holding storage element `storageIndex`; null when not shown.
    QRectF cellRect(std::int64_t storageIndex) const;
    QRectF unitRect(std::int64_t unit) const;
    // Rectangle of the lane `lane` (0 = primary when lanes are shown) under strip row `row`.
    QRectF laneRect(int lane, int row) const;
    // Mark of lane `lane` under unit `unit`.
    QRectF laneCellRect(int lane, std::int64_t unit) const;
    // Rectangle of logical cell `index`; null when elided or out of range.
    QRectF gridCellRect(const Shape& index) const;
    QRectF gridCellRectBySlots(const std::vector<std::int64_t>& slotPositions) const;
    // Matrix block (cells only) for the slot positions of the leading dims.
    QRectF gridBlockCells(const std::vector<std::int64_t>& leadingSlots) const;
    // Whole block: label, headers and cells.
    QRectF gridBlockRect(const std::vector<std::int64_t>& leadingSlots) const;
    // The arrow of dim `dim`, or nullptr when the focused element has no neighbour along it.
    const ArrowGeometry* arrowPath(int dim) const;
    // Which storage unit or logical cell is under `point` (gaps between cells hit nothing).
    DiagramHit hitTest(const QPointF& point) const;

    // A head for an arrow ending at `tip`, pointing along from → tip; empty when from == tip.
    static QPolygonF arrowHead(const QPointF& from, const QPointF& tip, double length);

    int rowOfUnit(std::int64_t unit) const { return static_cast<int>(unit / cellsPerRow); }

private:
    // Copies of the model facts the mapping functions need, so that the geometry stands alone.
    std::int64_t m_stripFirst = 0;
    std::int64_t m_stripEnd = 0;
    std::int64_t m_unitSize = 1;
    std::vector<std::vector<std::int64_t>> m_slots;
    Layout m_layout;
    QPointF m_gridOrigin; // top-left of the first block
};

} // namespace stridescope::app
