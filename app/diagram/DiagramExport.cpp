#include "app/diagram/DiagramExport.h"

#include "app/diagram/DiagramGeometry.h"
#include "app/diagram/DiagramPainter.h"
#include "app/diagram/GifExport.h"
#include "app/diagram/LogicalPaintDevice.h"
#include "app/diagram/TikzExport.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImageWriter>
#include <QPageSize>
#include <QPaintEngine>
#include <QPainter>
#include <QRegularExpression>
#include <QTextItem>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <cmath>

namespace stridescope::app {

namespace {

// Every vector device is told that one of its units is one logical pixel (96 per inch), so that
// pixel-sized fonts and the geometry mean the same on paper as on screen.
constexpr int kLogicalDpi = 96;

QString describeTitle(const DiagramModel& model) {
    return model.title.isEmpty() ? QStringLiteral("StrideScope diagram") : model.title;
}

// Forwards everything to another painter, except text, which it turns into glyph outlines
// (`--text-as-paths`: an SVG that looks the same without the fonts).
class OutlineEngine : public QPaintEngine {
public:
    explicit OutlineEngine(QPainter& target) : QPaintEngine(QPaintEngine::AllFeatures), m_target(target) {}
    bool begin(QPaintDevice*) override { return true; }
    bool end() override { return true; }
    Type type() const override { return QPaintEngine::User; }
    void updateState(const QPaintEngineState& state) override {
        const auto dirty = state.state();
        if (dirty & DirtyPen)
            m_target.setPen(state.pen());
        if (dirty & DirtyBrush)
            m_target.setBrush(state.brush());
        if (dirty & DirtyBrushOrigin)
            m_target.setBrushOrigin(state.brushOrigin());
        if (dirty & DirtyTransform)
            m_target.setTransform(state.transform());
        if (dirty & DirtyOpacity)
            m_target.setOpacity(state.opacity());
        if (dirty & DirtyHints)
            m_target.setRenderHints(state.renderHints());
        if (dirty & DirtyFont)
            m_target.setFont(state.font());
    }
    void drawPath(const QPainterPath& path) override { m_target.drawPath(path); }
    void drawPolygon(const QPointF* points, int count, PolygonDrawMode mode) override {
        if (mode == PolylineMode)
            m_target.drawPolyline(points, count);
        else
            m_target.drawPolygon(points, count, mode == WindingMode ? Qt::WindingFill : Qt::OddEvenFill);
    }
    void drawPixmap(const QRectF& rect, const QPixmap& pixmap, const QRectF& source) override {
        m_target.drawPixmap(rect, pixmap, source);
    }
    void drawTextItem(const QPointF& p, const QTextItem& item) override {
        QPainterPath path;
        path.addText(p, item.font(), item.text());
        const QPen pen = m_target.pen();
        const QBrush brush = m_target.brush();
        m_target.setPen(Qt::NoPen);
        m_target.setBrush(pen.color());
        m_target.drawPath(path);
        m_target.setPen(pen);
        m_target.setBrush(brush);
    }

private:
    QPainter& m_target;
};

// Qt writes the first family of a font; a reader without DejaVu gets the generic kind instead
// of a serif default.
QByteArray withFontFallbacks(QByteArray svg, const DiagramTheme& theme) {
    const QString mono = theme.mono.families().value(0, theme.mono.family());
    QString text = QString::fromUtf8(svg);
    static const QRegularExpression family(QStringLiteral("font-family=\"([^\"]*)\""));
    QString out;
    qsizetype at = 0;
    for (auto it = family.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        out += QStringView(text).mid(at, match.capturedStart() - at);
        const QString name = match.captured(1);
        const bool isMono = name == mono || name.contains(QLatin1String("Mono"), Qt::CaseInsensitive);
        out += QStringLiteral("font-family=\"%1, %2\"")
                   .arg(name, isMono ? QStringLiteral("monospace") : QStringLiteral("sans-serif"));
        at = match.capturedEnd();
    }
    out += QStringView(text).mid(at);
    return out.toUtf8();
}

bool paintSvg(QIODevice* device, const DiagramModel& model, const DiagramTheme& theme) {
    const DiagramGeometry geometry = DiagramGeometry::compute(model, theme);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setResolution(kLogicalDpi);
    generator.setSize(geometry.size.toSize());
    generator.setViewBox(QRectF(QPointF(0, 0), geometry.size));
    generator.setTitle(describeTitle(model));
    generator.setDescription(model.altText());
    QPainter painter;
    if (!painter.begin(&generator))
        return false;
    if (model.options.figure.textAsPaths) {
        OutlineEngine engine(painter);
        LogicalPaintDevice outlines(geometry.size.toSize(), &engine);
        QPainter outlining(&outlines);
        DiagramPainter(model, geometry, theme).paint(outlining);
        outlining.end();
    } else {
        DiagramPainter(model, geometry, theme).paint(painter);
    }
    if (!painter.end())
        return false;
    const QByteArray svg = withFontFallbacks(bytes, theme);
    return device->write(svg) == svg.size();
}

bool paintPdf(QIODevice* device, const DiagramModel& model, const DiagramTheme& theme) {
    const DiagramGeometry geometry = DiagramGeometry::compute(model, theme);
    QPdfWriter writer(device);
    writer.setResolution(kLogicalDpi);
    writer.setCreator(QStringLiteral("StrideScope"));
    writer.setTitle(describeTitle(model));
    const QSizeF points = geometry.size * (72.0 / kLogicalDpi);
    writer.setPageSize(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    QPainter painter;
    if (!painter.begin(&writer))
        return false;
    DiagramPainter(model, geometry, theme).paint(painter);
    return painter.end();
}

} // namespace

std::optional<DiagramFormat> diagramFormatForPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return DiagramFormat::Png;
    if (suffix == QLatin1String("svg"))
        return DiagramFormat::Svg;
    if (suffix == QLatin1String("pdf"))
        return DiagramFormat::Pdf;
    if (suffix == QLatin1String("tex"))
        return DiagramFormat::Tex;
    if (suffix == QLatin1String("gif"))
        return DiagramFormat::Gif;
    return std::nullopt;
}

QString diagramExtensionsText() { return QStringLiteral(".png, .svg, .pdf, .tex or .gif"); }

QImage renderDiagramImage(const DiagramModel& model, const DiagramTheme& theme, double scale) {
    if (!(scale > 0) || !std::isfinite(scale))
        return {};
    const DiagramGeometry geometry = DiagramGeometry::compute(model, theme);
    const double width = std::ceil(geometry.size.width() * scale);
    const double height = std::ceil(geometry.size.height() * scale);
    if (width > kMaxImageSide || height > kMaxImageSide || width < 1 || height < 1)
        return {};
    QImage image(static_cast<int>(width), static_cast<int>(height), QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return {};
    image.setDevicePixelRatio(scale);
    image.fill(model.options.figure.transparent ? QColor(Qt::transparent) : theme.background);
    QPainter painter(&image);
    DiagramPainter(model, geometry, theme).paint(painter);
    painter.end();
    return image;
}

QByteArray diagramToPng(const DiagramModel& model, const DiagramTheme& theme, double scale) {
    const QImage image = renderDiagramImage(model, theme, scale);
    QByteArray bytes;
    if (image.isNull())
        return bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

QByteArray diagramToSvg(const DiagramModel& model, const DiagramTheme& theme) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    paintSvg(&buffer, model, theme);
    return bytes;
}

QByteArray diagramToPdf(const DiagramModel& model, const DiagramTheme& theme) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    paintPdf(&buffer, model, theme);
    return bytes;
}

QString writeDiagram(const QString& path, DiagramFormat format, const DiagramModel& model,
                     const DiagramTheme& theme, double scale, double fps) {
    if (format == DiagramFormat::Gif)
        return writeTraversalGif(path, model, theme, scale, fps);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    bool painted = false;
    switch (format) {
    case DiagramFormat::Png: {
        const QImage image = renderDiagramImage(model, theme, scale);
        if (image.isNull()) {
            file.cancelWriting();
            return QStringLiteral("cannot draw %1: the picture would exceed %2 pixels on a side at scale %3")
                .arg(path)
                .arg(kMaxImageSide)
                .arg(scale);
        }
        QImageWriter writer(&file, "png");
        painted = writer.write(image);
        break;
    }
    case DiagramFormat::Svg:
        painted = paintSvg(&file, model, theme);
        break;
    case DiagramFormat::Pdf:
        painted = paintPdf(&file, model, theme);
        break;
    case DiagramFormat::Tex: {
        const QByteArray tex = diagramToTikz(model, theme);
        painted = file.write(tex) == tex.size();
        break;
    }
    case DiagramFormat::Gif:
        break; // written above
    }
    if (!painted) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return QStringLiteral("cannot write %1: %2")
            .arg(path, reason.isEmpty() ? QStringLiteral("drawing failed") : reason);
    }
    if (!file.commit())
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    return {};
}

} // namespace stridescope::app
