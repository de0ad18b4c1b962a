#include "app/window/LessonsMenu.h"

#include "app/window/Lesson.h"

namespace stridescope::app {

LessonsMenu::LessonsMenu(QWidget* parent) : QMenu(tr("&Lessons"), parent) {
    setObjectName(QStringLiteral("lessonsMenu"));
    for (const QString& path : Lesson::bundledPaths()) {
        QAction* action = addAction(Lesson::titleOf(path));
        action->setData(path);
        connect(action, &QAction::triggered, this, [this, path] { emit lessonRequested(path); });
        m_lessons << action;
    }
    addSeparator();
    m_next = addAction(tr("&Next Step"));
    m_next->setShortcut(Qt::Key_F10);
    m_previous = addAction(tr("&Previous Step"));
    m_previous->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F10));
}

} // namespace stridescope::app
