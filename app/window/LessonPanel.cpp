#include "app/window/LessonPanel.h"

#include "app/window/SessionModel.h"

#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QUndoStack>
#include <QVBoxLayout>

namespace stridescope::app {

LessonPanel::LessonPanel(SessionModel* session, QWidget* parent)
    : QFrame(parent), m_session(session), m_title(new QLabel(this)), m_progress(new QLabel(this)),
      m_comment(new QLabel(this)), m_output(new QLabel(this)), m_nextCode(new QLabel(this)),
      m_previous(new QPushButton(tr("\u25C0 Previous"), this)),
      m_next(new QPushButton(tr("Next \u25B6"), this)), m_close(new QPushButton(tr("End lesson"), this)) {
    setObjectName(QStringLiteral("lessonPanel"));
    setFrameShape(QFrame::StyledPanel);
    m_basePointSize = font().pointSizeF();
    m_title->setObjectName(QStringLiteral("lessonTitle"));
    m_title->setWordWrap(true);
    m_progress->setObjectName(QStringLiteral("lessonProgress"));
    m_comment->setObjectName(QStringLiteral("lessonComment"));
    m_comment->setWordWrap(true);
    m_comment->setTextFormat(Qt::PlainText);
    m_comment->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_output->setObjectName(QStringLiteral("lessonOutput"));
    m_output->setTextFormat(Qt::PlainText);
    m_output->setWordWrap(true);
    m_output->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_nextCode->setObjectName(QStringLiteral("lessonNextCode"));
    m_nextCode->setTextFormat(Qt::RichText);
    m_nextCode->setWordWrap(true);
    m_previous->setObjectName(QStringLiteral("lessonPrevious"));
    m_next->setObjectName(QStringLiteral("lessonNext"));
    m_previous->setToolTip(tr("Undo the last step (Shift+F10)"));
    m_next->setToolTip(tr("Run the next statement (F10)"));
    m_next->setDefault(true);
    applyFonts();

    auto* header = new QHBoxLayout;
    header->addWidget(m_title, 1);
    header->addWidget(m_progress);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_nextCode, 1);
    buttons->addWidget(m_previous);
    buttons->addWidget(m_next);
    buttons->addWidget(m_close);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->setSpacing(4);
    layout->addLayout(header);
    layout->addWidget(m_comment);
    layout->addWidget(m_output);
    layout->addLayout(buttons);

    connect(m_next, &QPushButton::clicked, this, &LessonPanel::next);
    connect(m_previous, &QPushButton::clicked, this, &LessonPanel::previous);
    connect(m_close, &QPushButton::clicked, this, &LessonPanel::close);
    connect(m_session, &SessionModel::changed, this, &LessonPanel::refresh);
    hide();
}

void LessonPanel::applyFonts() {
    const qreal scale = m_presentation ? 1.45 : 1.0;
    QFont text = font();
    text.setPointSizeF(m_basePointSize * scale);
    QFont titleFont = text;
    titleFont.setBold(true);
    titleFont.setPointSizeF(m_basePointSize * 1.2 * scale);
    m_title->setFont(titleFont);
    m_comment->setFont(text);
    m_nextCode->setFont(text);
    m_progress->setFont(text);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPointSizeF(std::max<qreal>(mono.pointSizeF(), m_basePointSize) * scale);
    m_output->setFont(mono);
    for (QPushButton* button : {m_previous, m_next, m_close})
        button->setFont(text);
}

void LessonPanel::setPresentation(bool on) {
    m_presentation = on;
    applyFonts();
}

void LessonPanel::start(const Lesson& lesson) {
    m_lesson = lesson;
    m_error.clear();
    m_shownError.clear();
    m_errorShownAt = -1;
    (void)m_session->load(QString()); // an empty script (it cannot fail): the lesson imports torch itself
    show();
    refresh();
}

void LessonPanel::switchTo(const Lesson& lesson) {
    m_lesson = lesson;
    m_previous->setText(tr("\u25C0 Previous"));
    m_close->setText(tr("End lesson"));
    m_previous->setToolTip(tr("Undo the last step (Shift+F10)"));
    m_next->setToolTip(tr("Run the next statement (F10)"));
    refresh();
}

void LessonPanel::close() {
    m_lesson.reset();
    m_errorShownAt = -1;
    hide();
}

int LessonPanel::position() const {
    if (!m_lesson)
        return 0;
    const auto& lines = m_session->lines();
    int matched = 0;
    qsizetype line = 0;
    for (int i = 0; i < m_lesson->steps.size(); ++i) {
        const LessonStep& step = m_lesson->steps[i];
        if (step.expectsError) {
            // Passed when it was shown last, or once a later step ran.
            if (m_errorShownAt == i && line == lines.size())
                matched = i + 1;
            continue;
        }
        if (line < lines.size() && lines[line].code == step.code) {
            ++line;
            matched = i + 1;
        } else {
            break;
        }
    }
    return matched;
}

bool LessonPanel::isPristine() const {
    if (!m_lesson)
        return false;
    qsizetype real = 0;
    for (const LessonStep& step : m_lesson->steps)
        real += step.expectsError ? 0 : 1;
    const auto& lines = m_session->lines();
    if (lines.size() > real)
        return false;
    qsizetype line = 0;
    for (const LessonStep& step : m_lesson->steps) {
        if (line == lines.size())
            break;
        if (step.expectsError)
            continue;
        if (lines[line].code != step.code)
            return false;
        ++line;
    }
    return line == lines.size();
}

QString LessonPanel::commentText() const { return m_comment->text(); }

QString LessonPanel::outputText() const { return m_output->isVisibleTo(this) ? m_output->text() : QString(); }

QString LessonPanel::nextLessonPath() const { return m_lesson ? Lesson::nextBundled(m_lesson->path) : QString(); }

void LessonPanel::keepCleanWhilePristine() {
    if (isPristine() && m_session->isModified())
        m_session->setUnmodified();
}

bool LessonPanel::next() {
    if (!m_lesson)
        return false;
    const int at = position();
    if (at >= m_lesson->steps.size()) {
        const QString following = nextLessonPath();
        if (following.isEmpty())
            return false;
        emit nextLessonRequested(following);
        return true;
    }
    const LessonStep& step = m_lesson->steps[at];
    if (step.expectsError) {
        m_error.clear();
        const RunResult result = m_session->run(step.text);
        if (result) {
            // The lesson promised an error and there was none: say so and take it back.
            m_session->undoStack()->undo();
            m_error = tr("%1 was expected to fail but ran.").arg(step.code);
            emit stepFailed(step.code, SessionError{});
            refresh();
            return false;
        }
        m_shownError = result.error()->describe();
        m_errorShownAt = at;
        refresh();
        return true;
    }
    m_errorShownAt = -1;
    m_shownError.clear();
    if (const RunResult result = m_session->run(step.text, true); !result) {
        m_error = result.error()->describe();
        emit stepFailed(step.code, *result.error());
        return false;
    }
    m_error.clear();
    keepCleanWhilePristine();
    return true;
}

void LessonPanel::previous() {
    if (!m_lesson)
        return;
    const int at = position();
    m_error.clear();
    if (m_errorShownAt >= 0 && m_errorShownAt == at - 1) {
        m_errorShownAt = -1;
        m_shownError.clear();
        refresh();
        return;
    }
    if (m_session->lines().isEmpty())
        return;
    m_session->undoStack()->undo();
    // Back over a step that followed an expected error: that error shows again.
    if (at >= 2 && m_lesson->steps[at - 2].expectsError) {
        m_errorShownAt = at - 2;
        m_shownError.clear();
        if (const RunResult result = m_session->run(m_lesson->steps[at - 2].text)) {
            m_session->undoStack()->undo();
            m_errorShownAt = -1;
        } else {
            m_shownError = result.error()->describe();
        }
        refresh();
    }
    keepCleanWhilePristine();
}

void LessonPanel::refresh() {
    if (!m_lesson)
        return;
    if (m_errorShownAt >= 0 && position() != m_errorShownAt + 1)
        m_errorShownAt = -1; // the session moved on (typed, undone): the shown error is stale
    const int at = position();
    const int count = static_cast<int>(m_lesson->steps.size());
    m_title->setText(m_lesson->title);
    QString comment;
    QString output;
    bool expectedError = false;
    if (at == 0) {
        comment = m_lesson->introduction;
    } else {
        const LessonStep& step = m_lesson->steps[at - 1];
        comment = step.comment;
        if (step.expectsError) {
            expectedError = true;
            output = step.code + QStringLiteral("  \u2192  ") +
                     (m_shownError.isEmpty() ? step.expectedMessage : m_shownError);
        } else {
            qsizetype line = 0;
            for (int i = 0; i < at - 1; ++i)
                line += m_lesson->steps[i].expectsError ? 0 : 1;
            if (line < m_session->lines().size())
                output = m_session->lines().at(line).output.trimmed();
            if (!output.isEmpty())
                output = step.code + QStringLiteral("  \u2192  ") + output;
        }
        if (at == count && !m_lesson->closing.isEmpty())
            comment += (comment.isEmpty() ? QString() : QStringLiteral("\n\n")) + m_lesson->closing;
    }
    m_progress->setText(expectedError ? tr("step %1 of %2 \u00b7 PyTorch refuses it").arg(at).arg(count)
                                      : tr("step %1 of %2").arg(at).arg(count));
    m_comment->setText(comment);
    m_comment->setVisible(!comment.isEmpty());
    m_output->setText(output);
    m_output->setVisible(!output.isEmpty());
    // The refusal is the lesson's point: set off in the error colour, not shown as a failure.
    m_output->setStyleSheet(expectedError ? QStringLiteral("color: #b3261e; font-weight: bold;") : QString());
    const QString following = nextLessonPath();
    if (at < count) {
        const LessonStep& step = m_lesson->steps[at];
        m_nextCode->setText(step.expectsError
                                ? tr("Next: <code>%1</code> (PyTorch refuses it)").arg(step.code.toHtmlEscaped())
                                : tr("Next: <code>%1</code>").arg(step.code.toHtmlEscaped()));
        m_next->setText(tr("Next \u25B6"));
    } else if (!following.isEmpty()) {
        m_nextCode->setText(tr("<b>The end.</b> Next: %1").arg(Lesson::titleOf(following).toHtmlEscaped()));
        m_next->setText(tr("Next Lesson \u25B6"));
    } else {
        m_nextCode->setText(tr("<b>The end.</b> Try your own variations in the console."));
        m_next->setText(tr("Next \u25B6"));
    }
    m_previous->setEnabled(at > 0);
    m_next->setEnabled(at < count || !following.isEmpty());
}

} // namespace stridescope::app
