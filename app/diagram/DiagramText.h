#pragma once
// The words drawn in the diagram. They follow the UI language (context "DiagramText" in the
// .ts files) and stay English where no translator is installed: `stridescope render`, the tests.
// Texts that DiagramGeometry measures and DiagramPainter draws are built here, once, so that
// both sides get the same string in every language.
#include "core/Tensor.h"

#include <QCoreApplication>
#include <QString>

namespace stridescope::app {

struct DiagramLane;

class DiagramText {
    Q_DECLARE_TR_FUNCTIONS(DiagramText)

public:
    // "empty: shape (2, 0, 3)": the grid's note for a tensor without elements.
    static QString emptyShape(const Shape& sizes);
    // The grid's axis key: "dim 2 → columns", "dim 1 ↓ rows", "dim 0 → blocks".
    static QString columnsAxis(int dim);
    static QString rowsAxis(int dim);
    static QString blocksAxis(int dim, bool horizontal);
    // What a storage lane is called at its left: the tensor's name (the one place lanes are
    // labelled, for the geometry to measure and the painter to draw).
    static QString laneLabel(const DiagramLane& lane);
};

} // namespace stridescope::app
