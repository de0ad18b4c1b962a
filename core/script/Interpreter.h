#pragma once
// Runs scripts of the StrideScope language (a Python subset, see Parser.h) against a Workspace.
//
// Two ways to use it:
//   * run(source): parse the whole script, then run its statements in order, stopping at the
//     first error (what `stridescope eval` and "Run" in the GUI do);
//   * parse(source) once, then execute(statement) one by one (lessons stepping statement by
//     statement, undo by replaying).
//
// Every statement is all-or-nothing: a statement that fails leaves the workspace exactly as it
// was. Assignments are committed only after the whole statement succeeded, and in-place writes
// (add_, x[...] = v, ...) made before a later failure in the same statement are undone.
#include "core/Error.h"
#include "core/script/Ast.h"
#include "core/script/Workspace.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace stridescope::script {

// One value a statement produced.
struct StatementResult {
    // The name it was bound to; nullopt for a bare expression, an in-place call (x.add_(1)) and
    // the tensor written into by `x[...] = v`.
    std::optional<std::string> name;
    // Set when the value is a tensor (the tensor itself: it shares the workspace's storages).
    std::optional<Tensor> tensor;
    // Python's repr of a value that is not a tensor (empty for tensors).
    std::string repr;

    bool isTensor() const { return tensor.has_value(); }
};

// What running one statement did.
struct StatementOutcome {
    int line = 0;   // 1-based line of the statement's first character
    int column = 0; // 1-based column, in code points
    std::string source;
    StatementKind kind = StatementKind::Pass;
    // In order:
    //  * a bare expression: its value (one result per tensor when it is a tuple or list of
    //    tensors); nothing when the value is None (a Python prompt prints nothing then);
    //  * `a = v`, `a, b = v`, `a = b = v`: one result per name bound, in target order;
    //  * `x[...] = v`, `x += 1`, `x[...] += 1`: the tensor written into (named for `x += 1`);
    //  * `import`, `del`, `pass`: nothing.
    std::vector<StatementResult> results;
    // What a Python prompt echoes for a bare expression: the repr of its value (of the whole
    // tuple when it is a tuple of tensors). nullopt for None and for other statements.
    std::optional<std::string> echo;
    std::string printed; // what print() wrote, newlines included
    std::optional<TensorError> error;

    bool ok() const { return !error.has_value(); }
    // The tensors among the results, with their names.
    std::vector<std::pair<std::optional<std::string>, Tensor>> tensors() const;
};

// Copies of storages taken just before in-place writes changed them, so that the writes can be
// undone. The interpreter keeps one per statement (a failing statement changes nothing); a
// caller can keep one across statements to preview a script on a copy of the workspace (a
// copy shares storages with the original) and then put every storage back.
class WriteJournal {
public:
    // Remembers the storage's current contents unless it is already recorded.
    void record(const StoragePtr& storage);
    // Remembers a version counter's value (restored by undo) unless it is already recorded.
    void recordVersion(const std::shared_ptr<std::int64_t>& counter);
    // Restores every recorded storage and forgets them.
    void undo();
    bool empty() const { return m_snapshots.empty(); }
    // Whether writes to `storage` were recorded (and would be undone).
    bool recorded(const StoragePtr& storage) const;

private:
    std::vector<std::pair<StoragePtr, Storage>> m_snapshots;
    std::vector<std::pair<std::shared_ptr<std::int64_t>, std::int64_t>> m_versions;
};

class Interpreter {
public:
    explicit Interpreter(Workspace& workspace) : m_workspace(workspace) {}

    Workspace& workspace() { return m_workspace; }

    // Also records every in-place write of later execute() calls in `journal` (null: stop).
    void setWriteJournal(WriteJournal* journal) { m_journal = journal; }

    // Parses a whole script. Throws TensorError(SyntaxError) with "(line L, column C)" in its
    // message at the first syntax error.
    static std::vector<Statement> parse(std::string_view source);

    // Runs one parsed statement against the workspace. Never throws for script errors: they are
    // returned in the outcome's `error`, and the workspace is left as it was.
    StatementOutcome execute(const Statement& statement);

    // Parses `source`, then executes its statements in order until one fails. A syntax error
    // gives a single outcome carrying the error, with its line and column. `onStatement` is
    // called after each outcome; returning false stops the run early.
    std::vector<StatementOutcome> run(std::string_view source,
                                      const std::function<bool(const StatementOutcome&)>& onStatement = {});

private:
    Workspace& m_workspace;
    WriteJournal* m_journal = nullptr;
};

} // namespace stridescope::script
