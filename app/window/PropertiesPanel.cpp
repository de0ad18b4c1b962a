#include "app/window/PropertiesPanel.h"

#include "app/diagram/DiagramModel.h"
#include "app/diagram/GatheredSource.h"
#include "core/Analysis.h"
#include "core/Device.h"

#include <QFontDatabase>

namespace stridescope::app {

namespace {

QString escaped(const QString& text) { return text.toHtmlEscaped(); }

// "(3, 2, 4)" with each entry in its dim's colour.
QString colouredTuple(const Shape& values, const DiagramTheme& theme, std::int64_t multiplier = 1) {
    QStringList parts;
    for (std::size_t d = 0; d < values.size(); ++d)
        parts << QStringLiteral("<span style=\"color:%1; font-weight:600\">%2</span>")
                     .arg(theme.dimColor(static_cast<int>(d)).name(),
                          QString::number(values[d] * multiplier));
    if (values.size() == 1)
        return u'(' + parts.front() + QStringLiteral(",)");
    return u'(' + parts.join(QStringLiteral(", ")) + u')';
}

} // namespace

PropertiesPanel::PropertiesPanel(QWidget* parent) : QTextBrowser(parent), m_theme(DiagramTheme::light()) {
    setObjectName(QStringLiteral("properties"));
    setOpenLinks(false);
    setFrameShape(QFrame::NoFrame);
    render();
}

void PropertiesPanel::setTensor(const std::optional<ShownTensor>& shown, const SessionModel& session,
                                const QString& focusText) {
    m_shown = shown;
    m_sharedWith.clear();
    m_gatheredFrom.clear();
    if (shown) {
        m_gatheredFrom = gatheredSourceName(shown->tensor, session.workspace().tensors());
        for (const ShownTensor& alias : session.aliasesOf(shown->tensor, shown->name))
            m_sharedWith << alias.name;
    }
    m_focusText = focusText;
    render();
}

void PropertiesPanel::setTheme(const DiagramTheme& theme) {
    m_theme = theme;
    render();
}

void PropertiesPanel::setFocusText(const QString& text) {
    if (text == m_focusText)
        return;
    m_focusText = text;
    render();
}

QString PropertiesPanel::contiguityExplanation(const Layout& layout) {
    if (layout.numel() == 0)
        return tr("contiguous: an empty tensor is always contiguous");
    std::int64_t expected = 1;
    for (std::int64_t d = layout.dim() - 1; d >= 0; --d) {
        if (layout.sizes[d] == 1)
            continue;
        if (layout.strides[d] != expected) {
            if (expected != 1)
                return tr("not contiguous because dim %1's stride %2 \u2260 %3 (the product of the sizes "
                          "after it)")
                    .arg(d)
                    .arg(layout.strides[d])
                    .arg(expected);
            return tr("not contiguous because dim %1's stride %2 \u2260 %3")
                .arg(d)
                .arg(layout.strides[d])
                .arg(expected);
        }
        expected *= layout.sizes[d];
    }
    return tr("contiguous: each dim's stride is the product of the sizes after it");
}

QString PropertiesPanel::channelsLastExplanation(const Layout& layout) {
    if (layout.dim() != 4)
        return tr("only a 4-D (N, C, H, W) tensor can be channels-last");
    if (isChannelsLastContiguous(layout))
        return tr("channels-last: C is innermost (stride 1), then W, H and N \u2014 the NHWC order");
    return tr("not channels-last: NHWC order would need strides %1")
        .arg(tupleText(channelsLastStrides(layout.sizes)));
}

QString PropertiesPanel::denseExplanation(const Layout& layout) {
    if (isNonOverlappingAndDense(layout))
        return tr("every element has its own cell and the cells it reads leave no gaps");
    if (hasInternalOverlap(layout))
        return tr("not dense: several elements read the same cell");
    const auto extent = extentOf(layout);
    if (!extent)
        return {};
    const std::int64_t span = extent->highest - extent->lowest + 1;
    return tr("not dense: it reads %1 of the %2 cells from its first to its last")
        .arg(layout.numel())
        .arg(span);
}

QString PropertiesPanel::overlapExplanation(const Layout& layout) {
    const LayoutReport report = analyse(layout);
    if (report.maxFanIn <= 1)
        return tr("no overlap: each storage cell is read at most once");
    for (std::int64_t d = 0; d < layout.dim(); ++d)
        if (layout.strides[d] == 0 && layout.sizes[d] > 1)
            return tr("overlap: up to %1 elements read the same cell (dim %2 has stride 0); PyTorch refuses "
                      "in-place writes and out= into it")
                .arg(report.maxFanIn)
                .arg(d);
    // has_internal_overlap only sees stride 0: this overlap passes PyTorch's check.
    return tr("overlap: up to %1 elements read the same cell (the strides revisit cells); racy for writes: "
              "PyTorch does not detect this overlap, so an in-place op runs and its values depend on the "
              "order of its loop")
        .arg(report.maxFanIn);
}

void PropertiesPanel::render() {
    const QString mono = QFontDatabase::systemFont(QFontDatabase::FixedFont).family();
    if (!m_shown || !m_shown->tensor.defined()) {
        setHtml(QStringLiteral("<p style=\"color:%1\">%2</p>")
                    .arg(m_theme.mutedInk.name(),
                         escaped(tr("No tensor yet. Build one with Tensor \u2192 New Tensor\u2026 or type "
                                    "x = torch.arange(24).reshape(2, 3, 4) in the console."))));
        return;
    }
    const QString muted = m_theme.mutedInk.name();
    // -> QString: a QStringBuilder would refer to `html` after the lambda returns.
    auto row = [&](const QString& label, const QString& value, const QString& note = {}) -> QString {
        QString html = QStringLiteral("<tr><td style=\"padding-right:10px\"><code>%1</code></td><td>%2")
                           .arg(label, value);
        if (!note.isEmpty())
            html += QStringLiteral(" <span style=\"color:%1\">%2</span>").arg(muted, note);
        return html + QStringLiteral("</td></tr>");
    };
    const Tensor& t = m_shown->tensor;
    const Layout& layout = t.layout();
    const int item = t.elementSize();
    const LayoutReport report = analyse(layout);
    QString html;
    const QString title =
        m_shown->name.isEmpty()
            ? m_shown->expression
            : (m_shown->expression.isEmpty() ? m_shown->name
                                             : m_shown->name + QStringLiteral(" = ") + m_shown->expression);
    html += QStringLiteral("<p style=\"font-family:'%1'; font-weight:700; font-size:large\">%2</p>")
                .arg(mono, escaped(title));

    // Dim legend: the colours the diagram uses.
    if (t.dim() > 0) {
        QStringList dims;
        for (int d = 0; d < t.dim(); ++d)
            dims << QStringLiteral("<span style=\"color:%1; font-weight:700\">\u25A0 %2</span>")
                        .arg(m_theme.dimColor(d).name(), tr("dim %1").arg(d));
        html += QStringLiteral("<p>%1</p>").arg(dims.join(QStringLiteral("&nbsp;&nbsp;")));
    }

    html += QStringLiteral("<table cellspacing=\"2\">");
    html += row(QStringLiteral("shape"), colouredTuple(t.sizes(), m_theme));
    html += row(QStringLiteral("stride()"), colouredTuple(t.strides(), m_theme), tr("elements"));
    html += row(tr("stride in bytes"), colouredTuple(t.strides(), m_theme, item),
                tr("\u00d7 itemsize %1").arg(item));
    if (!t.layoutReason().empty())
        html += row(tr("strides from"), escaped(QString::fromStdString(t.layoutReason())),
                    tr("the output-layout rule of the op that made it"));
    html += row(QStringLiteral("storage_offset()"), QString::number(t.storageOffset()),
                tr("= %1 B from the storage's start").arg(t.storageOffset() * item));
    html += row(QStringLiteral("numel()"), groupDigits(t.numel()));
    html += row(QStringLiteral("dtype"), QString::fromStdString(dtypeName(t.dtype())),
                isComplex(t.dtype())
                    ? tr("itemsize %1 B: a %2 real part, then a %2 imaginary part (torch.view_as_real shows "
                         "the two cells)")
                          .arg(item)
                          .arg(QString::fromStdString(dtypeShortName(toRealValueType(t.dtype()))))
                    : tr("itemsize %1 B").arg(item));
    // The lazy conjugate / negative bits: the storage keeps the values before them.
    if (t.isConj())
        html += row(QStringLiteral("is_conj()"), QStringLiteral("True"),
                    tr("a lazy conjugate: the storage holds the unconjugated values; resolve_conj() copies"));
    if (t.isNeg())
        html += row(QStringLiteral("is_neg()"), QStringLiteral("True"),
                    tr("a lazy negation: the storage holds the values before it; resolve_neg() copies"));
    if (t.storage()) {
        // x.device, and what kind of memory: pinned host memory, or a simulated GPU's.
        const Placement& placement = t.storage()->placement();
        html += row(QStringLiteral("device"), QString::fromStdString(placement.device.str()),
                    placement.pinned                                  ? tr("pinned (page-locked) host memory")
                    : placement.device.isCuda() && cudaSimulated() ? tr("simulated: values held on the host")
                                                                      : QString());
    }
    const std::int64_t storageElements = t.storage() ? t.storage()->elementCount() : 0;
    const std::int64_t storageBytes = t.storage() ? t.storage()->nbytes() : 0;
    QString storage = tr("%1 elements \u00b7 %2").arg(groupDigits(storageElements), byteSize(storageBytes));
    html += row(tr("storage"), escaped(storage),
                m_sharedWith.isEmpty()
                    ? tr("its own")
                    : tr("shared with %1").arg(escaped(m_sharedWith.join(QStringLiteral(", ")))));
    // A copying index's result: the cells of the source storage it read (core/GatheredCells.h).
    const QString readCells = gatheredCellsText(t);
    if (!readCells.isEmpty())
        html += row(m_gatheredFrom.isEmpty() ? tr("copied from the source storage")
                                             : tr("copied from %1's storage").arg(escaped(m_gatheredFrom)),
                    tr("cells %1").arg(escaped(readCells)), tr("in the order of its elements"));
    // What the articles compare to show sharing, and autograd's in-place check.
    if (t.storage())
        html += row(QStringLiteral("storage().data_ptr()"),
                    QStringLiteral("0x%1").arg(t.storage()->baseAddress(), 0, 16),
                    tr("data_ptr() = +%1 B").arg(t.storageOffset() * item));
    html += row(QStringLiteral("_version"), QString::number(t.version()),
                tr("bumped by every in-place write through any view"));
    if (report.extent) {
        const std::int64_t span = report.extent->highest - report.extent->lowest + 1;
        html += row(
            tr("reaches"), tr("storage[%1 \u2026 %2]").arg(report.extent->lowest).arg(report.extent->highest),
            tr("%1 cells spanned, %2 of the storage")
                .arg(groupDigits(span))
                .arg(storageElements > 0 ? QStringLiteral("%1%").arg(100.0 * static_cast<double>(span) /
                                                                         static_cast<double>(storageElements),
                                                                     0, 'f', 0)
                                         : QStringLiteral("\u2014")));
    }
    html += QStringLiteral("</table>");

    auto flag = [&](const QString& name, bool value, const QString& why) {
        const QString mark =
            value ? QStringLiteral("<span style=\"color:#009E73; font-weight:700\">\u2714&nbsp;True</span>")
                  : QStringLiteral("<span style=\"color:#D55E00; font-weight:700\">\u2718&nbsp;False</span>");
        return QStringLiteral("<tr><td style=\"padding-right:6px\">%1</td><td><code>%2</code></td></tr>"
                              "<tr><td></td><td style=\"padding-bottom:5px; color:%4\">%3</td></tr>")
            .arg(mark, name, escaped(why), m_theme.ink.name());
    };
    html += QStringLiteral("<p style=\"font-weight:700; margin-top:8px\">%1</p><table cellspacing=\"1\">")
                .arg(tr("Layout flags"));
    html += flag(QStringLiteral("is_contiguous()"), report.contiguous, contiguityExplanation(layout));
    html += flag(QStringLiteral("is_contiguous(memory_format=<br>&nbsp;&nbsp;torch.channels_last)"),
                 report.channelsLastContiguous, channelsLastExplanation(layout));
    html += flag(tr("non-overlapping and dense"), report.nonOverlappingAndDense, denseExplanation(layout));
    html += flag(tr("overlap (fan-in > 1)"), report.maxFanIn > 1, overlapExplanation(layout));
    html += QStringLiteral("</table>");
    if (!m_focusText.isEmpty())
        html += QStringLiteral("<p><b>%1</b><br><code>%2</code></p>")
                    .arg(tr("Focused element"), escaped(m_focusText));
    setHtml(html);
}

} // namespace stridescope::app
