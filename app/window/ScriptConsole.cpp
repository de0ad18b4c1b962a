#include "app/window/ScriptConsole.h"

#include "app/diagram/DiagramModel.h"
#include "app/window/ErrorPanel.h"
#include "app/window/OpCatalog.h"
#include "app/window/PythonHighlighter.h"
#include "app/window/ScriptEditor.h"
#include "app/window/ViewFailure.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTextBlock>
#include <QVBoxLayout>

namespace stridescope::app {

namespace {

// A refused view: `receiver.view(args)` in the failed statement, when the receiver is a name.
struct ViewCall {
    QString receiver;
    QString arguments;
    qsizetype at = -1; // of ".view("
};

std::optional<ViewCall> findViewCall(const QString& source) {
    static const QRegularExpression pattern(
        QStringLiteral(R"(([A-Za-z_][A-Za-z_0-9]*)?(\.view\(([^()]*)\)))"));
    std::optional<ViewCall> last;
    auto matches = pattern.globalMatch(source);
    while (matches.hasNext()) {
        const auto match = matches.next();
        last = ViewCall{match.captured(1), match.captured(3), match.capturedStart(2)};
    }
    return last;
}

bool isViewRefusal(const SessionError& error) {
    return error.message.startsWith(
        QStringLiteral("view size is not compatible with input tensor's size and stride"));
}

} // namespace

ScriptConsole::ScriptConsole(SessionModel* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_transcript(new QPlainTextEdit(this)),
      m_editor(new ScriptEditor(this)), m_errorPanel(new ErrorPanel(this)),
      m_runButton(new QPushButton(tr("Run"), this)), m_previewLabel(new QLabel(this)) {
    m_transcript->setObjectName(QStringLiteral("transcript"));
    m_transcript->setReadOnly(true);
    m_transcript->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_transcript->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_transcript->setContextMenuPolicy(Qt::CustomContextMenu);
    m_transcript->setToolTip(tr("The session's script. Right-click a statement to delete it."));
    new PythonHighlighter(m_transcript->document());
    m_editor->setObjectName(QStringLiteral("consoleInput"));
    m_runButton->setObjectName(QStringLiteral("runButton"));
    m_runButton->setToolTip(tr("Run the code (Enter)"));

    m_previewLabel->setObjectName(QStringLiteral("consolePreview"));
    m_previewLabel->setTextFormat(Qt::PlainText);
    m_previewLabel->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_previewLabel->setForegroundRole(QPalette::PlaceholderText);
    m_previewLabel->setToolTip(tr("What the code in the input would do, before it runs"));
    m_previewLabel->setVisible(false);

    auto* input = new QHBoxLayout;
    input->addWidget(m_editor, 1);
    input->addWidget(m_runButton, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_transcript, 1);
    layout->addLayout(input);
    layout->addWidget(m_previewLabel);
    layout->addWidget(m_errorPanel);

    connect(m_editor, &ScriptEditor::submitted, this, [this](const QString& text) { runText(text); });
    connect(m_runButton, &QPushButton::clicked, this, &ScriptConsole::submit);
    connect(m_errorPanel, &ErrorPanel::actionTriggered, this, &ScriptConsole::applySuggestion);
    m_transcriptTimer.setSingleShot(true);
    m_transcriptTimer.setInterval(0);
    connect(&m_transcriptTimer, &QTimer::timeout, this, &ScriptConsole::rebuildTranscript);
    connect(m_session, &SessionModel::changed, &m_transcriptTimer, qOverload<>(&QTimer::start));
    connect(m_transcript, &QPlainTextEdit::customContextMenuRequested, this,
            &ScriptConsole::showTranscriptMenu);
    // Long enough not to run half-typed names at every key; short enough to feel live.
    m_previewTimer.setSingleShot(true);
    m_previewTimer.setInterval(300);
    connect(&m_previewTimer, &QTimer::timeout, this, &ScriptConsole::updatePreview);
    connect(m_editor, &QPlainTextEdit::textChanged, &m_previewTimer, qOverload<>(&QTimer::start));
    connect(m_session, &SessionModel::changed, &m_previewTimer, qOverload<>(&QTimer::start));
    rebuildTranscript();
}

void ScriptConsole::updatePreview() {
    m_previewTimer.stop();
    const QString text = m_editor->toPlainText();
    if (text.trimmed().isEmpty()) {
        m_previewLabel->clear();
        m_previewLabel->setVisible(false);
        return;
    }
    if (text == m_failedText && !m_errorPanel->isHidden()) {
        m_previewLabel->setVisible(false); // the error panel already says it, in full
        return;
    }
    const SessionModel::Preview preview = m_session->preview(text);
    QString line;
    if (preview.error) {
        line = tr("would raise %1: %2").arg(preview.error->kind, preview.error->message.section(u'\n', 0, 0));
    } else if (preview.tensor && preview.tensor->tensor.defined()) {
        const ShownTensor& shown = *preview.tensor;
        const Tensor& tensor = shown.tensor;
        // A view when it reads a storage that a tensor of the session already has.
        const QList<ShownTensor> aliases = m_session->aliasesOf(tensor, shown.name);
        const QString viewOf = aliases.isEmpty() ? QString() : aliases.front().name;
        line = tr("%1: shape %2 \u00b7 stride %3 \u00b7 offset %4 \u00b7 %5")
                   .arg(shown.name.isEmpty() ? tr("result") : shown.name, tupleText(tensor.sizes()),
                        tupleText(tensor.strides()))
                   .arg(tensor.storageOffset())
                   .arg(viewOf.isEmpty() ? tr("new storage") : tr("view of %1's storage").arg(viewOf));
        // Why a computed result got its strides (TensorIterator's output-layout rule).
        if (viewOf.isEmpty() && !tensor.layoutReason().empty())
            line += tr(" \u00b7 strides: %1").arg(QString::fromStdString(tensor.layoutReason()));
    } else if (!preview.output.trimmed().isEmpty()) {
        line = tr("prints %1").arg(preview.output.trimmed().section(u'\n', 0, 0));
    }
    m_previewLabel->setText(line.isEmpty() ? QString() : QStringLiteral("\u2192 ") + line);
    m_previewLabel->setVisible(!line.isEmpty());
}

void ScriptConsole::setPresentation(bool on) {
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (on)
        mono.setPointSizeF(mono.pointSizeF() * 1.4);
    for (QWidget* widget : {static_cast<QWidget*>(m_transcript), static_cast<QWidget*>(m_editor),
                            static_cast<QWidget*>(m_previewLabel)})
        widget->setFont(mono);
}

void ScriptConsole::setDark(bool dark) {
    m_dark = dark;
    rebuildTranscript();
    m_editor->highlighter()->setDark(dark);
    if (auto* highlighter = m_transcript->document()->findChild<PythonHighlighter*>())
        highlighter->setDark(dark);
}

void ScriptConsole::submit() {
    const QString text = m_editor->toPlainText();
    if (!text.trimmed().isEmpty())
        runText(text);
}

bool ScriptConsole::runText(const QString& text) {
    if (const RunResult result = m_session->run(text); !result) {
        showError(*result.error(), text);
        m_editor->setFocus();
        return false; // the typed text stays in the input
    }
    clearError();
    m_editor->addToHistory(text);
    if (m_editor->toPlainText() == text)
        m_editor->clear();
    return true;
}

void ScriptConsole::showError(const SessionError& error, const QString& failedText) {
    m_failedText = failedText;
    m_previewLabel->setVisible(false);
    m_suggestion.clear();
    QString where;
    if (failedText.count(u'\n') > 0 || error.kind == u"SyntaxError")
        where = error.kind == u"SyntaxError" ? QString() : tr("line %1: ").arg(error.line);
    QString explanation;
    QString action;
    if (isViewRefusal(error)) {
        if (const auto call = findViewCall(error.source)) {
            if (!call->receiver.isEmpty()) {
                const auto tensor = m_session->tensorNamed(call->receiver);
                const auto shape = parseIntList(call->arguments);
                if (tensor && shape)
                    explanation = ViewFailure::explain(tensor->layout(), Shape(shape->begin(), shape->end()))
                                      .value_or(QString());
            }
            QString fixed = error.source;
            fixed.replace(call->at, 6, QStringLiteral(".reshape("));
            const qsizetype at = failedText.indexOf(error.source);
            if (at >= 0) {
                m_suggestion = failedText;
                m_suggestion.replace(at, error.source.size(), fixed);
                action = tr("Use reshape instead (copies)");
            }
        }
    }
    m_errorPanel->showError(where + error.describe(), explanation, action);
    if (!m_suggestion.isEmpty())
        m_errorPanel->actionButton()->setToolTip(m_suggestion);
}

void ScriptConsole::clearError() {
    m_errorPanel->clear();
    m_failedText.clear();
    m_suggestion.clear();
}

void ScriptConsole::applySuggestion() {
    if (m_suggestion.isEmpty())
        return;
    const QString suggestion = m_suggestion;
    const QString failed = m_failedText;
    if (const RunResult result = m_session->run(suggestion)) {
        if (m_editor->toPlainText() == failed)
            m_editor->clear();
        m_editor->addToHistory(suggestion);
        clearError();
    } else {
        showError(*result.error(), suggestion);
    }
}

void ScriptConsole::rebuildTranscript() {
    QStringList blocks;
    m_blockLine.clear();
    std::vector<bool> output;
    const auto& lines = m_session->lines();
    for (int i = 0; i < lines.size(); ++i) {
        // The script as it will be saved: comment lines above a statement, the statement with its
        // trailing comment; then what a prompt printed for it, muted.
        for (const QString& text : lines[i].leading.split(u'\n')) {
            if (!text.trimmed().startsWith(u'#'))
                continue;
            blocks << text;
            m_blockLine.push_back(i);
            output.push_back(false);
        }
        QStringList code = lines[i].code.split(u'\n');
        if (!lines[i].trailing.isEmpty())
            code.back() += QStringLiteral("  # ") + lines[i].trailing;
        for (const QString& text : code) {
            blocks << text;
            m_blockLine.push_back(i);
            output.push_back(false);
        }
        QString shown = lines[i].output;
        if (shown.endsWith(u'\n'))
            shown.chop(1);
        if (shown.isEmpty())
            continue;
        for (const QString& text : shown.split(u'\n')) {
            blocks << QStringLiteral("# ") + text;
            m_blockLine.push_back(i);
            output.push_back(true);
        }
    }
    QTextDocument* document = m_transcript->document();
    m_transcript->setPlainText(blocks.join(u'\n'));
    QTextBlock block = document->begin();
    for (std::size_t i = 0; block.isValid() && i < output.size(); block = block.next(), ++i)
        block.setUserState(output[i] ? PythonHighlighter::kOutputState : -1);
    if (auto* highlighter = document->findChild<PythonHighlighter*>())
        highlighter->rehighlight();

    // The last statement, marked: it is what the diagram shows after a run.
    QList<QTextEdit::ExtraSelection> selections;
    if (!lines.isEmpty()) {
        const int last = static_cast<int>(lines.size()) - 1;
        for (QTextBlock b = document->begin(); b.isValid(); b = b.next()) {
            const auto index = static_cast<std::size_t>(b.blockNumber());
            if (index < m_blockLine.size() && m_blockLine[index] == last && !output[index] &&
                !b.text().trimmed().startsWith(u'#')) {
                QTextEdit::ExtraSelection selection;
                selection.cursor = QTextCursor(b);
                selection.format.setBackground(m_dark ? QColor(0x26, 0x3A, 0x52) : QColor(0xDC, 0xEB, 0xFA));
                selection.format.setProperty(QTextFormat::FullWidthSelection, true);
                selections << selection;
            }
        }
    }
    m_transcript->setExtraSelections(selections);
    m_transcript->verticalScrollBar()->setValue(m_transcript->verticalScrollBar()->maximum());
}

void ScriptConsole::showTranscriptMenu(const QPoint& position) {
    const QTextCursor cursor = m_transcript->cursorForPosition(position);
    const auto block = static_cast<std::size_t>(cursor.blockNumber());
    QMenu menu(this);
    if (block < m_blockLine.size()) {
        const int line = m_blockLine[block];
        const QString code = m_session->lines().at(line).code.simplified();
        QAction* remove = menu.addAction(tr("Delete \u201c%1\u201d").arg(code.left(48)));
        connect(remove, &QAction::triggered, this, [this, line] {
            if (const RunResult result = m_session->removeLine(line); !result)
                m_errorPanel->showError(tr("Cannot delete it: the rest of the script needs it. %1")
                                            .arg(result.error()->describe()));
        });
        QAction* edit = menu.addAction(tr("Copy to the input"));
        connect(edit, &QAction::triggered, this, [this, line] {
            m_editor->setPlainText(m_session->lines().at(line).code);
            m_editor->setFocus();
        });
        menu.addSeparator();
    }
    menu.addAction(tr("Copy"), m_transcript, &QPlainTextEdit::copy);
    menu.addAction(tr("Select All"), m_transcript, &QPlainTextEdit::selectAll);
    menu.exec(m_transcript->mapToGlobal(position));
}

} // namespace stridescope::app
