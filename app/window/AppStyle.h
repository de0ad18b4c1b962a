#pragma once
// The application's look: Fusion with a light or a dark palette (the diagram follows with its
// own light/dark theme), and presentation mode's larger type.
#include <QColor>
#include <QIcon>
#include <QString>

class QApplication;

namespace stridescope::app {

class AppStyle {
public:
    // "light" or "dark".
    static void apply(const QString& theme, bool presentation);
    static bool isDark(const QString& theme) { return theme == QLatin1String("dark"); }
    // Point size of the application font in presentation mode, as a multiple of the normal one.
    static constexpr double kPresentationScale = 1.6;

    // Toolbar icons drawn as vectors in `colour` (the palette's text colour, so that they read
    // on a light and a dark theme), sharp at every device pixel ratio.
    enum class Glyph { Play, Pause, Step, StepBack, Restart, Undo, Redo, ZoomIn, ZoomOut, Fit };
    static QIcon icon(Glyph glyph, const QColor& colour);
};

} // namespace stridescope::app
