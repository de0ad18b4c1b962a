#pragma once
// A paint device of logical pixels (96 to the inch, no device pixel ratio) whose drawing goes to
// a paint engine of the caller's: the TikZ writer and the SVG text-as-outlines pass both paint
// the diagram through one of these, so the painter never needs to know where it draws.
#include <QPaintDevice>
#include <QSize>

class QPaintEngine;

namespace stridescope::app {

class LogicalPaintDevice : public QPaintDevice {
public:
    LogicalPaintDevice(QSize size, QPaintEngine* engine) : m_size(size), m_engine(engine) {}
    QPaintEngine* paintEngine() const override { return m_engine; }

protected:
    int metric(PaintDeviceMetric metric) const override;

private:
    QSize m_size;
    QPaintEngine* m_engine;
};

} // namespace stridescope::app
