#pragma once
// Drawn over the DiagramWidget while a traversal runs: the storage cell and the logical cell of
// the current visit outlined with the visit number, and the last jumps through the storage as
// arcs under the strip labelled with their length. Placed with the diagram's own geometry
// (cellRect, gridCellRect) at its zoom, so it lines up with the picture at every zoom.
#include "core/Layout.h"

#include <QWidget>

#include <cstdint>
#include <vector>

namespace stridescope::app {

class DiagramWidget;

class TraversalOverlay : public QWidget {
    Q_OBJECT

public:
    explicit TraversalOverlay(DiagramWidget* diagram);

    // `trail`: storage elements of the last visits, oldest first, the current one last.
    void setVisit(std::int64_t visit, std::int64_t total, const Shape& index,
                  const std::vector<std::int64_t>& trail);
    void clear();
    std::int64_t visit() const { return m_visit; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    DiagramWidget* m_diagram;
    std::int64_t m_visit = -1;
    std::int64_t m_total = 0;
    Shape m_index;
    std::vector<std::int64_t> m_trail;
};

} // namespace stridescope::app
