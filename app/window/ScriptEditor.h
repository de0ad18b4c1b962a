#pragma once
// The console's input: PyTorch code with highlighting. Enter runs what was typed (Shift+Enter,
// or Enter inside an open bracket, starts a new line); Up and Down walk the history when the
// cursor is on the first or last line. What was typed is kept until it ran without error.
// Undo and Redo keys edit the typed text while there is some; on an empty input they reach the
// window and step through the script.
#include <QPlainTextEdit>
#include <QStringList>

namespace stridescope::app {

class PythonHighlighter;

class ScriptEditor : public QPlainTextEdit {
    Q_OBJECT

public:
    explicit ScriptEditor(QWidget* parent = nullptr);

    void setHistory(const QStringList& history);
    const QStringList& history() const { return m_history; }
    // Adds an entry (no duplicate of the last one) and resets the walk.
    void addToHistory(const QString& text);
    PythonHighlighter* highlighter() const { return m_highlighter; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

signals:
    // The user pressed Enter on complete code.
    void submitted(const QString& text);

protected:
    bool event(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void showHistoryEntry(int index);
    bool insideOpenBracket() const;

    PythonHighlighter* m_highlighter;
    QStringList m_history;
    int m_historyIndex = -1; // -1: not walking; else the entry shown
    QString m_draft;         // what was typed before walking the history
};

} // namespace stridescope::app
