#pragma once
// What the diagram shows of the session: the shown tensor with the others that share its
// storage (DiagramModel::build), one 2-D block at a time when paging, the dims' names, the
// elements the last in-place write went through, and the traversal's visit in the status bar.
// It rebuilds on every session change; the focus and the traversal survive a rebuild of the
// same tensor.
#include "core/Layout.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace stridescope::app {

class MainWindow;

class DiagramPresenter : public QObject {
    Q_OBJECT

public:
    explicit DiagramPresenter(MainWindow& window);

    void rebuildDiagram();
    // See MainWindow::pageCount, setDimNames and setPage.
    int pageCount() const;
    int page() const { return m_page; }
    void setPage(int page);
    void turnPage(int delta);
    void setDimNames(const QString& tensorName, const QStringList& names);
    QStringList dimNames(const QString& tensorName) const { return m_dimNames.value(tensorName); }
    // Back to the first block, redrawn: paging was switched on or off.
    void resetPage();

    void traversalMoved(std::int64_t visit);
    void focusMoved(const Shape& index);

private:
    void updateWrites();

    MainWindow& m_window;
    int m_page = 0;
    QString m_pagedTensor;                  // the tensor m_page is a block of
    QHash<QString, QStringList> m_dimNames; // by tensor name
    QString m_shownKey; // name and layout of the shown tensor: a change resets the traversal
};

} // namespace stridescope::app
