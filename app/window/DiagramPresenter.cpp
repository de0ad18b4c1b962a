#include "app/window/DiagramPresenter.h"

#include "app/bandwidth/BandwidthPanel.h"
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramWidget.h"
#include "app/diagram/GatheredSource.h"
#include "app/window/DiagramView.h"
#include "app/window/MainWindow.h"
#include "app/window/PropertiesPanel.h"
#include "app/window/SessionModel.h"
#include "app/window/TraversalController.h"
#include "app/window/TraversalOverlay.h"
#include "app/window/WindowActions.h"
#include "app/window/WriteOverlay.h"
#include "core/Ops.h"

#include <QAction>
#include <QLabel>
#include <QStackedWidget>

#include <algorithm>

namespace stridescope::app {

namespace {

QString layoutKey(const std::optional<ShownTensor>& shown) {
    if (!shown)
        return {};
    const Tensor& t = shown->tensor;
    return shown->name + u'|' + tupleText(t.sizes()) + u'|' + tupleText(t.strides()) + u'|' +
           QString::number(t.storageOffset()) + u'|' +
           QString::number(t.storage() ? static_cast<qulonglong>(t.storage()->id()) : 0ULL);
}

} // namespace

DiagramPresenter::DiagramPresenter(MainWindow& window) : QObject(&window), m_window(window) {}

void DiagramPresenter::resetPage() {
    m_page = 0;
    rebuildDiagram();
}

void DiagramPresenter::rebuildDiagram() {
    const auto& shown = m_window.m_session->shown();
    if (!shown || !shown->tensor.defined()) {
        m_window.m_centreStack->setCurrentIndex(0);
        m_window.m_traversal->setTensor({});
        m_window.m_bandwidthPanel->clearLayout();
        m_shownKey.clear();
        m_pagedTensor.clear();
        m_window.diagram()->setModel({});
        return;
    }
    m_window.m_centreStack->setCurrentIndex(1);
    const QString tensorKey = layoutKey(shown);
    const bool newTensor = tensorKey != m_pagedTensor;
    if (newTensor) {
        m_pagedTensor = tensorKey; // another tensor starts at its first block
        m_page = 0;
    }
    const int pages = pageCount();
    if (pages > 0)
        m_page = std::clamp(m_page, 0, pages - 1);
    const QString key = tensorKey + (pages > 0 ? QStringLiteral("|block %1").arg(m_page) : QString());
    const bool sameTensor = key == m_shownKey;
    DiagramOptions options;
    options.byteMode = m_window.m_actions->byteModeAction()->isChecked();
    options.showStorageIndices = m_window.m_actions->storageIndicesAction()->isChecked();
    if (sameTensor)
        options.focus = m_window.diagram()->focusedIndex();
    options.dimNames = m_dimNames.value(shown->name);
    std::vector<DiagramTensorSpec> others;
    for (const ShownTensor& alias : m_window.m_session->aliasesOf(shown->tensor, shown->name))
        others.push_back({alias.name, alias.expression, alias.tensor});
    DiagramTensorSpec primary{shown->name, shown->expression, shown->tensor};
    if (pages > 0) {
        // One 2-D block of the leading dims: x[i, j] as the primary, x itself as a lane.
        Tensor block = shown->tensor;
        Shape leading;
        std::int64_t rest = m_page;
        const auto dims = static_cast<std::int64_t>(shown->tensor.sizes().size());
        for (std::int64_t d = dims - 3; d >= 0; --d) {
            const std::int64_t size = shown->tensor.sizes()[static_cast<std::size_t>(d)];
            leading.insert(leading.begin(), rest % size);
            rest /= size;
        }
        QStringList indices;
        for (std::int64_t index : leading) {
            block = ops::select(block, 0, index);
            indices << QString::number(index);
        }
        const QString base =
            shown->name.isEmpty() ? QStringLiteral("(%1)").arg(shown->expression) : shown->name;
        const QString name = base + u'[' + indices.join(QStringLiteral(", ")) + u']';
        others.insert(others.begin(), {base, shown->expression, shown->tensor});
        primary = {name, QString(), block};
        if (options.dimNames.size() >= 2)
            options.dimNames = options.dimNames.mid(options.dimNames.size() - 2); // the block's own dims
        m_window.m_pageLabel->setText(
            tr("block %1 of %2 (Ctrl+PgUp / Ctrl+PgDown)").arg(m_page + 1).arg(pages));
    }
    m_window.m_pageLabel->setVisible(pages > 0);
    options.gatheredSourceName =
        gatheredSourceName(primary.tensor, m_window.m_session->workspace().tensors());
    DiagramModel model = DiagramModel::build(primary, others, options);
    // A storage that one of this session's copies between devices made: the arrow from its source.
    model.transfer = DiagramTransfer::find(primary.tensor, m_window.m_session->workspaceTransfers(),
                                           m_window.m_session->workspace().tensors());
    m_window.diagram()->setModel(std::move(model));
    m_window.m_diagramView->diagramChanged();
    updateWrites();
    if (!sameTensor) {
        m_shownKey = key;
        m_window.m_traversal->setTensor(primary.tensor); // the block, when paging: what the grid shows
        if (newTensor)
            m_window.m_bandwidthPanel->setTensor(shown->tensor,
                                                 shown->name.isEmpty() ? shown->expression : shown->name);
    } else if (m_window.m_traversal->position() >= 0) {
        traversalMoved(m_window.m_traversal->position());
    }
}

// The last statement, when it wrote in place: the elements of the view it wrote through (read
// on a scratch copy, so nothing runs twice). Outlined on whichever alias of that storage is shown.
void DiagramPresenter::updateWrites() {
    WriteOverlay* overlay = m_window.m_diagramView->writeOverlay();
    const auto& lines = m_window.m_session->lines();
    // Looking at the result (`x`, `x.stride()`) keeps the write in view; any other statement
    // ends it.
    std::optional<QString> target;
    QString statement;
    for (qsizetype i = lines.size() - 1; i >= 0 && !target; --i) {
        const QString code = lines[i].code.trimmed();
        target = writeTarget(code);
        if (target) {
            statement = code;
            break;
        }
        const QString withoutComparisons = QString(code)
                                               .replace(QStringLiteral("=="), QString())
                                               .replace(QStringLiteral("!="), QString())
                                               .replace(QStringLiteral("<="), QString())
                                               .replace(QStringLiteral(">="), QString());
        if (withoutComparisons.contains(u'=') || code.startsWith(QStringLiteral("import")) ||
            code.startsWith(QStringLiteral("del ")))
            break;
    }
    if (!target) {
        overlay->clear();
        return;
    }
    const SessionModel::Preview view = m_window.m_session->preview(*target);
    if (view.error || !view.tensor || !view.tensor->tensor.defined()) {
        overlay->clear();
        return;
    }
    const Tensor& written = view.tensor->tensor;
    overlay->setWrites(written.storage(), storageElementsOf(written), statement);
}

void DiagramPresenter::setDimNames(const QString& tensorName, const QStringList& names) {
    if (names.isEmpty())
        m_dimNames.remove(tensorName);
    else
        m_dimNames.insert(tensorName, names);
    rebuildDiagram();
}

int DiagramPresenter::pageCount() const {
    const auto& shown = m_window.m_session->shown();
    if (!m_window.m_actions || !m_window.m_actions->pagingAction() ||
        !m_window.m_actions->pagingAction()->isChecked() || !shown || !shown->tensor.defined())
        return 0;
    const Shape& sizes = shown->tensor.sizes();
    if (sizes.size() < 3)
        return 0;
    std::int64_t blocks = 1;
    for (std::size_t d = 0; d + 2 < sizes.size(); ++d)
        blocks *= sizes[d];
    // Very many blocks: paging is no help (and an int counts them).
    return blocks > 0 && blocks <= 1 << 20 ? static_cast<int>(blocks) : 0;
}

void DiagramPresenter::setPage(int page) {
    const int pages = pageCount();
    if (pages == 0)
        return;
    m_page = std::clamp(page, 0, pages - 1);
    rebuildDiagram();
}

void DiagramPresenter::turnPage(int delta) {
    const int pages = pageCount();
    if (pages == 0) {
        if (!m_window.m_actions->pagingAction()->isChecked() && m_window.m_session->shown() &&
            m_window.m_session->shown()->tensor.sizes().size() >= 3)
            m_window.m_actions->pagingAction()->setChecked(true);
        return;
    }
    setPage((m_page + delta + pages) % pages);
}

void DiagramPresenter::traversalMoved(std::int64_t visit) {
    TraversalOverlay* overlay = m_window.m_diagramView->overlay();
    if (visit < 0 || !m_window.m_session->shown()) {
        overlay->clear();
        m_window.m_traversalLabel->clear();
        return;
    }
    const Shape index = m_window.m_traversal->indexAt(visit);
    std::vector<std::int64_t> trail;
    for (std::int64_t v = std::max<std::int64_t>(0, visit - 3); v <= visit; ++v)
        trail.push_back(m_window.m_traversal->storageAt(v));
    m_window.diagram()->setFocusedIndex(index);
    overlay->setVisit(visit, m_window.m_traversal->visitCount(), index, trail);
    const QString name = m_window.m_session->shown()->name.isEmpty() ? QStringLiteral("tensor")
                                                                     : m_window.m_session->shown()->name;
    QString text = tr("visit %1 of %2: %3%4 reads storage[%5]")
                       .arg(visit + 1)
                       .arg(m_window.m_traversal->visitCount())
                       .arg(name, DiagramModel::indexText(index))
                       .arg(trail.back());
    if (trail.size() >= 2) {
        const std::int64_t jump = trail.back() - trail[trail.size() - 2];
        text += tr(" \u00b7 jump %1")
                    .arg(jump < 0 ? QStringLiteral("\u2212%1").arg(-jump) : QStringLiteral("+%1").arg(jump));
    }
    m_window.m_traversalLabel->setText(text);
}

void DiagramPresenter::focusMoved(const Shape& index) {
    if (m_window.m_session->shown() && !m_window.m_propertiesTimer.isActive())
        m_window.m_properties->setFocusText(m_window.diagram()->model().formulaFor(index));
}

} // namespace stridescope::app
