// Build-time tool: renders the scalable icon (resources/icons/stridescope.svg) into the PNG sizes
// of the hicolor icon theme, so the PNGs are made from the one SVG by the build, never drawn by
// hand or committed. Usage: stridescope_icon_png SVG SIZE OUT.png
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s SVG SIZE OUT.png\n", argv[0]);
        return 2;
    }
    const int size = std::atoi(argv[2]);
    if (size < 1 || size > 4096) {
        std::fprintf(stderr, "%s: size must be 1..4096, not '%s'\n", argv[0], argv[2]);
        return 2;
    }
    // The icon is paths and fills only (no text), so no QGuiApplication (and no platform plugin)
    // is needed: QSvgRenderer paints with the raster engine straight into the image.
    QSvgRenderer renderer(QString::fromLocal8Bit(argv[1]));
    if (!renderer.isValid()) {
        std::fprintf(stderr, "%s: cannot read the SVG '%s'\n", argv[0], argv[1]);
        return 1;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        renderer.render(&painter, QRectF(0, 0, size, size));
    }
    if (!image.save(QString::fromLocal8Bit(argv[3]), "PNG")) {
        std::fprintf(stderr, "%s: cannot write '%s'\n", argv[0], argv[3]);
        return 1;
    }
    return 0;
}
