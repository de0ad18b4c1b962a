#include "app/window/LessonsMenu.h"

#include "app/window/Lesson.h"

namespace stridescope::app {

LessonsMenu::LessonsMenu(QWidget* parent) : QMenu(tr("&Lessons"), parent) {
    setObjectName(QStringLiteral("lessonsMenu"));
    m_separator = addSeparator();
    m_next = addAction(tr("&Next Step"));
    m_next->setShortcut(Qt::Key_F10);
    m_previous = addAction(tr("&Previous Step"));
    m_previous->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F10));
    rebuild();
}

void LessonsMenu::rebuild() {
    setTitle(tr("&Lessons"));
    m_next->setText(tr("&Next Step"));
    m_previous->setText(tr("&Previous Step"));
    for (QAction* action : m_lessons)
        delete action;
    m_lessons.clear();
    for (const QString& path : Lesson::bundledPaths()) {
        auto* action = new QAction(Lesson::titleOf(path), this);
        action->setData(path);
        connect(action, &QAction::triggered, this, [this, path] { emit lessonRequested(path); });
        insertAction(m_separator, action);
        m_lessons << action;
    }
}

} // namespace stridescope::app
