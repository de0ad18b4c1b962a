#include "app/window/ScriptEditor.h"

#include "app/window/PythonHighlighter.h"

#include "core/script/Lexer.h"

#include <QFontDatabase>
#include <QKeyEvent>
#include <QTextBlock>
#include <QTextDocument>

namespace stridescope::app {

ScriptEditor::ScriptEditor(QWidget* parent)
    : QPlainTextEdit(parent), m_highlighter(new PythonHighlighter(document())) {
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setTabChangesFocus(true);
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
    setPlaceholderText(tr("Type PyTorch code and press Enter, e.g.  y = x.transpose(0, 1)"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(document(), &QTextDocument::blockCountChanged, this, [this] { updateGeometry(); });
}

QSize ScriptEditor::sizeHint() const {
    const int lines = std::clamp(static_cast<int>(document()->blockCount()), 1, 6);
    const QMargins margins = contentsMargins();
    return QSize(400, fontMetrics().lineSpacing() * lines +
                          static_cast<int>(2 * document()->documentMargin()) + margins.top() +
                          margins.bottom() + 2);
}

void ScriptEditor::setHistory(const QStringList& history) {
    m_history = history;
    m_historyIndex = -1;
}

void ScriptEditor::addToHistory(const QString& text) {
    if (!text.trimmed().isEmpty() && (m_history.isEmpty() || m_history.back() != text))
        m_history << text;
    m_historyIndex = -1;
    m_draft.clear();
}

bool ScriptEditor::insideOpenBracket() const {
    // The lexer's brackets (those in strings and comments are none), read tolerantly: the text is
    // still being typed.
    int depth = 0;
    for (const script::Token& token : script::tokenizeTolerantly(toPlainText().toStdString())) {
        if (token.kind != script::TokenKind::Operator || token.text.size() != 1)
            continue;
        if (token.text == "(" || token.text == "[" || token.text == "{")
            ++depth;
        else if (token.text == ")" || token.text == "]" || token.text == "}")
            --depth;
    }
    return depth > 0;
}

void ScriptEditor::showHistoryEntry(int index) {
    if (m_historyIndex < 0)
        m_draft = toPlainText();
    m_historyIndex = index;
    setPlainText(index < 0 || index >= m_history.size() ? m_draft : m_history[index]);
    moveCursor(QTextCursor::End);
}

bool ScriptEditor::event(QEvent* event) {
    if (event->type() == QEvent::ShortcutOverride && document()->isEmpty()) {
        auto* key = static_cast<QKeyEvent*>(event);
        const QKeyCombination combination = key->keyCombination();
        if (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo) ||
            combination == (Qt::CTRL | Qt::SHIFT | Qt::Key_Z) || combination == (Qt::CTRL | Qt::Key_Y)) {
            event->ignore(); // not ours: the window's Undo / Redo
            return true;
        }
    }
    return QPlainTextEdit::event(event);
}

void ScriptEditor::keyPressEvent(QKeyEvent* event) {
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    if (enter && !(event->modifiers() & Qt::ShiftModifier) && !insideOpenBracket()) {
        const QString text = toPlainText();
        if (!text.trimmed().isEmpty())
            emit submitted(text);
        return;
    }
    const QTextCursor cursor = textCursor();
    if (event->key() == Qt::Key_Up && !m_history.isEmpty() && cursor.blockNumber() == 0) {
        const int index =
            m_historyIndex < 0 ? static_cast<int>(m_history.size()) - 1 : std::max(0, m_historyIndex - 1);
        showHistoryEntry(index);
        return;
    }
    if (event->key() == Qt::Key_Down && m_historyIndex >= 0 &&
        cursor.blockNumber() == document()->blockCount() - 1) {
        const int next = m_historyIndex + 1;
        if (next >= m_history.size()) {
            setPlainText(m_draft);
            m_historyIndex = -1;
            moveCursor(QTextCursor::End);
        } else {
            showHistoryEntry(next);
        }
        return;
    }
    if (event->key() == Qt::Key_Escape && m_historyIndex >= 0) {
        setPlainText(m_draft);
        m_historyIndex = -1;
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
    updateGeometry();
}

} // namespace stridescope::app
