#pragma once
// The plain data one diagram needs, computed once from a primary tensor (plus other tensors on
// the same storage, drawn as lanes): what the storage strip shows in each cell or block, which
// logical cells the grid shows, the stride arrows of the focused element, and the caption.
// No painting and no geometry here; DiagramGeometry places this data, DiagramPainter draws it.
//
// Memory and time stay bounded whatever the tensor: the strip holds at most
// DiagramOptions::maxStripCells units (one storage element each, or a block of elements once the
// storage is larger), the grid at most a few thousand cells (long dims are elided like PyTorch's
// print), and reach is counted element by element only up to a budget, estimated beyond it.
#include "core/Analysis.h"
#include "core/Device.h"
#include "core/Tensor.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace stridescope::app {

// One tensor as the diagram receives it: the tensor, its name and the code that produced it.
struct DiagramTensorSpec {
    QString name;       // "y"; may be empty
    QString expression; // "x.transpose(0, 1)"; may be empty
    Tensor tensor;
};

// What a cell shows: its value, the storage index it is (strip) or reads (grid), its logical
// coordinate, nothing; Auto is the screen's choice (index and value in the strip, value in the grid).
enum class CellLabels { Auto, Value, Index, Coord, None };

// The choices of a figure for documentation (`render --clean` and its switches, the Export
// dialog). The defaults draw what the window draws; `clean` drops what only a debugging eye
// needs (addresses, data_ptr and alignment, legends, the focus footer and notes, lanes, the
// extent bracket) and each optional switch puts one thing back or takes it away.
struct FigureOptions {
    bool clean = false;
    CellLabels labels = CellLabels::Auto;
    std::optional<bool> addresses; // row addresses, data_ptr, alignment ticks, extent bracket
    std::optional<bool> lanes;     // a lane per tensor on the storage
    std::optional<bool> legend;    // per-dim legend, the order ramp key, the strip's key line
    int wrap = 0;                  // storage cells per row; 0: automatic
    double width = 0;              // wanted picture width in logical pixels; 0: automatic
    QString title;                 // replaces the caption's "name = expression" when not empty
    bool transparent = false;      // no background (PNG alpha, SVG without a backdrop)
    bool textAsPaths = false;      // SVG: glyphs as outlines, no <text>
    bool caption = true;           // the title and layout line over the strip

    bool showAddresses() const { return addresses.value_or(!clean); }
    bool showLanes() const { return lanes.value_or(!clean); }
    bool showLegend() const { return legend.value_or(!clean); }
    bool showFooter() const { return !clean; }
    // Cell text in the strip and in the grid, Auto resolved.
    CellLabels stripLabels() const { return labels == CellLabels::Auto && clean ? CellLabels::Value : labels; }
    CellLabels gridLabels() const { return labels == CellLabels::Auto ? CellLabels::Value : labels; }
};

struct DiagramOptions {
    FigureOptions figure;
    bool showStorageIndices = false; // grid cells also show the storage index they read
    bool byteMode = false;           // arrows and indices in bytes as well as elements
    std::optional<Shape> focus;      // focused logical element; default all zeros
    // Names the user gave the dims ("N", "C", "H", "W"), shown with their numbers; used only
    // when there is one per dim.
    QStringList dimNames;
    // Above this many storage elements in view, the strip draws blocks of elements.
    std::int64_t maxStripCells = 4096;
    // The name bound to the storage a copying index read (DiagramModel::gathered), when known.
    QString gatheredSourceName;
};

// The storage a copying index read (core/GatheredCells.h: x[[0, 2]], x[x > 6], index_select,
// gather, take, masked_select), drawn as a strip of its own under the tensor's strip with the
// cells that were read marked.
struct GatheredStrip {
    QString heading;                 // "read from x's storage: 4 of its 12 cells"
    std::vector<QString> values;     // per source cell drawn (the first maxStripCells at most)
    std::vector<int> reads;          // how many elements of the tensor read each drawn cell
    std::int64_t sourceElements = 0; // cells of the whole source storage
};

// How much the strip can show per storage element.
enum class StripDetail {
    Full,    // index and value in every cell, arrows with labels
    Compact, // smaller cells, value only where it fits
    Tiny,    // coloured squares, no text
    Blocks,  // one square per block of unitSize elements
};

// One drawn unit of the strip: a storage element, or a block of them in Blocks detail.
struct StripUnit {
    std::int64_t firstOrder = -1; // smallest row-major logical position landing here; -1: none
    std::int64_t fanIn = 0;       // most logical elements landing on one of its elements
    float reached = 0.0F;         // share of its elements the primary view reaches, 0..1
    QString value;                // the element's value (cells only); "…" when unknown
};

// One tensor's reach, aligned with the strip's units.
struct DiagramLane {
    QString name;
    bool primary = false;
    std::vector<float> coverage; // per unit, 0..1
};

// Focused element to its neighbour along one dim (index + 1 in that dim).
struct DiagramArrow {
    int dim = 0;
    std::int64_t stride = 0;
    std::int64_t fromStorage = 0;
    std::int64_t toStorage = 0;
};

// One cell of the logical grid; the grid holds one per combination of shown slots.
struct GridCell {
    bool shown = false;            // false where a slot is an ellipsis ("⋯")
    Shape index;                   // logical index
    std::int64_t storageIndex = 0; // element of the storage it reads
    std::int64_t order = 0;        // row-major logical position
    QString value;
};

// The host<->device copy that made the primary's storage, drawn as a box for the source storage
// above the strip and an arrow from it to the strip: "h2d · 24 B · pageable, staged · not
// measured (simulated)". Texts only: the geometry measures them, the painter draws them.
struct DiagramTransfer {
    QString source;         // "source: x's storage · cpu · 48 B", "source: a temporary · cpu"
    QString arrowLabel;     // "h2d · 24 B · pageable, staged · 0.012 ms · 8.0 GB/s"
    QString contiguousNote; // "contiguous copy on cpu first (+24 B)"; empty for a dense source
    QString destination;    // "→ this storage: cuda:0 · simulated" (a clean figure has no storage line)

    // The copy (the last of `records`) whose destination is `shown`'s storage; nothing when
    // none made it. `named` (a workspace's tensors) names the source storage when one of them
    // holds it.
    static std::optional<DiagramTransfer> find(const Tensor& shown,
                                               const std::vector<TransferRecord>& records,
                                               const std::vector<std::pair<std::string, Tensor>>& named = {});
    // The texts of one record; `sourceName` and `sourceBytes` (negative: unknown) of its source.
    static DiagramTransfer describe(const TransferRecord& record, const QString& sourceName,
                                    std::int64_t sourceBytes);
    bool operator==(const DiagramTransfer&) const = default;
};

struct DiagramModel {
    // ---- the primary tensor and its caption ----
    Tensor tensor;
    QString name;
    QString expression;
    QString title; // "y = x.transpose(0, 1)", or the figure's own --title
    QString tensorCaption; // always "y = x.transpose(0, 1)": what the grids of a several-tensor figure are headed by
    QString
        layoutLine; // "shape (3, 2, 4) · stride (4, 12, 1) · storage_offset 0 · int64 · is_contiguous False"
    QString storageLine; // "storage: 24 × int64 = 192 B · data_ptr 0x… · 128-byte aligned"
    QString elementName; // what the focus line calls it ("y", or "tensor")
    std::int64_t numel = 0;
    int itemSize = 1;
    bool hasValues = true;
    std::uint64_t baseAddress = 0;
    std::uint64_t dataPtr = 0;
    int dataPtrAlignment = 1; // largest power of two dividing data_ptr, capped at 128
    std::optional<Extent> extent;
    std::int64_t maxFanIn = 0;
    bool coverageApproximate = false; // reach estimated rather than counted

    // ---- the storage strip ----
    std::int64_t storageElements = 0; // in the primary's dtype
    StripDetail detail = StripDetail::Full;
    std::int64_t stripFirst = 0; // first storage element shown (> 0 when a window is shown)
    std::int64_t stripEnd = 0;   // one past the last storage element shown
    std::int64_t unitSize = 1;   // storage elements per unit (1 unless Blocks)
    std::vector<StripUnit> units;
    std::vector<DiagramLane> lanes; // empty when the primary is alone on its storage
    std::optional<GatheredStrip> gathered; // only for the result of a copying index

    // ---- the logical grid ----
    // Shown indices per dim; -1 marks an ellipsis slot. Empty for a 0-dim tensor.
    std::vector<std::vector<std::int64_t>> gridSlots;
    std::vector<GridCell> cells; // row-major over the slot tuples (one cell for 0-dim)

    // ---- focus and arrows ----
    std::optional<Shape> focus; // nothing for an empty tensor
    std::int64_t focusStorage = 0;
    std::vector<DiagramArrow> arrows;

    DiagramOptions options;
    QStringList notes;

    // The copy between devices that made this storage, when the caller found one (set after
    // build(): the model has no session to look in). Nothing for every other tensor.
    std::optional<DiagramTransfer> transfer;

    // What the model was built from (the primary first, then the others): enough to draw the
    // same tensors again with other figure options (the Export dialog).
    std::vector<DiagramTensorSpec> sources;

    // Further tensors on the same storage whose logical grids are drawn beside this one's
    // (`render --var x --var y`); the strip, the arrows and the lanes stay the primary's.
    std::vector<DiagramModel> companions; // sentences under the picture ("layout only: …", "empty: shape (2, 0, 3)")

    static DiagramModel build(const DiagramTensorSpec& primary,
                              const std::vector<DiagramTensorSpec>& others = {},
                              const DiagramOptions& options = {});

    // The same tensors (and companions) built again with `figure` for the figure options.
    DiagramModel withFigure(const FigureOptions& figure) const;

    // Moves the focus (index clamped into the shape) and recomputes the arrows.
    void setFocus(const Shape& index);

    std::int64_t unitCount() const { return static_cast<std::int64_t>(units.size()); }
    // The unit showing storage element `storageIndex`, or -1 when it is not shown.
    std::int64_t unitOf(std::int64_t storageIndex) const;
    // Storage elements [first, end) of unit `unit`.
    std::int64_t unitFirst(std::int64_t unit) const { return stripFirst + unit * unitSize; }
    std::int64_t unitEnd(std::int64_t unit) const;
    // The shown grid cell of `index`, or nullptr when it is elided or out of range.
    const GridCell* cellAt(const Shape& index) const;
    // Position of the grid cell in `cells` for a slot tuple (one slot position per dim).
    std::int64_t cellIndexOfSlots(const std::vector<std::int64_t>& slotPositions) const;
    // Row-major logical position to index.
    Shape unravel(std::int64_t order) const;
    // The first logical element (row-major) reading storage element `storageIndex`, if any.
    std::optional<Shape> firstIndexAt(std::int64_t storageIndex) const;
    // "y[1, 0, 2]: 0 + 1·4 + 0·12 + 2·1 = 6 → 0x7f0000400030".
    QString formulaFor(const Shape& index) const;
    // "[1, :, :]"-style label parts: the leading indices of a block.
    static QString indexText(const Shape& index);

    // The text of strip unit `unit` and of a grid cell under the figure's label choice; empty
    // when the cell shows nothing (CellLabels::Auto in the strip is drawn as index over value).
    QString unitLabel(std::int64_t unit) const;
    QString gridLabel(const GridCell& cell) const;
    // One sentence for alt text: what the picture shows, in words.
    QString altText() const;
};

// A value as a cell shows it: compact, in the tensor's dtype ("3", "3.", "0.5", "1.2e+09", "True").
QString formatValue(const Scalar& value, DType dtype);
// "(3, 2, 4)", "(4,)", "()": Python's tuple spelling.
QString tupleText(const Shape& values);
// 1234567 → "1,234,567".
QString groupDigits(std::int64_t value);
// 0x7f0000400000 → "0x7f0000400000".
QString hexAddress(std::uint64_t address);
// 192 → "192 B", 4096 → "4 KiB", 1536 → "1.5 KiB".
QString byteSize(std::int64_t bytes);

} // namespace stridescope::app
