#pragma once
// Steps through a lesson above the diagram: its title, the explanation of the statement that
// just ran (its comment in the lesson file) with what it printed, the next statement, and
// Previous / Next (F10). Next runs the next statement in the session; Previous undoes it, so
// the diagram, the console and the properties always show the lesson's state. An
// expected-error step runs its statement and shows PyTorch's refusal as the step's point (the
// session keeps no line for it). At the end, Next goes on to the next bundled lesson.
//
// A lesson stepped as written is not "unsaved work": the session is marked clean after each
// step while every line of it is the lesson's, so switching lessons asks nothing.
#include "app/window/Lesson.h"
#include "app/window/SessionModel.h"

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
    // The same lesson in another language, at the same step (the session is left alone).
    void switchTo(const Lesson& lesson);
    void close();
    bool isActive() const { return m_lesson.has_value(); }
    const std::optional<Lesson>& lesson() const { return m_lesson; }
    // Steps of the lesson that ran: the matching prefix of the session's script, plus the
    // expected-error steps passed on the way.
    int position() const;
    int stepCount() const { return m_lesson ? static_cast<int>(m_lesson->steps.size()) : 0; }
    // Every line of the session is a step of the lesson, in order (nothing the user added).
    bool isPristine() const;
    QString commentText() const;
    QString outputText() const;
    // An unexpected failure of the last Next (empty after an expected error).
    QString lastError() const { return m_error; }
    // The error an expected-error step just showed.
    QString shownError() const { return m_shownError; }
    // The bundled lesson Next goes on to at the end (empty when none).
    QString nextLessonPath() const;
    // Bigger type for a projector.
    void setPresentation(bool on);

public slots:
    // Runs the next step; at the end asks for the next lesson. False when nothing ran.
    bool next();
    void previous();

signals:
    // `error` is the session's (empty when a step expected to fail ran).
    void stepFailed(const QString& text, const stridescope::app::SessionError& error);
    void nextLessonRequested(const QString& path);

private:
    void refresh();
    void keepCleanWhilePristine();
    void applyFonts();

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
    int m_errorShownAt = -1; // the expected-error step shown last, or -1
    QString m_shownError;
    bool m_presentation = false;
    qreal m_basePointSize = 0;
};

} // namespace stridescope::app
