#pragma once
// Walks a tensor in logical (row-major) order, one visit at a time: play, pause, step, step
// back, restart, speed. Knows which logical index and which storage element each visit reads;
// the window moves the diagram's focus and the overlay's cursor from positionChanged.
#include "core/Tensor.h"

#include <QObject>
#include <QTimer>

#include <cstdint>

namespace stridescope::app {

class TraversalController : public QObject {
    Q_OBJECT

public:
    explicit TraversalController(QObject* parent = nullptr);

    // A new tensor: stops and goes back before the first visit.
    void setTensor(const Tensor& tensor);
    const Tensor& tensor() const { return m_tensor; }

    std::int64_t visitCount() const { return m_tensor.defined() ? m_tensor.numel() : 0; }
    // The visit shown, 0-based; -1 before the first.
    std::int64_t position() const { return m_position; }
    bool isPlaying() const { return m_timer.isActive(); }
    int speed() const { return m_speed; }

    Shape indexAt(std::int64_t visit) const;
    std::int64_t storageAt(std::int64_t visit) const;

public slots:
    void play();
    void pause();
    void togglePlay();
    void stepForward();
    void stepBack();
    void restart();
    void seek(std::int64_t visit);
    void setSpeed(int visitsPerSecond);

signals:
    void positionChanged(std::int64_t visit);
    void playingChanged(bool playing);

private:
    Tensor m_tensor;
    std::int64_t m_position = -1;
    int m_speed = 4;
    QTimer m_timer;
};

} // namespace stridescope::app
