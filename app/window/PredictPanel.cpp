#include "app/window/PredictPanel.h"

#include "app/diagram/DiagramModel.h"
#include "app/window/LessonPanel.h"
#include "app/window/SessionModel.h"

#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace stridescope::app {

namespace {

std::optional<QList<qint64>> integers(const QString& text) {
    static const QRegularExpression number(QStringLiteral("-?\\d+"));
    if (text.trimmed().isEmpty())
        return std::nullopt;
    QList<qint64> values;
    auto it = number.globalMatch(text);
    while (it.hasNext())
        values << it.next().captured(0).toLongLong();
    return values;
}

QList<qint64> toList(const Shape& values) { return QList<qint64>(values.begin(), values.end()); }

std::optional<bool> truthValue(const QString& text) {
    const QString t = text.trimmed().toLower();
    static const QStringList yes = {QStringLiteral("true"), QStringLiteral("t"), QStringLiteral("yes"),
                                    QStringLiteral("y"),    QStringLiteral("1"), QStringLiteral("\u662f"),
                                    QStringLiteral("\u8fde\u7eed")};
    static const QStringList no = {QStringLiteral("false"), QStringLiteral("f"), QStringLiteral("no"),
                                   QStringLiteral("n"), QStringLiteral("0"), QStringLiteral("\u5426"),
                                   QStringLiteral("\u4e0d\u8fde\u7eed"), QStringLiteral("\u4e0d\u662f")};
    if (yes.contains(t))
        return true;
    if (no.contains(t))
        return false;
    return std::nullopt;
}

bool saysError(const QString& text) {
    const QString t = text.trimmed().toLower();
    return t.contains(QStringLiteral("err")) || t.contains(QStringLiteral("fail")) ||
           t.contains(QStringLiteral("raise")) || t.contains(QStringLiteral("exception")) ||
           t.contains(QStringLiteral("\u9519")) || t.contains(QStringLiteral("\u5f02\u5e38")) ||
           t.contains(QStringLiteral("\u62d2\u7edd"));
}

} // namespace

PredictPanel::PredictPanel(SessionModel* session, LessonPanel* lesson, QWidget* parent)
    : QFrame(parent), m_session(session), m_lesson(lesson), m_heading(new QLabel(this)), m_code(new QLabel(this)),
      m_question(new QLabel(this)), m_scoreLabel(new QLabel(this)), m_reveal(new QPushButton(tr("Reveal"), this)),
      m_close(new QPushButton(tr("Close"), this)) {
    setObjectName(QStringLiteral("predictPanel"));
    setFrameShape(QFrame::StyledPanel);
    m_basePointSize = font().pointSizeF();
    m_heading->setText(tr("Predict, then reveal"));
    m_code->setObjectName(QStringLiteral("predictStatement"));
    m_code->setTextFormat(Qt::PlainText);
    m_code->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_question->setWordWrap(true);
    m_question->setTextFormat(Qt::PlainText);
    m_scoreLabel->setObjectName(QStringLiteral("predictScore"));
    m_reveal->setObjectName(QStringLiteral("predictReveal"));
    m_reveal->setDefault(true);
    m_reveal->setToolTip(tr("Mark the answers and run the statement"));

    const QString labels[kFieldCount] = {tr("shape"), tr("stride()"), tr("storage_offset()"), tr("is_contiguous()")};
    const QString hints[kFieldCount] = {tr("e.g. 3, 2, 4"), tr("e.g. 4, 12, 1"), tr("e.g. 0"), tr("True or False")};
    static const char* names[kFieldCount] = {"predictShape", "predictStride", "predictOffset", "predictContiguous"};
    auto* grid = new QGridLayout;
    grid->setHorizontalSpacing(10);
    for (int i = 0; i < kFieldCount; ++i) {
        m_labels[i] = new QLabel(labels[i], this);
        m_fields[i] = new QLineEdit(this);
        m_fields[i]->setObjectName(QString::fromLatin1(names[i]));
        m_fields[i]->setPlaceholderText(hints[i]);
        m_marks[i] = new QLabel(this);
        m_marks[i]->setTextFormat(Qt::PlainText);
        const int row = i / 2;
        const int column = (i % 2) * 3;
        grid->addWidget(m_labels[i], row, column);
        grid->addWidget(m_fields[i], row, column + 1);
        grid->addWidget(m_marks[i], row, column + 2);
        connect(m_fields[i], &QLineEdit::returnPressed, this, [this, i] {
            if (i + 1 < kFieldCount && m_fields[i + 1]->isVisible())
                m_fields[i + 1]->setFocus();
            else
                reveal();
        });
    }
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(4, 1);
    auto* header = new QHBoxLayout;
    header->setSpacing(16);
    header->addWidget(m_heading);
    header->addWidget(m_code, 1);
    header->addWidget(m_scoreLabel);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_question, 1);
    buttons->addWidget(m_reveal);
    buttons->addWidget(m_close);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->setSpacing(4);
    layout->addLayout(header);
    layout->addLayout(grid);
    layout->addLayout(buttons);
    connect(m_reveal, &QPushButton::clicked, this, &PredictPanel::reveal);
    connect(m_close, &QPushButton::clicked, this, &PredictPanel::cancel);
    applyFonts();
    showScore();
    hide();
}

void PredictPanel::applyFonts() {
    const qreal scale = m_presentation ? 1.45 : 1.0;
    QFont text = font();
    text.setPointSizeF(m_basePointSize * scale);
    QFont bold = text;
    bold.setBold(true);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPointSizeF(std::max<qreal>(mono.pointSizeF(), m_basePointSize) * scale * 1.1);
    mono.setBold(true);
    m_heading->setFont(bold);
    m_code->setFont(mono);
    for (QWidget* widget : {static_cast<QWidget*>(m_question), static_cast<QWidget*>(m_scoreLabel),
                            static_cast<QWidget*>(m_reveal), static_cast<QWidget*>(m_close)})
        widget->setFont(text);
    QFont field = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    field.setPointSizeF(std::max<qreal>(field.pointSizeF(), m_basePointSize) * scale);
    for (int i = 0; i < kFieldCount; ++i) {
        m_labels[i]->setFont(text);
        m_fields[i]->setFont(field);
        m_marks[i]->setFont(bold);
    }
}

void PredictPanel::setPresentation(bool on) {
    m_presentation = on;
    applyFonts();
}

bool PredictPanel::ask(const QString& statement, bool lessonStep) {
    const QString code = statement.trimmed();
    if (code.isEmpty())
        return false;
    const SessionModel::Preview preview = m_session->preview(code);
    if (!preview.error && !preview.tensor)
        return false;
    m_statement = code;
    m_lessonStep = lessonStep;
    m_exercise = false;
    m_asking = true;
    m_revealed = false;
    m_expectsError = preview.error.has_value();
    if (m_expectsError) {
        const QString message = preview.error->describe();
        m_truth = {tr("error: %1").arg(message), QString(), QString(), QString()};
    } else {
        const Tensor& t = preview.tensor->tensor;
        m_truth = {tupleText(t.sizes()), tupleText(t.strides()), QString::number(t.storageOffset()),
                   t.isContiguous() ? QStringLiteral("True") : QStringLiteral("False")};
    }
    m_correct = {};
    m_code->setText(code);
    m_question->setText(m_expectsError ? tr("What does it give? Type the shape, or \u201cerror\u201d if PyTorch refuses it.")
                                       : tr("What does the result look like? Fill in the four fields, then Reveal."));
    for (int i = 0; i < kFieldCount; ++i) {
        m_fields[i]->clear();
        m_fields[i]->setReadOnly(false);
        m_fields[i]->setStyleSheet(QString());
        m_marks[i]->clear();
        const bool shown = !m_expectsError || i == Shape;
        m_fields[i]->setVisible(shown);
        m_labels[i]->setVisible(shown);
        m_marks[i]->setVisible(shown);
    }
    m_labels[Shape]->setText(m_expectsError ? tr("result") : tr("shape"));
    m_fields[Shape]->setPlaceholderText(m_expectsError ? tr("a shape, or error") : tr("e.g. 3, 2, 4"));
    m_reveal->setEnabled(true);
    m_reveal->setText(tr("Reveal"));
    show();
    m_fields[Shape]->setFocus();
    return true;
}

bool PredictPanel::askLessonStep() {
    if (!m_lesson || !m_lesson->isActive())
        return false;
    const int at = m_lesson->position();
    if (at >= m_lesson->stepCount())
        return false;
    return ask(m_lesson->lesson()->steps[at].code, true);
}

bool PredictPanel::startExercise(int index) {
    const QList<PredictExercise> all = exercises();
    if (index < 0 || index >= all.size())
        return false;
    const PredictExercise& exercise = all[index];
    if (m_lesson && m_lesson->isActive())
        m_lesson->close();
    if (!m_session->load(QStringLiteral("import torch\n") + exercise.setup))
        return false;
    if (!ask(exercise.statement))
        return false;
    m_exercise = true;
    m_question->setText(exercise.question + u'\n' + m_question->text());
    return true;
}

void PredictPanel::setAnswer(Field field, const QString& text) { m_fields[field]->setText(text); }

void PredictPanel::reveal() {
    if (!m_asking || m_revealed)
        return;
    m_revealed = true;
    const SessionModel::Preview preview = m_session->preview(m_statement);
    int right = 0;
    int of = 0;
    for (int i = 0; i < kFieldCount; ++i) {
        if (m_expectsError && i != Shape)
            continue;
        const QString answer = m_fields[i]->text();
        bool correct = false;
        if (m_expectsError) {
            correct = saysError(answer);
        } else if (preview.tensor) {
            const Tensor& t = preview.tensor->tensor;
            switch (static_cast<Field>(i)) {
            case Shape:
                correct = integers(answer) == toList(t.sizes());
                break;
            case Stride:
                correct = integers(answer) == toList(t.strides());
                break;
            case Offset:
                correct = integers(answer) == QList<qint64>{t.storageOffset()};
                break;
            case Contiguous:
                correct = truthValue(answer) == t.isContiguous();
                break;
            }
        }
        m_correct[i] = correct;
        ++of;
        right += correct ? 1 : 0;
        m_marks[i]->setText(correct ? QStringLiteral("\u2714 ") + m_truth[i] : QStringLiteral("\u2718 ") + m_truth[i]);
        m_marks[i]->setStyleSheet(correct ? QStringLiteral("color: #1a7f37;") : QStringLiteral("color: #b3261e;"));
        m_fields[i]->setReadOnly(true);
    }
    m_score += right;
    m_asked += of;
    showScore();
    m_reveal->setEnabled(false);
    m_question->setText(tr("%1 of %2 right.").arg(right).arg(of));
    // The diagram shows the answer: the statement runs (a lesson step as the lesson's Next).
    const bool wasClean = !m_session->isModified();
    if (m_lessonStep && m_lesson && m_lesson->isActive())
        m_lesson->next();
    else if (!m_expectsError)
        (void)m_session->run(m_statement); // it ran in the preview; a failure would show there
    if (m_exercise && wasClean)
        m_session->setUnmodified(); // an exercise is not the class's own work
    m_asking = false;
}

void PredictPanel::cancel() {
    m_asking = false;
    m_exercise = false;
    hide();
}

void PredictPanel::resetScore() {
    m_score = 0;
    m_asked = 0;
    showScore();
}

void PredictPanel::showScore() { m_scoreLabel->setText(tr("score %1 / %2").arg(m_score).arg(m_asked)); }

QList<PredictExercise> PredictPanel::exercises() {
    const QString a = QStringLiteral("a = torch.arange(24).reshape(2, 3, 4)\n");
    return {
        {tr("transpose(0, 1) of a 2\u00d73\u00d74 block"),
         tr("The article's first example: a is contiguous. What does transposing dims 0 and 1 give?"), a,
         QStringLiteral("b = a.transpose(0, 1)"), false},
        {tr("permute(2, 0, 1)"), tr("All three dims move at once."), a, QStringLiteral("p = a.permute(2, 0, 1)"),
         false},
        {tr("narrow moves the offset"), tr("Keep 2 of the 3 rows of each matrix, from row 1."), a,
         QStringLiteral("n = a.narrow(1, 1, 2)"), false},
        {tr("a slice of the first dim"), tr("The second matrix only, as a slice."), a,
         QStringLiteral("s = a[1:2]"), false},
        {tr("view(2, -1)"), tr("The article's view(2, -1) on a contiguous tensor."), a,
         QStringLiteral("v = a.view(2, -1)"), false},
        {tr("narrow, then transpose"), tr("The article warns: a narrowed tensor transposed is no longer contiguous."),
         a, QStringLiteral("nt = a.narrow(2, 0, 2).transpose(0, 1)"), false},
        {tr("contiguous() of a transpose"), tr("b is a.transpose(0, 1). What does contiguous() make of it?"),
         a + QStringLiteral("b = a.transpose(0, 1)\n"), QStringLiteral("c = b.contiguous()"), false},
        {tr("view of a transpose"), tr("b is a.transpose(0, 1). Can it be flattened with view?"),
         a + QStringLiteral("b = a.transpose(0, 1)\n"), QStringLiteral("w = b.view(24)"), true},
        {tr("narrow past the end"), tr("The article's x.narrow(0, 5, 10) on a tensor with 10 rows."),
         QStringLiteral("x = torch.zeros(10, 20)\n"), QStringLiteral("y = x.narrow(0, 5, 10)"), true},
        {tr("transpose of a 2\u00d73 view"),
         tr("The second article: base = arange(6).view(2, 3), then its transpose (an in-place add_ on it would "
            "change base)."),
         QStringLiteral("base = torch.arange(6).view(2, 3)\n"), QStringLiteral("t = base.transpose(0, 1)"), false},
        {tr("a column of a matrix"), tr("Column 1 of a 3\u00d74 matrix."), QStringLiteral("x = torch.zeros(3, 4)\n"),
         QStringLiteral("col = x[:, 1]"), false},
        {tr("expand gives stride 0"), tr("A 3\u00d71 column expanded to 3\u00d74."),
         QStringLiteral("col = torch.arange(3).view(3, 1)\n"), QStringLiteral("wide = col.expand(3, 4)"), false},
    };
}

} // namespace stridescope::app
