#pragma once
// The window's session: a thin QObject over core's script::Session (core/script/Session.h,
// which holds the lines, the workspace, the expressions, the aliases and the random generator,
// and which the headless commands use too). It adds what only a window needs: the QUndoStack
// whose commands call the session's edits, the modified flag, Qt's strings, and the signals a
// widget listens to. Widgets read it and change the session only through run(), load(),
// clear(), removeLine() and showName(); each returns success or the error (a RunResult).
#include "core/Device.h"
#include "core/Tensor.h"
#include "core/script/Session.h"
#include "core/script/Workspace.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

class QUndoStack;

namespace stridescope::app {

// One statement of the script (core's SessionLine in Qt's strings).
struct ScriptLine {
    QString code;       // the statement as written (may span lines), without comments
    QString leading;    // verbatim text before it (comment and blank lines), written back on save
    QString trailing;   // the comment after it on its last line, without '#'
    QString output;     // what a Python prompt prints for it (echo and print()); not saved
    int sourceLine = 1; // line of its first character in the text it was split from

    // The comment lines above it and the comment after it, '#' stripped, one per line.
    QString comment() const;
    static ScriptLine from(const script::SessionLine& line);
};

// core's SessionError in Qt's strings.
struct SessionError {
    QString kind;    // "RuntimeError", "SyntaxError", ...
    QString message; // PyTorch's words
    QString source;  // the statement that failed (empty for a syntax error)
    int line = 0;    // 1-based line in the text that was run
    int column = 0;

    // "RuntimeError: view size is not compatible ..."
    QString describe() const { return kind + QStringLiteral(": ") + message; }
    static SessionError from(const script::SessionError& error);
};

// Success, or the error: `if (auto result = session.run(code)) ... else result.error()->describe()`.
using RunResult = script::Result<SessionError>;

// A tensor with its name and the code that made it (core's ShownTensor in Qt's strings): the
// tensor the window shows, or one of the names on its storage.
struct ShownTensor {
    QString name;       // empty for an unnamed value
    QString expression; // the code that produced it ("x.transpose(0, 1)")
    Tensor tensor;
    static ShownTensor from(const script::ShownTensor& shown);
};

class SessionModel : public QObject {
    Q_OBJECT

public:
    explicit SessionModel(QObject* parent = nullptr);
    ~SessionModel() override;

    // Runs one or more statements as if typed at a prompt (one undo step); see Session::run.
    RunResult run(const QString& text, bool keepComments = false);
    // Replaces the session with a whole script (Open). Nothing changes on failure. The undo
    // history starts there (undo cannot remove the opened lines) unless `eachLineUndoable`
    // (restored work: each statement one undo step); the result is clean.
    RunResult load(const QString& scriptText, bool eachLineUndoable = false);
    // A new session: just `import torch`.
    void clear();
    // Removes statement `index` (undoable); refused when the rest of the script would fail.
    RunResult removeLine(int index);

    const std::vector<TransferRecord>& sessionTransfers() const { return m_session.sessionTransfers(); }
    const std::vector<TransferRecord>& workspaceTransfers() const { return m_session.workspaceTransfers(); }

    // What running `text` would give, on a scratch copy of the workspace (Session::preview).
    struct Preview {
        std::optional<SessionError> error;
        std::optional<ShownTensor> tensor;
        QString output;
        std::vector<std::pair<QString, Tensor>> namedTensors; // the scratch workspace's tensors
        QList<ShownTensor> aliases; // those on the previewed tensor's storage, itself excepted
    };
    Preview preview(const QString& text) const;

    // The core session, for reading (the commands run the same class directly).
    const script::Session& core() const { return m_session; }
    const QList<ScriptLine>& lines() const { return m_lines; }
    const script::Workspace& workspace() const { return m_session.workspace(); }
    QUndoStack* undoStack() const { return m_undoStack; }
    bool isModified() const;
    void setUnmodified();
    // Unsaved even where undo walks back (a restored session whose text is on no disk).
    void setModified();

    QString scriptText() const { return QString::fromStdString(m_session.scriptText()); }
    QString pythonScript() const { return QString::fromStdString(m_session.pythonScript()); }

    const std::optional<ShownTensor>& shown() const { return m_shown; }
    // Shows the named tensor; false when `name` is not a tensor.
    bool showName(const QString& name);
    std::optional<Tensor> tensorNamed(const QString& name) const;
    QString expressionOf(const QString& name) const;
    // The named tensors other than `exceptName` on `tensor`'s storage (Session::aliasesOf).
    QList<ShownTensor> aliasesOf(const Tensor& tensor, const QString& exceptName = {}) const;
    QString freeName(const QStringList& candidates) const;

signals:
    // Lines, workspace or the shown tensor changed.
    void changed();
    // run() made host<->device copies: `all` is sessionTransfers(), the new ones last.
    void transfersRecorded(const std::vector<stridescope::TransferRecord>& all);

private:
    // The undo commands make the session's edits (editSession()), then refresh() says so.
    friend class AppendLinesCommand;
    friend class RemoveLineCommand;
    script::Session& editSession() { return m_session; }
    // Copies the session's lines and shown tensor into Qt's strings and emits changed().
    void refresh();

    script::Session m_session;
    QList<ScriptLine> m_lines;          // m_session's lines in Qt's strings
    std::optional<ShownTensor> m_shown; // and its shown tensor
    QUndoStack* m_undoStack;
};

// The index of the '#' that starts a comment on `line`, or -1 (script::commentStart: the lexer
// decides, so a '#' inside a string is text).
qsizetype commentStart(const QString& line);

// Splits a script into statements with their comments (script::splitScript). Throws
// TensorError(SyntaxError).
QList<ScriptLine> splitScript(const QString& text, QString* tail = nullptr);

} // namespace stridescope::app
