#pragma once
// On demand (View > Logical Index on Storage Cells): each storage cell of the strip labelled
// with the logical index that reads it ("[1, 0, 2]"; the first one in row-major order where
// several do), in a small box over the cell's lower edge, so storage order and logical order
// can be read side by side. Only where the strip shows single elements with text.
#include <QWidget>

namespace stridescope::app {

class DiagramWidget;

class LogicalIndexOverlay : public QWidget {
    Q_OBJECT

public:
    explicit LogicalIndexOverlay(DiagramWidget* diagram);

    void setOn(bool on);
    // The labels as drawn now, in strip order (empty text for a cell no element reads).
    QStringList labels() const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    DiagramWidget* m_diagram;
    bool m_on = false;
};

} // namespace stridescope::app
