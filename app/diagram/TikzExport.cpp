#include "app/diagram/TikzExport.h"

#include "app/diagram/DiagramGeometry.h"
#include "app/diagram/DiagramPainter.h"
#include "app/diagram/LogicalPaintDevice.h"

#include <QHash>
#include <QSet>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QTextItem>

#include <cmath>
#include <map>
#include <vector>

namespace stridescope::app {

namespace {

// 96 logical pixels to the inch, 72.27 TeX points to the inch: 0.75pt is close enough and keeps
// the numbers the same as in the SVG.
constexpr double kPointsPerPixel = 0.75;

QString number(double value) {
    if (std::fabs(value) < 0.005)
        value = 0;
    QString text = QString::number(value, 'f', 2);
    while (text.endsWith(QLatin1Char('0')))
        text.chop(1);
    if (text.endsWith(QLatin1Char('.')))
        text.chop(1);
    return text;
}

QString point(const QPointF& p) { return QLatin1Char('(') + number(p.x()) + QLatin1Char(',') + number(p.y()) + QLatin1Char(')'); }

// Colours by name: the theme's roles first (so that the file says `dim1`, not a hex code), then
// whatever else the painter uses, numbered in order of appearance. Each is defined once.
class ColourNames {
public:
    explicit ColourNames(const DiagramTheme& theme) {
        for (std::size_t d = 0; d < theme.dimColors.size(); ++d)
            add(QStringLiteral("dim%1").arg(d), theme.dimColors[d]);
        add(QStringLiteral("ink"), theme.ink);
        add(QStringLiteral("mutedink"), theme.mutedInk);
        add(QStringLiteral("background"), theme.background);
        add(QStringLiteral("cellborder"), theme.cellBorder);
        add(QStringLiteral("faintline"), theme.faintLine);
        add(QStringLiteral("unreached"), theme.unreachedFill);
        add(QStringLiteral("unreachedtext"), theme.unreachedText);
        add(QStringLiteral("marker"), theme.marker);
        add(QStringLiteral("markertext"), theme.markerText);
        add(QStringLiteral("badge"), theme.badgeFill);
        add(QStringLiteral("focus"), theme.focus);
        add(QStringLiteral("hover"), theme.hover);
        add(QStringLiteral("labelbackground"), theme.labelBackground);
        add(QStringLiteral("lanetrack"), theme.laneTrack);
        add(QStringLiteral("lanefill"), theme.laneFill);
    }
    QString nameOf(const QColor& color) {
        const QRgb rgb = color.rgb() & 0xffffffu;
        const auto it = m_byRgb.find(rgb);
        if (it != m_byRgb.end()) {
            m_used.insert(it->second);
            return it->second;
        }
        const QString name = QStringLiteral("fill%1").arg(++m_extra);
        add(name, color);
        m_used.insert(name);
        return name;
    }
    // \definecolor lines for the colours used, in the order they were named.
    QString definitions() const {
        QString text;
        for (const auto& [name, rgb] : m_order)
            if (m_used.contains(name))
                text += QStringLiteral("\\definecolor{%1}{HTML}{%2}\n")
                            .arg(name, QColor(rgb).name().mid(1).toUpper());
        return text;
    }

private:
    void add(const QString& name, const QColor& color) {
        const QRgb rgb = color.rgb() & 0xffffffu;
        if (m_byRgb.count(rgb))
            return; // two roles of one colour: the first name stands for both
        m_byRgb[rgb] = name;
        m_order.emplace_back(name, color.rgb());
    }
    std::map<QRgb, QString> m_byRgb;
    std::vector<std::pair<QString, QRgb>> m_order;
    QSet<QString> m_used;
    int m_extra = 0;
};

class TikzEngine : public QPaintEngine {
public:
    explicit TikzEngine(ColourNames& colours) : QPaintEngine(QPaintEngine::AllFeatures), m_colours(colours) {}

    bool begin(QPaintDevice*) override { return true; }
    bool end() override { return true; }
    Type type() const override { return QPaintEngine::User; }

    void updateState(const QPaintEngineState& state) override {
        const auto dirty = state.state();
        if (dirty & DirtyPen)
            m_pen = state.pen();
        if (dirty & DirtyBrush)
            m_brush = state.brush();
        if (dirty & DirtyTransform)
            m_transform = state.transform();
        if (dirty & DirtyFont)
            m_font = state.font();
        if (dirty & DirtyOpacity)
            m_opacity = state.opacity();
    }

    void drawPath(const QPainterPath& path) override { emitPath(m_transform.map(path), true); }

    void drawPolygon(const QPointF* points, int count, PolygonDrawMode mode) override {
        if (count < 2)
            return;
        QPainterPath path(points[0]);
        for (int i = 1; i < count; ++i)
            path.lineTo(points[i]);
        if (mode != PolylineMode)
            path.closeSubpath();
        emitPath(m_transform.map(path), mode != PolylineMode);
    }

    void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override {} // the diagram draws none

    void drawTextItem(const QPointF& p, const QTextItem& item) override {
        const QString text = item.text();
        if (text.trimmed().isEmpty() || m_pen.style() == Qt::NoPen)
            return;
        bool ok = true;
        const QString latex = latexText(text, &ok);
        if (!ok)
            m_unsettable = true;
        const QFont font = item.font();
        const QPointF at = m_transform.map(p);
        // Short texts (cell values, indices) are centred on where Qt centred them: TeX's fonts
        // are narrower than the screen's, and a centred value must stay in its cell.
        const double width = item.width();
        const bool centred = width < 64;
        const QPointF anchor = centred ? at + QPointF(width / 2, 0) : at;
        const bool mono = font.styleHint() == QFont::Monospace || font.families().join(QLatin1Char(' '))
                                                                      .contains(QLatin1String("Mono"));
        const double size = (font.pixelSize() > 0 ? font.pixelSize() : font.pointSizeF() * 96.0 / 72.0) *
                            kPointsPerPixel * m_transform.m22();
        QString options = QStringLiteral("anchor=%1,inner sep=0pt,text=%2")
                              .arg(centred ? QStringLiteral("base") : QStringLiteral("base west"),
                                   m_colours.nameOf(m_pen.color()));
        const double alpha = m_pen.color().alphaF() * m_opacity;
        if (alpha < 0.99)
            options += QStringLiteral(",text opacity=") + number(alpha);
        options += QStringLiteral(",font=\\fontsize{%1}{%2}\\selectfont%3%4")
                       .arg(number(size), number(size * 1.2), mono ? QStringLiteral("\\ttfamily") : QStringLiteral("\\sffamily"),
                            font.bold() ? QStringLiteral("\\bfseries") : QString());
        m_body += QStringLiteral("\\node[%1] at %2 {%3};\n").arg(options, point(anchor), latex);
    }

    QString body() const { return m_body; }
    bool unsettable() const { return m_unsettable; }

private:
    void emitPath(const QPainterPath& path, bool closable) {
        const bool fill = closable && m_brush.style() != Qt::NoBrush;
        const bool stroke = m_pen.style() != Qt::NoPen && m_pen.brush().style() != Qt::NoBrush;
        if ((!fill && !stroke) || path.isEmpty())
            return;
        QStringList options;
        if (fill) {
            if (const QGradient* gradient = m_brush.gradient(); gradient && gradient->stops().size() >= 2) {
                const auto stops = gradient->stops();
                options << QStringLiteral("left color=") + m_colours.nameOf(stops.front().second)
                        << QStringLiteral("right color=") + m_colours.nameOf(stops.back().second);
                if (stops.size() >= 3)
                    options << QStringLiteral("middle color=") +
                                   m_colours.nameOf(stops[stops.size() / 2].second);
            } else {
                options << QStringLiteral("fill=") + m_colours.nameOf(m_brush.color());
                const double alpha = m_brush.color().alphaF() * m_opacity;
                if (alpha < 0.99)
                    options << QStringLiteral("fill opacity=") + number(alpha);
            }
        }
        if (stroke) {
            options << QStringLiteral("draw=") + m_colours.nameOf(m_pen.color());
            const double width = m_pen.widthF() > 0 ? m_pen.widthF() * kPointsPerPixel : 0.4;
            options << QStringLiteral("line width=%1pt").arg(number(width));
            if (m_pen.capStyle() == Qt::RoundCap)
                options << QStringLiteral("line cap=round");
            if (m_pen.joinStyle() == Qt::RoundJoin)
                options << QStringLiteral("line join=round");
            if (m_pen.style() == Qt::DashLine)
                options << QStringLiteral("dashed");
            const double alpha = m_pen.color().alphaF() * m_opacity;
            if (alpha < 0.99)
                options << QStringLiteral("draw opacity=") + number(alpha);
        }
        QString spec;
        QPointF start;
        for (int i = 0; i < path.elementCount(); ++i) {
            const auto e = path.elementAt(i);
            switch (e.type) {
            case QPainterPath::MoveToElement:
                start = e;
                spec += (spec.isEmpty() ? QString() : QStringLiteral(" ")) + point(e);
                break;
            case QPainterPath::LineToElement:
                if (closable && QPointF(e) == start && i + 1 == path.elementCount())
                    spec += QStringLiteral(" -- cycle");
                else
                    spec += QStringLiteral(" -- ") + point(e);
                break;
            case QPainterPath::CurveToElement:
                if (i + 2 < path.elementCount()) {
                    spec += QStringLiteral(" .. controls ") + point(e) + QStringLiteral(" and ") +
                            point(path.elementAt(i + 1)) + QStringLiteral(" .. ") + point(path.elementAt(i + 2));
                    i += 2;
                }
                break;
            case QPainterPath::CurveToDataElement:
                break;
            }
        }
        m_body += QStringLiteral("\\path[%1] %2;\n").arg(options.join(QLatin1Char(',')), spec);
    }

    ColourNames& m_colours;
    QPen m_pen;
    QBrush m_brush;
    QTransform m_transform;
    QFont m_font;
    double m_opacity = 1.0;
    QString m_body;
    bool m_unsettable = false;
};

} // namespace

QString latexText(const QString& text, bool* ok) {
    static const QHash<char32_t, QString> spelt = {
        {U'\\', QStringLiteral("\\textbackslash{}")},
        {U'{', QStringLiteral("\\{")},
        {U'}', QStringLiteral("\\}")},
        {U'$', QStringLiteral("\\$")},
        {U'&', QStringLiteral("\\&")},
        {U'%', QStringLiteral("\\%")},
        {U'#', QStringLiteral("\\#")},
        {U'_', QStringLiteral("\\_")},
        {U'^', QStringLiteral("\\^{}")},
        {U'~', QStringLiteral("\\~{}")},
        {U'<', QStringLiteral("\\textless{}")},
        {U'>', QStringLiteral("\\textgreater{}")},
        {U'|', QStringLiteral("\\textbar{}")},
        {U'"', QStringLiteral("\\textquotedbl{}")},
        {U'\u00b7', QStringLiteral("\\textperiodcentered{}")},
        {U'\u00d7', QStringLiteral("$\\times$")},
        {U'\u2192', QStringLiteral("$\\rightarrow$")},
        {U'\u2193', QStringLiteral("$\\downarrow$")},
        {U'\u2212', QStringLiteral("$-$")},
        {U'\u2026', QStringLiteral("\\ldots{}")},
        {U'\u22ef', QStringLiteral("$\\cdots$")},
        {U'\u22ee', QStringLiteral("$\\vdots$")},
        {U'\u00a0', QStringLiteral("~")},
    };
    QString out;
    bool settable = true;
    for (const char32_t c : text.toUcs4()) {
        if (const auto it = spelt.find(c); it != spelt.end())
            out += *it;
        else if (c < 0x80)
            out += QChar(static_cast<char16_t>(c));
        else if (c < 0x100 && QChar(static_cast<char16_t>(c)).isLetter())
            out += QChar(static_cast<char16_t>(c)); // Latin-1 letters: LaTeX reads UTF-8
        else {
            out += QLatin1Char('?');
            settable = false;
        }
    }
    if (ok)
        *ok = settable;
    return out;
}

QByteArray diagramToTikz(const DiagramModel& model, const DiagramTheme& theme) {
    const DiagramGeometry geometry = DiagramGeometry::compute(model, theme);
    ColourNames colours(theme);
    TikzEngine engine(colours);
    LogicalPaintDevice device(geometry.size.toSize(), &engine);
    {
        QPainter painter(&device);
        DiagramPainter(model, geometry, theme).paint(painter);
    }
    const QString title = model.title.isEmpty() ? QStringLiteral("StrideScope diagram") : model.title;
    QString document;
    document += QStringLiteral("%% %1\n%% drawn by StrideScope (stridescope render --out FILE.tex); compile with pdflatex\n")
                    .arg(QString(title).replace(QLatin1Char('\n'), QLatin1Char(' ')));
    // fix-cm (LaTeX base) makes Computer Modern scalable: the theme's sizes are set as given.
    // standalone (texlive-latex-extra) crops the page to the picture; where it is missing, an
    // article page the size of the picture does the same with LaTeX base alone.
    const QString width = number(geometry.size.width() * kPointsPerPixel) + QStringLiteral("pt");
    const QString height = number(geometry.size.height() * kPointsPerPixel) + QStringLiteral("pt");
    document += QStringLiteral("\\RequirePackage{fix-cm}\n"
                               "\\IfFileExists{standalone.cls}{%\n"
                               "\\documentclass{standalone}\n"
                               "}{%\n"
                               "\\documentclass{article}\n"
                               "\\pagestyle{empty}\\setlength{\\parindent}{0pt}\n"
                               "\\setlength{\\paperwidth}{%1}\\setlength{\\paperheight}{%2}\n"
                               "\\setlength{\\textwidth}{%1}\\setlength{\\textheight}{%2}\n"
                               "\\setlength{\\hoffset}{-1in}\\setlength{\\voffset}{-1in}\n"
                               "\\setlength{\\oddsidemargin}{0pt}\\setlength{\\topmargin}{0pt}\n"
                               "\\setlength{\\headheight}{0pt}\\setlength{\\headsep}{0pt}\n"
                               "\\setlength{\\topskip}{0pt}\\setlength{\\footskip}{0pt}\n"
                               "\\pdfpagewidth=\\paperwidth\\pdfpageheight=\\paperheight\n"
                               "}\n"
                               "\\usepackage{tikz}\n")
                    .arg(width, height);
    document += colours.definitions();
    document += QStringLiteral("\\begin{document}\n\\noindent\n\\begin{tikzpicture}[x=%1pt,y=-%1pt]\n")
                    .arg(number(kPointsPerPixel));
    document += QStringLiteral("\\useasboundingbox (0,0) rectangle %1;\n")
                    .arg(point(QPointF(geometry.size.width(), geometry.size.height())));
    document += engine.body();
    document += QStringLiteral("\\end{tikzpicture}\n\\end{document}\n");
    return document.toUtf8();
}

} // namespace stridescope::app
