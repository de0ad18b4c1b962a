#include "app/diagram/DiagramTheme.h"

#include <algorithm>
#include <cmath>

namespace stridescope::app {

namespace {

QColor hex(const char* text) { return QColor(QString::fromLatin1(text)); }

QFont makeFont(const QStringList& families, QFont::StyleHint hint, int pixelSize) {
    QFont font;
    font.setFamilies(families);
    font.setStyleHint(hint);
    font.setPixelSize(pixelSize);
    // Geometry is measured once and drawn on several devices: keep glyph advances device
    // independent so that an SVG or a PDF lays out exactly like the PNG.
    font.setHintingPreference(QFont::PreferNoHinting);
    font.setKerning(false);
    return font;
}

QFont sized(QFont font, double pixels, bool bold = false) {
    font.setPixelSize(std::max(1, static_cast<int>(std::lround(pixels))));
    font.setBold(bold);
    return font;
}

// Okabe & Ito (2008), "Color Universal Design": distinguishable with every common form of
// colour blindness. The order puts the strongest contrast with the background first.
std::vector<QColor> okabeItoOnLight() {
    return {hex("#0072B2"), hex("#D55E00"), hex("#009E73"), hex("#CC79A7"),
            hex("#E69F00"), hex("#56B4E9"), hex("#000000"), hex("#F0E442")};
}
std::vector<QColor> okabeItoOnDark() {
    return {hex("#56B4E9"), hex("#E69F00"), hex("#009E73"), hex("#CC79A7"),
            hex("#F0E442"), hex("#D55E00"), hex("#FFFFFF"), hex("#0072B2")};
}

DiagramTheme base() {
    DiagramTheme theme;
    theme.sans = makeFont({QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans"),
                           QStringLiteral("Liberation Sans"), QStringLiteral("Arial")},
                          QFont::SansSerif, 13);
    theme.mono =
        makeFont({QStringLiteral("DejaVu Sans Mono"), QStringLiteral("Noto Sans Mono"),
                  QStringLiteral("Liberation Mono"), QStringLiteral("Menlo"), QStringLiteral("Consolas")},
                 QFont::Monospace, 13);
    return theme;
}

} // namespace

QColor DiagramTheme::dimColor(int dim) const {
    if (dimColors.empty())
        return ink;
    return dimColors[static_cast<std::size_t>(std::max(dim, 0)) % dimColors.size()];
}

QColor DiagramTheme::rampColor(double t) const {
    if (orderRamp.empty())
        return unreachedFill;
    if (orderRamp.size() == 1 || !(t > 0.0))
        return orderRamp.front();
    t = std::min(t, 1.0);
    const double at = t * static_cast<double>(orderRamp.size() - 1);
    const auto i = std::min(static_cast<std::size_t>(at), orderRamp.size() - 2);
    const double f = at - static_cast<double>(i);
    const QColor& a = orderRamp[i];
    const QColor& b = orderRamp[i + 1];
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * f),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * f),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * f));
}

QColor DiagramTheme::textOn(const QColor& fill) const {
    // Relative luminance (sRGB weights, no gamma: good enough to pick one of two inks).
    const double luminance = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF();
    return luminance > 0.5 ? reachedText : reachedTextLight;
}

QFont DiagramTheme::titleFont() const { return sized(mono, px(15), true); }
QFont DiagramTheme::captionFont() const { return sized(mono, px(12.5)); }
QFont DiagramTheme::headingFont() const { return sized(sans, px(13), true); }
QFont DiagramTheme::valueFont() const { return sized(mono, px(13)); }
QFont DiagramTheme::smallFont() const { return sized(mono, px(10)); }
QFont DiagramTheme::labelFont() const { return sized(sans, px(11.5), true); }
QFont DiagramTheme::noteFont() const { return sized(sans, px(11.5)); }

DiagramTheme DiagramTheme::light() {
    DiagramTheme theme = base();
    theme.name = QStringLiteral("light");
    theme.background = hex("#FFFFFF");
    theme.ink = hex("#1F2328");
    theme.mutedInk = hex("#59636E");
    theme.faintLine = hex("#D8DEE4");
    theme.cellBorder = hex("#8C959F");
    theme.unreachedFill = hex("#EEF0F2");
    theme.unreachedText = hex("#A0A7AF");
    theme.reachedText = hex("#1F2328");
    theme.reachedTextLight = hex("#FFFFFF");
    // YlGnBu (ColorBrewer), stopped before its dark end so that dark text stays readable.
    theme.orderRamp = {hex("#FFE48A"), hex("#C7E9A0"), hex("#7FCDBB"), hex("#41B6C4"), hex("#2C9FCB")};
    theme.marker = hex("#3D444D");
    theme.markerText = hex("#FFFFFF");
    theme.badgeFill = hex("#B3261E");
    theme.badgeText = hex("#FFFFFF");
    theme.focus = hex("#1F2328");
    theme.hover = hex("#B3261E");
    theme.laneTrack = hex("#F0F2F4");
    theme.laneFill = hex("#59636E");
    theme.labelBackground = hex("#FFFFFF");
    theme.dimColors = okabeItoOnLight();
    return theme;
}

DiagramTheme DiagramTheme::dark() {
    DiagramTheme theme = base();
    theme.name = QStringLiteral("dark");
    theme.background = hex("#1B1D21");
    theme.ink = hex("#E6E8EB");
    theme.mutedInk = hex("#9AA3AD");
    theme.faintLine = hex("#353A41");
    theme.cellBorder = hex("#5C6570");
    theme.unreachedFill = hex("#2A2E34");
    theme.unreachedText = hex("#6B737C");
    theme.reachedText = hex("#111316");
    theme.reachedTextLight = hex("#F2F4F6");
    // Viridis (matplotlib), perceptually uniform and readable on a dark background.
    theme.orderRamp = {hex("#3B528B"), hex("#21908D"), hex("#5DC963"), hex("#C8E020")};
    theme.marker = hex("#D0D6DD");
    theme.markerText = hex("#1B1D21");
    theme.badgeFill = hex("#FF6B5E");
    theme.badgeText = hex("#1B1D21");
    theme.focus = hex("#FFFFFF");
    theme.hover = hex("#FF6B5E");
    theme.laneTrack = hex("#24282D");
    theme.laneFill = hex("#AAB3BD");
    theme.labelBackground = hex("#1B1D21");
    theme.dimColors = okabeItoOnDark();
    return theme;
}

DiagramTheme DiagramTheme::print() {
    DiagramTheme theme = light();
    theme.name = QStringLiteral("print");
    theme.lineWidth = 0.6;
    theme.arrowWidth = 1.2;
    theme.ink = hex("#000000");
    theme.mutedInk = hex("#4A4A4A");
    theme.faintLine = hex("#CCCCCC");
    theme.cellBorder = hex("#555555");
    theme.unreachedFill = hex("#FFFFFF");
    theme.unreachedText = hex("#9A9A9A");
    theme.reachedText = hex("#000000");
    // Light enough for black text and for a greyscale printer to keep the order readable.
    theme.orderRamp = {hex("#FFEFB0"), hex("#D9EFC4"), hex("#A9DCD3"), hex("#7CC3D6")};
    theme.marker = hex("#000000");
    theme.focus = hex("#000000");
    theme.laneTrack = hex("#F2F2F2");
    theme.laneFill = hex("#333333");
    return theme;
}

DiagramTheme DiagramTheme::presentation() {
    DiagramTheme theme = light();
    theme.name = QStringLiteral("presentation");
    theme.scale = 1.5;
    theme.lineWidth = 1.5;
    theme.arrowWidth = 3.0;
    theme.mutedInk = hex("#3D444D");
    theme.cellBorder = hex("#57606A");
    theme.unreachedText = hex("#7D8590");
    return theme;
}

std::optional<DiagramTheme> DiagramTheme::byName(const QString& name) {
    if (name == QLatin1String("light"))
        return light();
    if (name == QLatin1String("dark"))
        return dark();
    if (name == QLatin1String("print"))
        return print();
    if (name == QLatin1String("presentation"))
        return presentation();
    return std::nullopt;
}

QStringList DiagramTheme::names() {
    return {QStringLiteral("light"), QStringLiteral("dark"), QStringLiteral("print"),
            QStringLiteral("presentation")};
}

} // namespace stridescope::app
