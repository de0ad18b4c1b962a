#pragma once
// The script console: the session's script (each statement, with what a Python prompt would
// print for it as a muted comment), an input to type PyTorch code into, and the last error right
// under the input in red, in PyTorch's words. What was typed stays in the input until it ran.
// A refused view() is explained (which dims span two contiguous chunks) and a button applies
// the same line with reshape(), which copies. While code is typed, a line under the input
// previews it (run on a scratch copy of the workspace): the layout it would give, whether that
// is a view or new storage, or the error it would raise.
#include "app/window/SessionModel.h"

#include <QString>
#include <QTimer>
#include <QWidget>

#include <vector>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace stridescope::app {

class ErrorPanel;
class ScriptEditor;

class ScriptConsole : public QWidget {
    Q_OBJECT

public:
    explicit ScriptConsole(SessionModel* session, QWidget* parent = nullptr);

    ScriptEditor* editor() const { return m_editor; }
    QPlainTextEdit* transcript() const { return m_transcript; }
    ErrorPanel* errorPanel() const { return m_errorPanel; }
    QLabel* previewLabel() const { return m_previewLabel; }
    // Previews the input now (otherwise it follows typing after a short pause).
    void updatePreview();

    // Runs `text` through the session; on error shows it and keeps the text in the input.
    bool runText(const QString& text);
    // Shows an error that happened elsewhere (a lesson step).
    void showError(const SessionError& error, const QString& failedText);
    void clearError();
    void setDark(bool dark);
    // Bigger monospace type for a projector.
    void setPresentation(bool on);

private:
    void rebuildTranscript();
    void submit();
    void applySuggestion();
    void showTranscriptMenu(const QPoint& position);

    SessionModel* m_session;
    QPlainTextEdit* m_transcript;
    ScriptEditor* m_editor;
    ErrorPanel* m_errorPanel;
    QPushButton* m_runButton;
    QLabel* m_previewLabel;
    std::vector<int> m_blockLine; // transcript block -> script line (-1 for output)
    QString m_failedText;         // the input that failed
    QString m_suggestion;         // that input with view() replaced by reshape()
    bool m_dark = false;
    QTimer m_transcriptTimer; // coalesces refreshes after the diagram repainted
    QTimer m_previewTimer;    // a pause in typing
};

} // namespace stridescope::app
