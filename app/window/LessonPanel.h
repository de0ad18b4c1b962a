#pragma once
// Steps through a lesson above the diagram: its title, the explanation of the statement that
// just ran (its comment in the lesson file) with what it printed, the next statement, and
// Previous / Next (F10). Next runs the next statement in the session; Previous undoes it, so
// the diagram, the console and the properties always show the lesson's state.
#include "app/window/Lesson.h"

#include <QFrame>

#include <optional>

class QLabel;
class QPushButton;

namespace stridescope::app {

class SessionModel;

class LessonPanel : public QFrame {
    Q_OBJECT

public:
    explicit LessonPanel(SessionModel* session, QWidget* parent = nullptr);

    // Starts `lesson` on a fresh session (the caller asked about unsaved changes).
    void start(const Lesson& lesson);
    void close();
    bool isActive() const { return m_lesson.has_value(); }
    const std::optional<Lesson>& lesson() const { return m_lesson; }
    // Steps of the lesson that ran: the matching prefix of the session's script.
    int position() const;
    int stepCount() const { return m_lesson ? static_cast<int>(m_lesson->steps.size()) : 0; }
    QString commentText() const;
    QString lastError() const { return m_error; }

public slots:
    bool next();
    void previous();

signals:
    void stepFailed(const QString& text);
    void closed();

private:
    void refresh();

    SessionModel* m_session;
    std::optional<Lesson> m_lesson;
    QLabel* m_title;
    QLabel* m_progress;
    QLabel* m_comment;
    QLabel* m_output;
    QLabel* m_nextCode;
    QPushButton* m_previous;
    QPushButton* m_next;
    QPushButton* m_close;
    QString m_error;
};

} // namespace stridescope::app
