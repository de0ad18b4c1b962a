#include "app/diagram/HandoutExport.h"

#include "app/diagram/DiagramGeometry.h"
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramPainter.h"
#include "core/script/Interpreter.h"
#include "core/script/Session.h"

#include <QFontMetricsF>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace stridescope::app {

namespace {

constexpr int kDpi = 96; // one unit of the page is one logical pixel of the diagram
constexpr int kMaxResultLines = 8;

struct StepItem {
    int number = 0;
    QString code;
    QString comment;
    QString result; // what a prompt prints, the layout of a bound tensor, or the error
    bool failed = false;
    std::optional<DiagramModel> figure;
};

struct Fonts {
    QFont title, heading, code, body, result, footer;
};

QFont sized(QFont font, double pixels, bool bold = false) {
    font.setPixelSize(static_cast<int>(std::lround(pixels)));
    font.setBold(bold);
    return font;
}

QString clipLines(const QString& text, int lines) {
    QStringList parts = text.split(u'\n');
    if (parts.size() <= lines)
        return text;
    parts = parts.mid(0, lines);
    parts << QStringLiteral("\u2026");
    return parts.join(u'\n');
}

// Runs every step in one workspace, as the lesson panel does: a failing step shows its error
// and the lesson goes on.
std::vector<StepItem> runSteps(const Lesson& lesson, double width) {
    script::Session session;
    std::vector<StepItem> items;
    for (const auto& step : lesson.steps) {
        StepItem item;

        item.code = step.code.trimmed();
        item.comment = step.comment;
        QStringList result;
        (void)session.runScript(step.code.toStdString(), [&](const script::StatementOutcome& outcome) {
            if (!outcome.printed.empty())
                result << QString::fromStdString(outcome.printed).trimmed();
            if (outcome.error) {
                result << QString::fromStdString(outcome.error->describe());
                item.failed = true;
                return false;
            }
            if (outcome.echo)
                result << QString::fromStdString(*outcome.echo);
            for (const auto& r : outcome.results) {
                if (!r.tensor)
                    continue;
                DiagramTensorSpec spec;
                if (r.name)
                    spec.name = QString::fromStdString(*r.name);
                spec.expression = item.code;
                spec.tensor = *r.tensor;
                DiagramOptions options;
                options.figure.clean = true;
                options.figure.caption = false; // the statement and the result line stand above it
                options.figure.width = width / 0.85; // the strip wraps to the page, its text stays legible
                DiagramModel model = DiagramModel::build(spec, {}, options);
                if (!outcome.echo)
                    result << model.layoutLine;
                item.figure = std::move(model);
            }
            return true;
        });
        item.result = clipLines(result.join(u'\n'), kMaxResultLines);
        // `import torch` and the like say nothing on paper.
        if (item.result.isEmpty() && item.comment.isEmpty() && !item.figure && !item.failed)
            continue;
        item.number = static_cast<int>(items.size()) + 1;
        items.push_back(std::move(item));
    }
    return items;
}

// One step measured for a page `width` wide.
struct StepBox {
    double codeHeight = 0, commentHeight = 0, resultHeight = 0, figureHeight = 0, figureScale = 1;
    std::optional<DiagramGeometry> geometry;
    double height() const {
        return codeHeight + commentHeight + resultHeight + figureHeight + 40;
    }
};

StepBox measure(const StepItem& item, const Fonts& fonts, const DiagramTheme& theme, double width,
                double maxFigureHeight) {
    StepBox box;
    const auto flags = Qt::TextWordWrap;
    box.codeHeight = QFontMetricsF(fonts.code).boundingRect(QRectF(0, 0, width - 16, 1e6), flags, item.code).height() + 12;
    if (!item.comment.isEmpty())
        box.commentHeight =
            QFontMetricsF(fonts.body).boundingRect(QRectF(0, 0, width, 1e6), flags, item.comment).height() + 6;
    if (!item.result.isEmpty())
        box.resultHeight =
            QFontMetricsF(fonts.result).boundingRect(QRectF(0, 0, width - 20, 1e6), flags, item.result).height() + 6;
    if (item.figure) {
        box.geometry = DiagramGeometry::compute(*item.figure, theme);
        const QSizeF size = box.geometry->size;
        // At most 0.85: two figures fit a page, and 13 px values stay above 8 pt on paper.
        box.figureScale = std::min({0.85, width / size.width(), maxFigureHeight / size.height()});
        box.figureHeight = size.height() * box.figureScale + 6;
    }
    return box;
}

} // namespace

QString Handout::write(const Lesson& lesson, const QString& path, const DiagramTheme& theme, int* pageCount) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return tr("cannot write %1: %2").arg(path, file.errorString());
    QPdfWriter writer(&file);
    writer.setResolution(kDpi);
    writer.setCreator(QStringLiteral("StrideScope"));
    writer.setTitle(lesson.title);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(18, 16, 18, 16),
                                     QPageLayout::Millimeter));
    const QRectF page = writer.pageLayout().paintRectPixels(kDpi);
    const QRectF area(0, 0, page.width(), page.height());
    const std::vector<StepItem> items = runSteps(lesson, area.width());

    Fonts fonts;
    fonts.title = sized(theme.sans, 26, true);
    fonts.heading = sized(theme.sans, 13, true);
    fonts.code = sized(theme.mono, 12.5);
    fonts.body = sized(theme.sans, 12.5);
    fonts.result = sized(theme.mono, 11);
    fonts.footer = sized(theme.sans, 10);
    const double footerHeight = QFontMetricsF(fonts.footer).height() + 10;
    const double usable = area.height() - footerHeight;

    // ---- 1. Place the steps on pages (a step never splits), so that the footer knows the count ----
    std::vector<StepBox> boxes;
    std::vector<int> pageOf;
    std::vector<double> topOf;
    int pages = 1; // the title page
    double y = usable; // forces a new page for the first step
    for (const auto& item : items) {
        StepBox box = measure(item, fonts, theme, area.width(), usable * 0.45);
        if (y + box.height() > usable) {
            ++pages;
            y = 0;
        }
        pageOf.push_back(pages);
        topOf.push_back(y);
        y += box.height() + 14;
        boxes.push_back(std::move(box));
    }
    const int total = pages;

    // ---- 2. Paint ----
    QPainter painter;
    if (!painter.begin(&writer)) {
        file.cancelWriting();
        return tr("cannot write %1: the PDF could not be started").arg(path);
    }
    painter.setRenderHint(QPainter::Antialiasing, true);
    auto footer = [&](int number) {
        painter.setFont(fonts.footer);
        painter.setPen(theme.mutedInk);
        const QRectF band(0, area.height() - footerHeight + 8, area.width(), footerHeight - 8);
        painter.drawText(band, Qt::AlignLeft | Qt::AlignVCenter, lesson.title);
        painter.drawText(band, Qt::AlignRight | Qt::AlignVCenter, tr("page %1 of %2").arg(number).arg(total));
    };

    // Title page.
    {
        double at = area.height() * 0.22;
        painter.setPen(theme.ink);
        painter.setFont(fonts.title);
        const QRectF titleRect = QFontMetricsF(fonts.title).boundingRect(QRectF(0, at, area.width(), 1e6),
                                                                         Qt::TextWordWrap, lesson.title);
        painter.drawText(QRectF(0, at, area.width(), titleRect.height()), Qt::TextWordWrap, lesson.title);
        at += titleRect.height() + 18;
        painter.setFont(fonts.body);
        const QRectF intro = QFontMetricsF(fonts.body).boundingRect(QRectF(0, at, area.width(), 1e6),
                                                                    Qt::TextWordWrap, lesson.introduction);
        painter.drawText(QRectF(0, at, area.width(), intro.height()), Qt::TextWordWrap, lesson.introduction);
        at += intro.height() + 28;
        painter.setPen(theme.mutedInk);
        painter.drawText(QRectF(0, at, area.width(), 40), Qt::AlignLeft | Qt::TextWordWrap,
                         tr("A StrideScope handout: %n step(s), each with its statement, what the lesson says "
                            "about it, its result and the tensor's memory diagram.",
                            nullptr, static_cast<int>(items.size())));
        footer(1);
    }

    int current = 1;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto& item = items[i];
        const auto& box = boxes[i];
        if (pageOf[i] != current) {
            writer.newPage();
            current = pageOf[i];
            footer(current);
        }
        double at = topOf[i];
        painter.setPen(theme.ink);
        painter.setFont(fonts.heading);
        painter.drawText(QRectF(0, at, area.width(), 20), Qt::AlignLeft | Qt::AlignVCenter,
                         tr("Step %1").arg(item.number));
        at += 22;
        // The statement in a light box.
        painter.setPen(Qt::NoPen);
        painter.setBrush(theme.unreachedFill);
        painter.drawRoundedRect(QRectF(0, at, area.width(), box.codeHeight - 4), 4, 4);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(theme.ink);
        painter.setFont(fonts.code);
        painter.drawText(QRectF(8, at + 4, area.width() - 16, box.codeHeight - 8), Qt::TextWordWrap, item.code);
        at += box.codeHeight;
        if (!item.comment.isEmpty()) {
            painter.setFont(fonts.body);
            painter.drawText(QRectF(0, at, area.width(), box.commentHeight), Qt::TextWordWrap, item.comment);
            at += box.commentHeight;
        }
        if (!item.result.isEmpty()) {
            painter.setFont(fonts.result);
            painter.setPen(item.failed ? theme.dimColor(1) : theme.mutedInk);
            painter.drawText(QRectF(0, at, 16, 16), Qt::AlignLeft | Qt::AlignTop, QStringLiteral("\u2192"));
            painter.drawText(QRectF(20, at, area.width() - 20, box.resultHeight), Qt::TextWordWrap, item.result);
            at += box.resultHeight;
        }
        if (item.figure && box.geometry) {
            painter.save();
            painter.translate(0, at + 4);
            painter.scale(box.figureScale, box.figureScale);
            DiagramPainter(*item.figure, *box.geometry, theme).paint(painter);
            painter.restore();
        }
    }
    if (!painter.end()) {
        file.cancelWriting();
        return tr("cannot write %1: drawing the PDF failed").arg(path);
    }
    if (!file.commit())
        return tr("cannot write %1: %2").arg(path, file.errorString());
    if (pageCount)
        *pageCount = total;
    return {};
}

} // namespace stridescope::app
