#pragma once
// Predict, then reveal: the workshop exercise. The panel shows a statement without running it
// (the diagram keeps showing the state before it) and asks for the result's shape, stride,
// storage_offset and contiguity; Reveal marks each answer against what the statement really
// gives, then runs it so the diagram shows the answer. A statement PyTorch refuses is asked as
// "what happens?" and answered with "error". A score counts the right answers of the run.
//
// It asks about the console's input, the lesson's next step (Reveal is then that step), or one
// of the exercises built from the source articles (/work/shared/seeds: the transpose, permute,
// narrow, slice, view, expand and in-place examples).
#include <QFrame>
#include <QList>
#include <QString>

#include <array>
#include <optional>

class QLabel;
class QLineEdit;
class QPushButton;

namespace stridescope::app {

class LessonPanel;
class SessionModel;

struct PredictExercise {
    QString title;     // for the menu
    QString question;  // what the class is told
    QString setup;     // statements run first (torch imported)
    QString statement; // the one to predict
    bool expectsError = false;
};

class PredictPanel : public QFrame {
    Q_OBJECT

public:
    enum Field { Shape, Stride, Offset, Contiguous };
    static constexpr int kFieldCount = 4;

    PredictPanel(SessionModel* session, LessonPanel* lesson, QWidget* parent = nullptr);

    // Hides the result of `statement` and asks for it. False (nothing asked) when the statement
    // makes no tensor; `lessonStep` makes Reveal run it as the lesson's next step.
    bool ask(const QString& statement, bool lessonStep = false);
    // Asks about the lesson's next step (false when there is none or it makes no tensor).
    bool askLessonStep();
    // Replaces the session with the exercise's setup and asks about its statement.
    bool startExercise(int index);
    static QList<PredictExercise> exercises();

    void setAnswer(Field field, const QString& text);
    QString statement() const { return m_statement; }
    // After reveal(): each field's right answer and whether the given one matched it.
    QString truth(Field field) const { return m_truth[field]; }
    bool isCorrect(Field field) const { return m_correct[field]; }
    int score() const { return m_score; }
    int asked() const { return m_asked; }
    void resetScore();
    void setPresentation(bool on);

public slots:
    void reveal();
    void cancel();

private:
    void showScore();
    void applyFonts();

    SessionModel* m_session;
    LessonPanel* m_lesson;
    QLabel* m_heading;
    QLabel* m_code;
    QLabel* m_question;
    std::array<QLabel*, kFieldCount> m_labels{};
    std::array<QLineEdit*, kFieldCount> m_fields{};
    std::array<QLabel*, kFieldCount> m_marks{};
    QLabel* m_scoreLabel;
    QPushButton* m_reveal;
    QPushButton* m_close;

    QString m_statement;
    bool m_lessonStep = false;
    bool m_exercise = false;
    bool m_asking = false;
    bool m_revealed = false;
    bool m_expectsError = false; // the statement fails: one question, "error"
    std::array<QString, kFieldCount> m_truth;
    std::array<bool, kFieldCount> m_correct{};
    int m_score = 0;
    int m_asked = 0;
    bool m_presentation = false;
    qreal m_basePointSize = 0;
};

} // namespace stridescope::app
