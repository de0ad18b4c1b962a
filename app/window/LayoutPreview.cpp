#include "app/window/LayoutPreview.h"

#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramWidget.h"
#include "app/window/DiagramView.h"

#include <QLabel>
#include <QVBoxLayout>

namespace stridescope::app {

LayoutPreview::LayoutPreview(QWidget* parent)
    : QWidget(parent), m_view(new DiagramView(this)), m_summary(new QLabel(this)) {
    m_summary->setObjectName(QStringLiteral("previewSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
    m_view->setMinimumSize(360, 220);
}

void LayoutPreview::setTheme(const DiagramTheme& theme) {
    m_view->diagram()->setTheme(theme);
    m_view->diagramChanged();
}

void LayoutPreview::showTensor(const ShownTensor& result, const QList<ShownTensor>& aliases,
                               const std::optional<Tensor>& input) {
    DiagramTensorSpec primary{result.name, result.expression, result.tensor};
    std::vector<DiagramTensorSpec> lanes;
    for (const ShownTensor& alias : aliases)
        lanes.push_back({alias.name, {}, alias.tensor});
    m_view->diagram()->setModel(DiagramModel::build(primary, lanes));
    m_view->diagramChanged();
    m_view->setEnabled(true);
    const Tensor& t = result.tensor;
    QString line = tr("shape %1 \u00b7 stride %2 \u00b7 storage_offset %3 \u00b7 is_contiguous %4")
                       .arg(tupleText(t.sizes()), tupleText(t.strides()))
                       .arg(t.storageOffset())
                       .arg(t.isContiguous() ? QStringLiteral("True") : QStringLiteral("False"));
    if (input) {
        line +=
            QStringLiteral("\n") +
            (t.sharesStorageWith(*input)
                 ? tr("A view: it reads the same storage, nothing is copied.")
                 : tr("A copy: a new storage of %1.").arg(byteSize(t.storage() ? t.storage()->nbytes() : 0)));
    }
    m_summary->setText(line);
}

void LayoutPreview::showNothing(const QString& message) {
    m_summary->setText(message);
    m_view->setEnabled(false);
}

void LayoutPreview::showInput(const ShownTensor& input, const QString& message) {
    m_view->diagram()->setModel(DiagramModel::build({input.name, input.expression, input.tensor}));
    m_view->diagramChanged();
    m_view->setEnabled(false); // greyed: this is not a result
    m_summary->setText(message);
}

QString LayoutPreview::summary() const { return m_summary->text(); }

} // namespace stridescope::app
