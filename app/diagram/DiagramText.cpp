#include "app/diagram/DiagramText.h"

#include "app/diagram/DiagramModel.h"

namespace stridescope::app {

namespace {

// The arrows are arguments so that the translatable sources stay ASCII.
const QString kRightArrow = QStringLiteral("\u2192");
const QString kDownArrow = QStringLiteral("\u2193");

} // namespace

QString DiagramText::emptyShape(const Shape& sizes) { return tr("empty: shape %1").arg(tupleText(sizes)); }

QString DiagramText::dimNumber(int dim, const QStringList& names) {
    if (dim >= 0 && dim < names.size() && !names[dim].isEmpty())
        return QStringLiteral("%1 (%2)").arg(dim).arg(names[dim]);
    return QString::number(dim);
}

QString DiagramText::columnsAxis(int dim, const QStringList& names) {
    return tr("dim %1 %2 columns").arg(dimNumber(dim, names), kRightArrow);
}

QString DiagramText::rowsAxis(int dim, const QStringList& names) {
    return tr("dim %1 %2 rows").arg(dimNumber(dim, names), kDownArrow);
}

QString DiagramText::blocksAxis(int dim, bool horizontal, const QStringList& names) {
    return tr("dim %1 %2 blocks").arg(dimNumber(dim, names), horizontal ? kRightArrow : kDownArrow);
}

QString DiagramText::laneLabel(const DiagramLane& lane) { return lane.name; }

} // namespace stridescope::app
