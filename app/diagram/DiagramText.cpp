#include "app/diagram/DiagramText.h"

#include "app/diagram/DiagramModel.h"

namespace stridescope::app {

namespace {

// The arrows are arguments so that the translatable sources stay ASCII.
const QString kRightArrow = QStringLiteral("\u2192");
const QString kDownArrow = QStringLiteral("\u2193");

} // namespace

QString DiagramText::emptyShape(const Shape& sizes) { return tr("empty: shape %1").arg(tupleText(sizes)); }

QString DiagramText::columnsAxis(int dim) {
    return tr("dim %1 %2 columns").arg(QString::number(dim), kRightArrow);
}

QString DiagramText::rowsAxis(int dim) { return tr("dim %1 %2 rows").arg(QString::number(dim), kDownArrow); }

QString DiagramText::blocksAxis(int dim, bool horizontal) {
    return tr("dim %1 %2 blocks").arg(QString::number(dim), horizontal ? kRightArrow : kDownArrow);
}

QString DiagramText::laneLabel(const DiagramLane& lane) { return lane.name; }

} // namespace stridescope::app
