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
    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    m_comment->setObjectName(QStringLiteral("lessonComment"));
    m_comment->setWordWrap(true);
    m_comment->setTextFormat(Qt::PlainText);
    m_comment->setTextInteractionFlags(Qt::TextSelectableByMouse);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_output->setFont(mono);
    m_output->setTextFormat(Qt::PlainText);
    m_output->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_nextCode->setTextFormat(Qt::RichText);
    m_nextCode->setWordWrap(true);
    m_previous->setObjectName(QStringLiteral("lessonPrevious"));
    m_next->setObjectName(QStringLiteral("lessonNext"));
    m_previous->setToolTip(tr("Undo the last step (Shift+F10)"));
    m_next->setToolTip(tr("Run the next statement (F10)"));
    m_next->setDefault(true);

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

void LessonPanel::start(const Lesson& lesson) {
    m_lesson = lesson;
    m_error.clear();
    m_session->load(QString()); // an empty script: the lesson imports torch itself
    show();
    refresh();
}

void LessonPanel::close() {
    m_lesson.reset();
    hide();
    emit closed();
}

int LessonPanel::position() const {
    if (!m_lesson)
        return 0;
    const auto& lines = m_session->lines();
    int matched = 0;
    while (matched < lines.size() && matched < m_lesson->steps.size() &&
           lines[matched].code == m_lesson->steps[matched].code)
        ++matched;
    return matched;
}

QString LessonPanel::commentText() const { return m_comment->text(); }

bool LessonPanel::next() {
    if (!m_lesson)
        return false;
    const int at = position();
    if (at >= m_lesson->steps.size())
        return false;
    const LessonStep& step = m_lesson->steps[at];
    if (!m_session->run(step.text, true)) {
        m_error = m_session->lastError() ? m_session->lastError()->describe() : QString();
        emit stepFailed(step.code);
        return false;
    }
    m_error.clear();
    return true;
}

void LessonPanel::previous() {
    if (!m_lesson || m_session->lines().isEmpty())
        return;
    m_session->undoStack()->undo();
}

void LessonPanel::refresh() {
    if (!m_lesson)
        return;
    const int at = position();
    const int count = static_cast<int>(m_lesson->steps.size());
    m_title->setText(m_lesson->title);
    m_progress->setText(tr("step %1 of %2").arg(at).arg(count));
    QString comment;
    QString output;
    if (at == 0) {
        comment = m_lesson->introduction;
    } else {
        const LessonStep& step = m_lesson->steps[at - 1];
        comment = step.comment.isEmpty() ? tr("(no comment for this statement)") : step.comment;
        output = m_session->lines().at(at - 1).output.trimmed();
        if (!output.isEmpty())
            output = step.code + QStringLiteral("  \u2192  ") + output;
        if (at == count && !m_lesson->closing.isEmpty())
            comment += QStringLiteral("\n\n") + m_lesson->closing;
    }
    m_comment->setText(comment);
    m_output->setText(output);
    m_output->setVisible(!output.isEmpty());
    if (at < count)
        m_nextCode->setText(tr("Next: <code>%1</code>").arg(m_lesson->steps[at].code.toHtmlEscaped()));
    else
        m_nextCode->setText(tr("<b>The end.</b> Try your own variations in the console."));
    m_previous->setEnabled(at > 0);
    m_next->setEnabled(at < count);
}

} // namespace stridescope::app
