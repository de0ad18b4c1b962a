#pragma once
// The diagram as a file: PNG (a QImage at any scale, for hi-DPI; with alpha when the figure is
// transparent), SVG (QSvgGenerator: labels and values stay <text> elements, so they can be
// searched and copied, with generic font fallbacks and the alt text in <title>/<desc>; or glyph
// outlines with FigureOptions::textAsPaths), PDF (QPdfWriter, vector, one page the size of the
// picture), TikZ (TikzExport.h) and the traversal as a GIF (GifExport.h). All paint through
// DiagramPainter. Files are written atomically (QSaveFile): a failed export never leaves half a
// file behind.
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramTheme.h"

#include <QByteArray>
#include <QImage>
#include <QString>

#include <optional>

namespace stridescope::app {

enum class DiagramFormat { Png, Svg, Pdf, Tex, Gif };

// The format named by a file's extension (.png, .svg, .pdf, .tex, .gif; any case), or nothing.
std::optional<DiagramFormat> diagramFormatForPath(const QString& path);

// Largest PNG side in device pixels; beyond it renderDiagramImage() refuses (null image).
inline constexpr int kMaxImageSide = 32768;

// The picture at `scale` device pixels per logical pixel (2 for a hi-DPI PNG). Null when the
// image would exceed kMaxImageSide.
QImage renderDiagramImage(const DiagramModel& model, const DiagramTheme& theme, double scale = 1.0);

QByteArray diagramToPng(const DiagramModel& model, const DiagramTheme& theme, double scale = 1.0);
QByteArray diagramToSvg(const DiagramModel& model, const DiagramTheme& theme);
QByteArray diagramToPdf(const DiagramModel& model, const DiagramTheme& theme);

// Writes the picture to `path` in `format`. Returns an empty string on success, else a sentence
// saying what went wrong ("cannot write /x/y.png: Permission denied").
// `fps` is the GIF's frame rate.
QString writeDiagram(const QString& path, DiagramFormat format, const DiagramModel& model,
                     const DiagramTheme& theme, double scale = 1.0, double fps = 4.0);

// The extensions writeDiagram() knows, for messages and file dialogs: ".png, .svg, .pdf, .tex or .gif".
QString diagramExtensionsText();

} // namespace stridescope::app
