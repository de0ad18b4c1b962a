#pragma once
// The colours, fonts and line weights of the diagram. Paint code reads every colour from here
// (no literals scattered in painting), so one picture can be drawn light, dark, for print or for
// a projector. Sizes are in logical pixels; fonts use pixel sizes so that a PNG, an SVG and a PDF
// (all drawn at 96 logical dots per inch) get the same layout.
#include <QColor>
#include <QFont>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace stridescope::app {

struct DiagramTheme {
    QString name; // "light", "dark", "print", "presentation"

    // Multiplies every metric (cell sizes, gaps, fonts); 1 for the document themes.
    double scale = 1.0;
    double lineWidth = 1.0;  // cell borders and brackets
    double arrowWidth = 1.8; // stride arrows

    QColor background;
    QColor ink;        // main text
    QColor mutedInk;   // secondary text: addresses, indices, notes
    QColor faintLine;  // separators, tracks, grid lines
    QColor cellBorder; // outline of storage and grid cells
    QColor unreachedFill;
    QColor unreachedText;
    QColor reachedText;            // text on a light ramp colour
    QColor reachedTextLight;       // text on a dark ramp colour
    std::vector<QColor> orderRamp; // logical-order ramp, first element to last (>= 2 stops)
    QColor marker;                 // storage_offset flag and extent bracket
    QColor markerText;             // text inside the flag
    QColor badgeFill;              // fan-in badge
    QColor badgeText;
    QColor focus; // outline of the focused element
    QColor hover; // outline of the hovered element and its partners
    QColor laneTrack;
    QColor laneFill;
    QColor labelBackground;        // behind arrow labels so that lines never cut through text
    std::vector<QColor> dimColors; // colour-blind-safe (Okabe-Ito), one per dim, cycling

    QFont sans; // pixel size set; derived sizes below multiply it
    QFont mono;

    // Colour of dim k (any k >= 0; the palette cycles).
    QColor dimColor(int dim) const;
    // Colour at t in [0, 1] along the logical-order ramp (t is clamped).
    QColor rampColor(double t) const;
    // A text colour that reads on `fill`.
    QColor textOn(const QColor& fill) const;

    // Fonts in the roles the painter uses, scaled by `scale`.
    QFont titleFont() const;   // the expression in the caption
    QFont captionFont() const; // shape/stride/offset line
    QFont headingFont() const; // "Storage", "Logical view"
    QFont valueFont() const;   // values inside cells (mono)
    QFont smallFont() const;   // indices, addresses (mono)
    QFont labelFont() const;   // arrow labels, legend (sans)
    QFont noteFont() const;    // notes and the focus line

    // A metric of `px` logical pixels at this theme's scale.
    double px(double value) const { return value * scale; }

    static DiagramTheme light();
    static DiagramTheme dark();
    static DiagramTheme print();
    static DiagramTheme presentation();
    static std::optional<DiagramTheme> byName(const QString& name);
    static QStringList names();
};

} // namespace stridescope::app
