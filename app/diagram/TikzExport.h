#pragma once
// The diagram as a standalone TikZ document (`render --out fig.tex`), in the spirit of CuTe's
// print_latex: `\documentclass{standalone}` with one `tikzpicture`, compiled by pdflatex with
// TikZ alone. It is drawn by the same DiagramPainter as every other format, through a paint
// engine that writes TikZ instead of pixels, so it shows what the SVG shows: rectangles,
// arrows and flags become \fill / \draw paths, each text a \node at its place.
//
// Colours are named once at the top (\definecolor): the theme's ink, dim colours (dim0, dim1, …)
// and markers by role, every other fill as fillN, so that a writer can restyle a figure by
// editing one line. Coordinates are the diagram's logical pixels (x = 0.75pt, y downwards).
// Text is set in the document's sans and typewriter fonts at the theme's sizes (fix-cm makes
// Computer Modern scale); characters outside Latin-1 that pdflatex cannot set without extra
// packages are spelt in LaTeX (·, →, …). TeX's fonts are narrower than the screen's, so short
// texts (cell values, indices, arrow labels: under 64 px) are centred where Qt centred them and
// longer ones start where Qt started them. Without standalone.cls (texlive-latex-extra) the
// document falls back to an article page the size of the picture.
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramTheme.h"

#include <QByteArray>
#include <QString>

namespace stridescope::app {

QByteArray diagramToTikz(const DiagramModel& model, const DiagramTheme& theme);

// Text in a form pdflatex sets with no package beyond TikZ: LaTeX specials escaped, the few
// non-ASCII characters the diagram uses spelt as commands. Empty optional-like result: `ok`
// is false when a character cannot be spelt (Chinese, for one).
QString latexText(const QString& text, bool* ok = nullptr);

} // namespace stridescope::app
