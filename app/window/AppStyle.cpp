#include "app/window/AppStyle.h"

#include <QApplication>
#include <QFont>
#include <QPainter>
#include <QPainterPath>
#include <QPalette>
#include <QPixmap>
#include <QStyle>
#include <QStyleFactory>

namespace stridescope::app {

namespace {

QPalette darkPalette() {
    QPalette p;
    const QColor window(0x23, 0x26, 0x2B);
    const QColor base(0x1B, 0x1D, 0x21);
    const QColor text(0xE6, 0xE8, 0xEB);
    const QColor disabled(0x7D, 0x85, 0x90);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, QColor(0x30, 0x34, 0x3A));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x2D, 0x31, 0x37));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xFF, 0x6B, 0x5E));
    p.setColor(QPalette::Highlight, QColor(0x2F, 0x6F, 0xB0));
    p.setColor(QPalette::HighlightedText, QColor(0xFF, 0xFF, 0xFF));
    p.setColor(QPalette::Link, QColor(0x56, 0xB4, 0xE9));
    p.setColor(QPalette::Light, QColor(0x3A, 0x3F, 0x46));
    p.setColor(QPalette::Midlight, QColor(0x33, 0x37, 0x3D));
    p.setColor(QPalette::Mid, QColor(0x2A, 0x2E, 0x34));
    p.setColor(QPalette::Dark, QColor(0x15, 0x17, 0x1A));
    p.setColor(QPalette::Shadow, QColor(0x0A, 0x0B, 0x0D));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

} // namespace

void AppStyle::apply(const QString& theme, bool presentation) {
    auto* application = qobject_cast<QApplication*>(QApplication::instance());
    if (!application)
        return;
    static const double basePointSize = QApplication::font().pointSizeF();
    if (!application->style() ||
        application->style()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) != 0)
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(isDark(theme) ? darkPalette() : QApplication::style()->standardPalette());
    QFont font = QApplication::font();
    if (basePointSize > 0)
        font.setPointSizeF(presentation ? basePointSize * kPresentationScale : basePointSize);
    QApplication::setFont(font);
}

QIcon AppStyle::icon(Glyph glyph, const QColor& colour) {
    // Drawn on a 24-unit grid, rendered at several sizes.
    auto draw = [&](QPainter& p) {
        p.setRenderHint(QPainter::Antialiasing);
        QPen pen(colour, 2.2, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
        p.setPen(pen);
        p.setBrush(colour);
        auto triangle = [&](double x, double y, double w, double h, bool right) {
            QPolygonF t;
            if (right)
                t << QPointF(x, y) << QPointF(x + w, y + h / 2) << QPointF(x, y + h);
            else
                t << QPointF(x + w, y) << QPointF(x, y + h / 2) << QPointF(x + w, y + h);
            p.drawPolygon(t);
        };
        switch (glyph) {
        case Glyph::Play:
            triangle(7, 5, 12, 14, true);
            break;
        case Glyph::Pause:
            p.drawRect(QRectF(6.5, 5.5, 3.5, 13));
            p.drawRect(QRectF(14, 5.5, 3.5, 13));
            break;
        case Glyph::Step:
            triangle(5, 5.5, 10, 13, true);
            p.drawRect(QRectF(16.5, 5.5, 2.5, 13));
            break;
        case Glyph::StepBack:
            triangle(9, 5.5, 10, 13, false);
            p.drawRect(QRectF(5, 5.5, 2.5, 13));
            break;
        case Glyph::Restart:
            p.drawRect(QRectF(4.5, 5.5, 2.5, 13));
            triangle(8, 5.5, 6, 13, false);
            triangle(14, 5.5, 6, 13, false);
            break;
        case Glyph::Undo:
        case Glyph::Redo: {
            p.save();
            if (glyph == Glyph::Redo) {
                p.translate(24, 0);
                p.scale(-1, 1);
            }
            QPainterPath path(QPointF(8, 9));
            path.cubicTo(QPointF(14, 9), QPointF(20, 10), QPointF(19, 16));
            path.cubicTo(QPointF(18.5, 19), QPointF(16, 19.5), QPointF(13, 19.5));
            p.setBrush(Qt::NoBrush);
            p.drawPath(path);
            p.setBrush(colour);
            triangle(3.5, 4.5, 6, 9, false);
            p.restore();
            break;
        }
        case Glyph::ZoomIn:
        case Glyph::ZoomOut:
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(QPointF(10, 10), 6, 6);
            p.drawLine(QPointF(14.5, 14.5), QPointF(20, 20));
            p.drawLine(QPointF(7, 10), QPointF(13, 10));
            if (glyph == Glyph::ZoomIn)
                p.drawLine(QPointF(10, 7), QPointF(10, 13));
            break;
        case Glyph::Fit:
            p.setBrush(Qt::NoBrush);
            p.drawLine(QPointF(4, 9), QPointF(4, 4));
            p.drawLine(QPointF(4, 4), QPointF(9, 4));
            p.drawLine(QPointF(15, 4), QPointF(20, 4));
            p.drawLine(QPointF(20, 4), QPointF(20, 9));
            p.drawLine(QPointF(20, 15), QPointF(20, 20));
            p.drawLine(QPointF(20, 20), QPointF(15, 20));
            p.drawLine(QPointF(9, 20), QPointF(4, 20));
            p.drawLine(QPointF(4, 20), QPointF(4, 15));
            p.drawRect(QRectF(8.5, 8.5, 7, 7));
            break;
        }
    };
    QIcon result;
    for (int size : {16, 24, 32, 48, 64}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.scale(size / 24.0, size / 24.0);
        draw(painter);
        painter.end();
        result.addPixmap(pixmap);
    }
    return result;
}

} // namespace stridescope::app
