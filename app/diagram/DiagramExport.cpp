#include "app/diagram/DiagramExport.h"

#include "app/diagram/DiagramGeometry.h"
#include "app/diagram/DiagramPainter.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImageWriter>
#include <QPageSize>
#include <QPainter>
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

bool paintSvg(QIODevice* device, const DiagramModel& model, const DiagramTheme& theme) {
    const DiagramGeometry geometry = DiagramGeometry::compute(model, theme);
    QSvgGenerator generator;
    generator.setOutputDevice(device);
    generator.setResolution(kLogicalDpi);
    generator.setSize(geometry.size.toSize());
    generator.setViewBox(QRectF(QPointF(0, 0), geometry.size));
    generator.setTitle(describeTitle(model));
    generator.setDescription(model.layoutLine);
    QPainter painter;
    if (!painter.begin(&generator))
        return false;
    DiagramPainter(model, geometry, theme).paint(painter);
    return painter.end();
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
    return std::nullopt;
}

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
    image.fill(theme.background);
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
                     const DiagramTheme& theme, double scale) {
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
