#pragma once
// A small live diagram in the op forms and the tensor builder: what the result would look like,
// with one line saying whether it is a view of the input's storage or a copy into a new one.
#include "app/diagram/DiagramTheme.h"
#include "app/window/SessionModel.h"

#include <QWidget>

#include <utility>
#include <vector>

class QLabel;

namespace stridescope::app {

class DiagramView;

class LayoutPreview : public QWidget {
    Q_OBJECT

public:
    explicit LayoutPreview(QWidget* parent = nullptr);

    // `aliases`: the other names on its storage (drawn as lanes; the preview's aliases); `input`:
    // the tensor the op reads, to say "view" or "copy".
    void showTensor(const ShownTensor& result, const QList<ShownTensor>& aliases,
                    const std::optional<Tensor>& input = std::nullopt);
    void showNothing(const QString& message);
    // No valid result: shows the input instead, greyed, with `message`.
    void showInput(const ShownTensor& input, const QString& message);
    void setTheme(const DiagramTheme& theme);
    QString summary() const;
    DiagramView* view() const { return m_view; }

private:
    DiagramView* m_view;
    QLabel* m_summary;
};

} // namespace stridescope::app
