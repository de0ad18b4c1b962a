#include "app/window/TraversalController.h"

#include <algorithm>

namespace stridescope::app {

TraversalController::TraversalController(QObject* parent) : QObject(parent) {
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_position + 1 >= visitCount()) {
            pause();
            return;
        }
        seek(m_position + 1);
    });
    setSpeed(m_speed);
}

void TraversalController::setTensor(const Tensor& tensor) {
    pause();
    m_tensor = tensor;
    m_position = -1;
    emit positionChanged(m_position);
}

Shape TraversalController::indexAt(std::int64_t visit) const {
    const Shape& sizes = m_tensor.sizes();
    Shape index(sizes.size(), 0);
    for (std::size_t d = sizes.size(); d-- > 0;) {
        const std::int64_t size = std::max<std::int64_t>(sizes[d], 1);
        index[d] = visit % size;
        visit /= size;
    }
    return index;
}

std::int64_t TraversalController::storageAt(std::int64_t visit) const {
    return storageIndexOf(m_tensor.layout(), indexAt(visit));
}

void TraversalController::play() {
    if (visitCount() == 0)
        return;
    if (m_position + 1 >= visitCount())
        seek(0); // from the end: start again
    else if (m_position < 0)
        seek(0);
    if (!m_timer.isActive()) {
        m_timer.start();
        emit playingChanged(true);
    }
}

void TraversalController::pause() {
    if (m_timer.isActive()) {
        m_timer.stop();
        emit playingChanged(false);
    }
}

void TraversalController::togglePlay() {
    if (isPlaying())
        pause();
    else
        play();
}

void TraversalController::stepForward() {
    if (m_position + 1 < visitCount())
        seek(m_position + 1);
}

void TraversalController::stepBack() {
    if (m_position > 0)
        seek(m_position - 1);
}

void TraversalController::restart() {
    pause();
    seek(visitCount() > 0 ? 0 : -1);
}

void TraversalController::seek(std::int64_t visit) {
    visit = std::clamp<std::int64_t>(visit, -1, visitCount() - 1);
    if (visit == m_position)
        return;
    m_position = visit;
    emit positionChanged(m_position);
}

void TraversalController::setSpeed(int visitsPerSecond) {
    m_speed = std::clamp(visitsPerSecond, 1, 60);
    m_timer.setInterval(1000 / m_speed);
}

} // namespace stridescope::app
