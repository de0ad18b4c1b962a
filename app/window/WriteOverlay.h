#pragma once
// Drawn over the DiagramWidget after an in-place statement (x.add_(1), col.fill_(7),
// x[0, ::2] = 5): the storage cells it wrote, and the logical cells of the shown tensor that
// read them, outlined in the theme's write colour. It works by storage element, so whichever
// alias of the written storage is shown, its cells that see the write light up.
#include "core/Tensor.h"

#include <QString>
#include <QWidget>

#include <cstdint>
#include <optional>
#include <vector>

namespace stridescope::app {

class DiagramWidget;

// The tensor expression an in-place statement writes through: "col" for `col.fill_(7)`,
// "x[0, ::2]" for `x[0, ::2] = 5`; nothing for any other statement.
std::optional<QString> writeTarget(const QString& statement);
// The storage elements `tensor` reads, ascending, without repeats; empty above `limit` elements.
std::vector<std::int64_t> storageElementsOf(const Tensor& tensor, std::int64_t limit = std::int64_t(1) << 20);

class WriteOverlay : public QWidget {
    Q_OBJECT

public:
    explicit WriteOverlay(DiagramWidget* diagram);

    // The storage elements written (ascending) and by which statement; drawn while the shown
    // tensor is on `storage`.
    void setWrites(const StoragePtr& storage, std::vector<std::int64_t> elements, const QString& statement);
    void clear();
    const std::vector<std::int64_t>& writtenElements() const { return m_elements; }
    QString statement() const { return m_statement; }
    // The shown tensor's grid cells that read a written element (as drawn now).
    int highlightedGridCells() const;
    bool appliesToShown() const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    bool written(std::int64_t element) const;

    DiagramWidget* m_diagram;
    StoragePtr m_storage;
    std::vector<std::int64_t> m_elements;
    QString m_statement;
};

} // namespace stridescope::app
