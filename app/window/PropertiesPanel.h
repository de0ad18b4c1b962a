#pragma once
// Everything about the shown tensor in words: shape, strides in elements and in bytes,
// storage_offset, numel, dtype and itemsize, the storage and who shares it, the cells it reaches,
// and each layout flag (is_contiguous(), channels-last contiguity, non-overlapping and dense,
// overlap) with one sentence saying why it holds or fails. Each dim's numbers are drawn in that
// dim's colour, the same as its arrow and axis in the diagram.
#include "app/diagram/DiagramTheme.h"
#include "app/window/SessionModel.h"

#include <QCoreApplication>
#include <QTextBrowser>

#include <optional>

namespace stridescope::app {

class PropertiesPanel : public QTextBrowser {
    Q_OBJECT

public:
    explicit PropertiesPanel(QWidget* parent = nullptr);

    // `session`: where the names sharing its storage and the copy it was gathered from are found.
    void setTensor(const std::optional<ShownTensor>& shown, const SessionModel& session,
                   const QString& focusText = {});
    void setTheme(const DiagramTheme& theme);
    // The focused element's address formula, shown under the flags.
    void setFocusText(const QString& text);

    // One sentence per flag, translated (English: the same words as core's explainContiguity).
    static QString contiguityExplanation(const Layout& layout);
    static QString channelsLastExplanation(const Layout& layout);
    static QString denseExplanation(const Layout& layout);
    static QString overlapExplanation(const Layout& layout);

private:
    void render();

    std::optional<ShownTensor> m_shown;
    QStringList m_sharedWith;
    QString m_gatheredFrom; // the name on the storage a copying index read, if any
    DiagramTheme m_theme;
    QString m_focusText;
};

} // namespace stridescope::app
