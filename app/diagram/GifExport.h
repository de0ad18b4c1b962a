#pragma once
// The traversal animated (`render --out walk.gif`, Traversal → Export Animation): one frame per
// logical element in row-major order, the element and the storage cell it reads outlined, the
// jump from the previous cell drawn, and a caption line under the picture
// ("step 3 / 6 · y[0, 2]: 0 + 0·1 + 2·3 = 6"). The GIF loops forever; frames after the first
// carry only the rectangle that changed, so a long walk stays small. The same frames can be
// written as a numbered PNG sequence (an --out pattern with {frame}).
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramTheme.h"

#include <QByteArray>
#include <QImage>
#include <QString>

#include <vector>

namespace stridescope::app {

// Past this many logical elements an animation is refused (it would be minutes long).
inline constexpr std::int64_t kMaxAnimationFrames = 1024;

// The frames; empty (and `error` set) for an empty tensor, too many elements or a picture too big.
std::vector<QImage> traversalFrames(const DiagramModel& model, const DiagramTheme& theme, double scale,
                                    QString* error = nullptr);
// A looping GIF of the frames at `fps` frames a second (the last one held three times as long).
QByteArray framesToGif(const std::vector<QImage>& frames, double fps, QString* error = nullptr);

// Writes the GIF to `path` atomically; an empty string on success, else what went wrong.
QString writeTraversalGif(const QString& path, const DiagramModel& model, const DiagramTheme& theme,
                          double scale, double fps);
// Writes frame k to `pattern` with {frame} replaced by k (zero-padded, from 0); the paths written
// go to `written`. An empty string on success.
QString writeTraversalFrames(const QString& pattern, const DiagramModel& model, const DiagramTheme& theme,
                             double scale, QStringList* written = nullptr);

} // namespace stridescope::app
