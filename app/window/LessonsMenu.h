#pragma once
// The Lessons menu: one entry per bundled lesson (:/lessons/*.py, from resources/lessons; the
// translated copy in the Chinese UI), by its title, plus stepping (Next Step F10, Previous Step
// Shift+F10).
#include <QMenu>

namespace stridescope::app {

class LessonsMenu : public QMenu {
    Q_OBJECT

public:
    explicit LessonsMenu(QWidget* parent = nullptr);
    // The entries again, in the current UI language (titles and lessons).
    void rebuild();

    QAction* nextAction() const { return m_next; }
    QAction* previousAction() const { return m_previous; }
    // The lesson entries, in order (data(): the resource path).
    QList<QAction*> lessonActions() const { return m_lessons; }

signals:
    void lessonRequested(const QString& path);

private:
    QAction* m_separator;
    QAction* m_next;
    QAction* m_previous;
    QList<QAction*> m_lessons;
};

} // namespace stridescope::app
