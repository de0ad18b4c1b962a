#pragma once
// The session is its script. SessionModel holds the statements run so far (one ScriptLine per
// statement), the Workspace they produced and a QUndoStack whose commands append or remove
// lines. Invariant: the workspace is always what running lines() from a fresh workspace gives
// (torch imported, the random generator seeded 0), so undo, redo, saving and reopening agree.
//
// Every GUI action is a line of script: the tensor builder, the op forms and the console all
// call run(). A failed run() changes nothing: statements of the same input that ran before the
// failing one are rolled back, and lastError() carries PyTorch's words.
#include "core/Device.h"
#include "core/Tensor.h"
#include "core/script/Ast.h"
#include "core/script/Workspace.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

class QUndoStack;

namespace stridescope::app {

// One statement of the script, with the text around it in the file it came from.
struct ScriptLine {
    QString code;       // the statement as written (may span lines), without comments
    QString leading;    // verbatim text before it (comment and blank lines), written back on save
    QString trailing;   // the comment after it on its last line, without '#'
    QString output;     // what a Python prompt prints for it (echo and print()); not saved
    int sourceLine = 1; // line of its first character in the text it was split from
    // Parsed once, shared between copies (statements are move-only).
    std::shared_ptr<const std::vector<script::Statement>> parsed;

    // The comment lines above it and the comment after it, '#' stripped, one per line.
    QString comment() const;
};

struct SessionError {
    QString kind;    // "RuntimeError", "SyntaxError", ...
    QString message; // PyTorch's words
    QString source;  // the statement that failed (empty for a syntax error)
    int line = 0;    // 1-based line in the text that was run
    int column = 0;

    // "RuntimeError: view size is not compatible ..."
    QString describe() const { return kind + QStringLiteral(": ") + message; }
};

// The tensor the window shows: a named tensor, or the value of a bare expression.
struct ShownTensor {
    QString name;       // empty for an unnamed value
    QString expression; // the code that produced it ("x.transpose(0, 1)")
    Tensor tensor;
};

class SessionModel : public QObject {
    Q_OBJECT

public:
    explicit SessionModel(QObject* parent = nullptr);
    ~SessionModel() override;

    // Runs one or more statements as if typed at a prompt. On success they become lines of the
    // script (one undo step) and the last tensor they produced is shown; on failure nothing
    // changes and lastError() says why. Comments typed with the code are dropped unless
    // `keepComments` (a lesson's step keeps its explanation in the script).
    bool run(const QString& text, bool keepComments = false);
    // Replaces the session with a whole script (Open). Nothing changes on failure. The undo
    // history starts there (undo cannot remove the opened lines) unless `eachLineUndoable`
    // (restored work: each statement one undo step); the result is clean.
    bool load(const QString& scriptText, bool eachLineUndoable = false);
    // A new session: just `import torch`.
    void clear();
    // Removes statement `index` (undoable); refused when the rest of the script would fail.
    bool removeLine(int index);

    const std::optional<SessionError>& lastError() const { return m_lastError; }
    // The host<->device copies the statements run() ran made, oldest first (replays for undo
    // and previews are not counted again).
    const std::vector<TransferRecord>& sessionTransfers() const { return m_transfers; }
    // The copies that made the storages the workspace holds now (those of the last replay, then
    // of each run): what the diagram's transfer arrow is found in, after an undo or Open too.
    const std::vector<TransferRecord>& workspaceTransfers() const { return m_workspaceTransfers; }

    // What running `text` would give, on a scratch copy of the workspace (views and copies share
    // or allocate storages there without touching the session's tensors).
    struct Preview {
        std::optional<SessionError> error;
        std::optional<ShownTensor> tensor;
        QString output;
        std::vector<std::pair<QString, Tensor>> namedTensors; // the scratch workspace's tensors
    };
    Preview preview(const QString& text) const;

    const QList<ScriptLine>& lines() const { return m_lines; }
    const script::Workspace& workspace() const { return m_workspace; }
    QUndoStack* undoStack() const { return m_undoStack; }
    bool isModified() const;
    void setUnmodified();
    // Unsaved even where undo walks back (a restored session whose text is on no disk).
    void setModified();

    // The script as saved: leading text, statements, trailing comments, the file's tail.
    QString scriptText() const;
    // Runnable PyTorch code: the script with `import torch` first when no line imports it.
    QString pythonScript() const;

    // The tensor shown: set by the last statement that produced a tensor, or chosen.
    const std::optional<ShownTensor>& shown() const { return m_shown; }
    // Shows the named tensor; false when `name` is not a tensor.
    bool showName(const QString& name);
    std::optional<Tensor> tensorNamed(const QString& name) const;
    // The right-hand side that last bound `name` ("x.transpose(0, 1)"); empty when unknown.
    QString expressionOf(const QString& name) const;
    // The first of `candidates` (then t1, t2, ...) that the workspace does not bind.
    QString freeName(const QStringList& candidates) const;

    // Used by the undo commands.
    void appendLines(const QList<ScriptLine>& lines, bool alreadyRun);
    void truncateTo(int count);
    void insertLine(int index, const ScriptLine& line);
    void eraseLine(int index);

signals:
    // Lines, workspace or the shown tensor changed.
    void changed();
    // run() made host<->device copies (sessionTransfers() has them all).
    void transfersRecorded();

private:
    struct Replay;
    // Runs `lines` from a fresh workspace; fills in their outputs. Nothing on failure.
    std::optional<Replay> replay(QList<ScriptLine>& lines, std::optional<SessionError>* error) const;
    void adopt(Replay&& replay, QList<ScriptLine>&& lines);
    // Adds copies run() made to sessionTransfers() and says so.
    void keepTransfers(std::vector<TransferRecord> made);
    void addWorkspaceTransfers(const std::vector<TransferRecord>& made);
    void noteResults(const script::Workspace& workspace, const QString& code,
                     const std::vector<std::pair<std::optional<std::string>, Tensor>>& tensors,
                     std::optional<ShownTensor>& shown,
                     std::vector<std::pair<QString, QString>>& expressions) const;

    QList<ScriptLine> m_lines;
    QString m_tail; // text after the last statement of a loaded file
    script::Workspace m_workspace;
    std::vector<std::pair<QString, QString>> m_expressions; // name -> right-hand side
    std::optional<ShownTensor> m_shown;
    std::optional<SessionError> m_lastError;
    std::vector<TransferRecord> m_transfers;
    std::vector<TransferRecord> m_workspaceTransfers;
    std::uint64_t m_nextStorage = 0; // the session's StorageAddressSequence (stable data_ptrs)
    QUndoStack* m_undoStack;
};

// The index of the '#' that starts a comment on `line`, or -1 ('#' inside quotes is skipped).
qsizetype commentStart(const QString& line);

// Splits a script into statements with their comments. Throws TensorError(SyntaxError).
QList<ScriptLine> splitScript(const QString& text, QString* tail = nullptr);

} // namespace stridescope::app
