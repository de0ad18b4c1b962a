#pragma once
// The words drawn in the diagram. They follow the UI language (context "DiagramText" in the
// .ts files) and stay English where no translator is installed: `stridescope render`, the tests.
// Texts that DiagramGeometry measures and DiagramPainter draws are built here, once, so that
// both sides get the same string in every language.
#include "core/Tensor.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace stridescope::app {

struct DiagramLane;

class DiagramText {
    Q_DECLARE_TR_FUNCTIONS(DiagramText)

public:
    // "empty: shape (2, 0, 3)": the grid's note for a tensor without elements.
    static QString emptyShape(const Shape& sizes);
    // "1", or "1 (C)" when the dims have names (one per dim).
    static QString dimNumber(int dim, const QStringList& names = {});
    // The grid's axis key: "dim 2 → columns", "dim 1 ↓ rows", "dim 0 → blocks".
    static QString columnsAxis(int dim, const QStringList& names = {});
    static QString rowsAxis(int dim, const QStringList& names = {});
    static QString blocksAxis(int dim, bool horizontal, const QStringList& names = {});
    // What a storage lane is called at its left: the tensor's name (the one place lanes are
    // labelled, for the geometry to measure and the painter to draw).
    static QString laneLabel(const DiagramLane& lane);
};

} // namespace stridescope::app
