#pragma once
// The pattern of logical order inside one block of the storage strip (Blocks detail, where one
// square stands for thousands of elements). A single colour per block (its first logical
// element) hides a transposition: every block of a 4096x4096 b.t() starts near logical position
// 0. Sampling the logical position of a few elements spread over the block shows it instead: a
// block of b holds one run of positions (one colour), a block of b.t() holds positions from the
// whole tensor (the full ramp, drawn as stripes).
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramTheme.h"

#include <QRectF>

#include <cstdint>
#include <optional>
#include <vector>

class QPainter;

namespace stridescope::app {

// The row-major logical position of the element of `tensor` that reads storage element
// `element`, for layouts where at most one does (no stride 0, no overlap); nothing when none
// does or the layout repeats elements.
std::optional<std::int64_t> logicalOrderAt(const Tensor& tensor, std::int64_t element);

// Logical positions (as shares 0..1 of numel - 1; -1 where no element is read) of `count`
// elements spread evenly over strip unit `unit`.
std::vector<double> orderSamples(const DiagramModel& model, std::int64_t unit, int count = 8);

// Draws the logical order inside a Blocks unit as vertical stripes over `rect`, lowest to
// highest, when it spans more than a run (a plain square is left as it is), tinted by the
// block's reach like its fill.
void paintOrderPattern(QPainter& painter, const QRectF& rect, const DiagramModel& model, const DiagramTheme& theme,
                       std::int64_t unit);

} // namespace stridescope::app
