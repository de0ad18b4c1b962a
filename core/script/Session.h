#pragma once
// The session is its script. A Session holds the statements run so far (one SessionLine per
// statement), the Workspace they produced (its random generator included), which code last
// bound each name, the tensor shown and the host<->device copies made. The window (through
// app/window/SessionModel, a thin Qt adapter that adds the undo stack) and the headless
// commands (eval, render, bench) all run scripts through it.
//
// Invariant: the workspace is always what running lines() from a fresh workspace gives (torch
// imported, the generator seeded 0), so undo, redo, saving and reopening agree; and since the
// generator lives in the workspace, running a line on the workspace draws the same numbers as
// replaying the whole script would, with no special case for random code.
//
// A failed run() changes nothing: statements of the same input that ran before the failing one
// are rolled back, and the returned result carries PyTorch's words.
#include "core/Device.h"
#include "core/DeviceOps.h"
#include "core/Tensor.h"
#include "core/script/Ast.h"
#include "core/script/Interpreter.h"
#include "core/script/Workspace.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace stridescope::script {

// One statement of the script, with the text around it in the file it came from.
struct SessionLine {
    std::string code;     // the statement as written (may span lines), without its trailing comment
    std::string leading;  // verbatim text before it (comment and blank lines), written back on save
    std::string trailing; // the comment after it on its last line, without '#'
    std::string output;   // what a Python prompt prints for it (echo and print()); not saved
    int sourceLine = 1;   // line of its first character in the text it was split from
    // Parsed once, shared between copies (statements are move-only).
    std::shared_ptr<const std::vector<Statement>> parsed;

    // The comment lines above it and the comment after it, '#' stripped, one per line.
    std::string comment() const;
};

struct SessionError {
    std::string kind;    // "RuntimeError", "SyntaxError", ...
    std::string message; // PyTorch's words
    std::string source;  // the statement that failed (empty for a syntax error)
    int line = 0;        // 1-based line in the text that was run
    int column = 0;

    // "RuntimeError: view size is not compatible ..."
    std::string describe() const { return kind + ": " + message; }
};

// What run(), load() and the other changing calls give back: success, or the error (an
// expected<void, Error>). True when it succeeded, so `if (session.run(code))` reads; the
// window's adapter uses it with the error in Qt's strings.
template <typename Error> class [[nodiscard]] Result {
public:
    Result() = default;
    Result(Error error) : m_error(std::move(error)) {}

    explicit operator bool() const { return !m_error; }
    bool ok() const { return !m_error; }
    // The error of a failed call; null on success.
    const Error* error() const { return m_error ? &*m_error : nullptr; }

private:
    std::optional<Error> m_error;
};
using SessionResult = Result<SessionError>;

// A tensor with its name and code: the tensor the window shows (a named tensor, or the value
// of a bare expression), or one of the names on its storage (aliasesOf).
struct ShownTensor {
    std::string name;       // empty for an unnamed value
    std::string expression; // the code that produced it ("x.transpose(0, 1)")
    Tensor tensor;
};

// What running some text would give, on a scratch copy of the workspace.
struct SessionPreview {
    std::optional<SessionError> error;
    std::optional<ShownTensor> tensor;
    std::string output;
    std::vector<std::pair<std::string, Tensor>> namedTensors; // the scratch workspace's tensors
    // The scratch workspace's named tensors on the previewed tensor's storage, itself excepted.
    std::vector<ShownTensor> aliases;
};

// ---- the script's text -------------------------------------------------------------------

// Splits a script into statements with their comments (found by the lexer: a '#' in a string
// is text). Throws ScriptSyntaxError. `tail` gets the text after the last statement.
std::vector<SessionLine> splitScript(std::string_view text, std::string* tail = nullptr);

// A statement's code on one line: its tokens as written, comments dropped, one space wherever
// the source had blanks, a line break or a comment between two tokens. Text that does not
// tokenize comes back unchanged.
std::string oneLine(std::string_view code);

// True when `code` is a statement rather than an expression ("a, b = x.chunk(2)", "x += 1"):
// an assignment operator outside brackets. A caption shows it as it is, not as "name = code".
bool isStatementText(std::string_view code);

// The error a syntax error or another TensorError thrown at `line`, `column` makes.
SessionError sessionError(const TensorError& error, std::string source, int line, int column);

// The lines of a traceback for an error at `line` of the script called `label` (a path, or
// "<stdin>"), as Python prints it:
//   Traceback (most recent call last):
//     File "x.py", line 3
//   RuntimeError: ...
std::string traceback(const std::string& label, int line, const TensorError& error);

// The statement that last bound a name; its text is made when asked (expressionOf), so that a
// command running 100,000 statements does not write out 100,000 expressions.
struct BoundStatement {
    std::shared_ptr<const std::vector<Statement>> statements; // a line's, shared with it
    std::size_t index = 0;
    const Statement& statement() const { return (*statements)[index]; }
};

class Session {
public:
    Session(); // a new session: just `import torch`

    // Runs one or more statements as if typed at a prompt. On success they become lines of the
    // script and the last tensor they produced is shown; on failure nothing changes. Comments
    // typed with the code are dropped unless `keepComments` (a lesson's step keeps its
    // explanation in the script).
    SessionResult run(std::string_view text, bool keepComments = false);
    // Replaces the session with a whole script (Open). Nothing changes on failure.
    SessionResult load(std::string_view scriptText);
    // Back to a new session.
    void clear();
    // Whether the script without statement `index` still runs (removeLine's check).
    SessionResult checkWithout(std::size_t index) const;

    // The edits undo and redo make; each replays the script (nothing changes if it fails).
    void appendLines(const std::vector<SessionLine>& lines);
    void truncateTo(std::size_t count);
    void insertLine(std::size_t index, const SessionLine& line);
    void eraseLine(std::size_t index);

    // What running `text` would give, on a scratch copy of the workspace: views and copies share
    // or allocate storages there, in-place writes are undone, and the random generator drawn
    // from is the copy's (the session's stream does not move).
    SessionPreview preview(std::string_view text) const;

    // A whole script as a command runs it: statement by statement from the session's state,
    // `onStatement` called after each (false stops), up to the first error, which it returns.
    // The statements that ran become lines. Storage addresses follow the process's storage ids
    // (the commands' data_ptr), not the session's replay sequence.
    SessionResult runScript(std::string_view source,
                            const std::function<bool(const StatementOutcome&)>& onStatement = {});

    const std::vector<SessionLine>& lines() const { return m_lines; }
    const Workspace& workspace() const { return m_workspace; }
    // The text after the last statement of a loaded file.
    const std::string& tail() const { return m_tail; }
    // Advanced by every change of lines, workspace or the tensor shown (also by a failed run()
    // that had to replay): an adapter's cue to refresh its copies.
    std::uint64_t revision() const { return m_revision; }

    // The script as saved: leading text, statements, trailing comments, the file's tail.
    std::string scriptText() const;
    // Runnable PyTorch code: the script with `import torch` first when no line imports it.
    std::string pythonScript() const;

    // The tensor shown: set by the last statement that produced a tensor, or chosen.
    const std::optional<ShownTensor>& shown() const { return m_shown; }
    // Shows the named tensor; false when `name` is not a tensor.
    bool showName(const std::string& name);
    std::optional<Tensor> tensorNamed(const std::string& name) const;
    // The code that last bound `name`: the right-hand side of `name = ...` ("x.transpose(0, 1)"),
    // the whole statement for `a, b = ...`; kept by `name += ...`. Empty when unknown.
    std::string expressionOf(const std::string& name) const;
    // The named tensors other than `exceptName` that share `tensor`'s storage (views of one
    // memory), in the workspace's order, with their expressions.
    std::vector<ShownTensor> aliasesOf(const Tensor& tensor, const std::string& exceptName = {}) const;
    // The same for the tensor bound to `name` (none when it is not a tensor).
    std::vector<ShownTensor> aliasesOf(const std::string& name) const;
    // The first of `candidates` (then t1, t2, ...) that the workspace does not bind.
    std::string freeName(const std::vector<std::string>& candidates) const;

    // The host<->device copies run() and runScript() made, oldest first (replays for undo and
    // previews are not counted again).
    const std::vector<TransferRecord>& sessionTransfers() const { return m_transfers; }
    // Inside runScript()'s onStatement: those the statement just run made.
    const std::vector<TransferRecord>& statementTransfers() const { return m_statementTransfers; }
    // Those the last successful run() or runScript() made.
    const std::vector<TransferRecord>& lastRunTransfers() const { return m_lastRunTransfers; }
    // The copies that made the storages the workspace holds now (those of the last replay, then
    // of each run): what the diagram's transfer arrow is found in, after an undo or Open too.
    const std::vector<TransferRecord>& workspaceTransfers() const { return m_workspaceTransfers; }

private:
    struct State;
    // Runs `lines` from a fresh workspace; fills in their outputs. The error on failure.
    std::optional<State> replay(std::vector<SessionLine>& lines, std::optional<SessionError>* error) const;
    void adopt(State&& state, std::vector<SessionLine>&& lines);
    void keepTransfers(std::vector<TransferRecord> made);
    void addWorkspaceTransfers(const std::vector<TransferRecord>& made);

    std::vector<SessionLine> m_lines;
    std::string m_tail;
    Workspace m_workspace;
    std::vector<std::pair<std::string, BoundStatement>> m_bindings; // name -> its statement, in binding order
    std::optional<ShownTensor> m_shown;
    std::vector<TransferRecord> m_transfers;
    std::vector<TransferRecord> m_lastRunTransfers;
    std::vector<TransferRecord> m_statementTransfers;
    std::vector<TransferRecord> m_workspaceTransfers;
    std::uint64_t m_nextStorage = 0; // the session's StorageAddressSequence (stable data_ptrs)
    std::uint64_t m_revision = 0;
};

} // namespace stridescope::script
