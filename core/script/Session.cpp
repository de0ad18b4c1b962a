#include "core/script/Session.h"

#include "core/StorageAddresses.h"
#include "core/script/Lexer.h"

#include <algorithm>
#include <utility>

namespace stridescope::script {

namespace {

std::string trimmed(std::string_view text) {
    const auto isBlank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f'; };
    std::size_t begin = 0;
    std::size_t end = text.size();
    while (begin < end && isBlank(text[begin]))
        ++begin;
    while (end > begin && isBlank(text[end - 1]))
        --end;
    return std::string(text.substr(begin, end - begin));
}

// "# note" -> "note" (also "## note").
std::string stripHash(std::string_view comment) {
    std::string text = trimmed(comment);
    std::size_t hashes = 0;
    while (hashes < text.size() && text[hashes] == '#')
        ++hashes;
    return trimmed(std::string_view(text).substr(hashes));
}

std::vector<std::string_view> splitLines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (true) {
        const std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) {
            lines.push_back(text.substr(start));
            return lines;
        }
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
}

std::string outputOf(const StatementOutcome& outcome) {
    std::string output = outcome.printed;
    if (outcome.echo)
        output += *outcome.echo + '\n';
    return output;
}

// The tokens from `from` on as written, one space wherever the source had anything between two.
std::string joinTokens(std::string_view source, const std::vector<Token>& tokens, std::size_t from) {
    std::string result;
    std::size_t previousEnd = std::string_view::npos;
    for (std::size_t i = from; i < tokens.size(); ++i) {
        const Token& token = tokens[i];
        if (token.kind == TokenKind::Newline || token.kind == TokenKind::Indent ||
            token.kind == TokenKind::EndOfInput)
            continue;
        if (previousEnd != std::string_view::npos && token.offset > previousEnd)
            result += ' ';
        result.append(source.substr(token.offset, token.endOffset - token.offset));
        previousEnd = token.endOffset;
    }
    return result;
}

bool isOpening(const Token& token) {
    return token.kind == TokenKind::Operator && (token.text == "(" || token.text == "[" || token.text == "{");
}
bool isClosing(const Token& token) {
    return token.kind == TokenKind::Operator && (token.text == ")" || token.text == "]" || token.text == "}");
}

// An operator that binds or rebinds ("=", "+=", ":="), not a comparison.
bool isAssignmentOperator(const Token& token) {
    if (token.kind != TokenKind::Operator || token.text.empty() || token.text.back() != '=')
        return false;
    return token.text != "==" && token.text != "<=" && token.text != ">=" && token.text != "!=";
}

// The code that binds the names of an assignment: the right-hand side of `a = v` and
// `a = b = v` (each name is v), the whole statement when the value is unpacked (`a, b = v`).
std::string boundExpression(const Statement& statement) {
    const bool plainNames =
        std::all_of(statement.targets.begin(), statement.targets.end(),
                    [](const ExprPtr& target) { return target && target->kind == ExprKind::Name; });
    std::vector<Token> tokens;
    try {
        tokens = tokenize(statement.source);
    } catch (const TensorError&) {
        return trimmed(statement.source);
    }
    if (!plainNames)
        return joinTokens(statement.source, tokens, 0);
    std::size_t afterLast = 0;
    int depth = 0;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (isOpening(tokens[i]))
            ++depth;
        else if (isClosing(tokens[i]))
            --depth;
        else if (depth == 0 && tokens[i].kind == TokenKind::Operator && tokens[i].text == "=")
            afterLast = i + 1;
    }
    return joinTokens(statement.source, tokens, afterLast);
}

using Bindings = std::vector<std::pair<std::string, BoundStatement>>;

const BoundStatement* findBinding(const Bindings& bindings, const std::string& name) {
    for (const auto& [bound, statement] : bindings)
        if (bound == name)
            return &statement;
    return nullptr;
}

// The code that bound a name: see Session::expressionOf.
std::string expressionText(const BoundStatement& bound) {
    const Statement& statement = bound.statement();
    return statement.kind == StatementKind::Assign ? boundExpression(statement) : oneLine(statement.source);
}

std::string expressionIn(const Bindings& bindings, const std::string& name) {
    const BoundStatement* bound = findBinding(bindings, name);
    return bound ? expressionText(*bound) : std::string();
}

// The tensor to show while statements run; its expression is written once they have run.
struct ShownDraft {
    std::optional<ShownTensor> shown;
    std::optional<BoundStatement> unnamedFrom; // the statement whose unnamed value is shown
    bool touched = false;

    explicit ShownDraft(std::optional<ShownTensor> start) : shown(std::move(start)) {}

    std::optional<ShownTensor> finish(const Bindings& bindings) && {
        if (touched && shown)
            shown->expression = shown->name.empty()
                                    ? (unnamedFrom ? oneLine(unnamedFrom->statement().source) : "")
                                    : expressionIn(bindings, shown->name);
        return std::move(shown);
    }
};

// After statement `index` of `statements` ran: which statement bound its names, and the tensor
// to show.
void noteStatement(const Workspace& workspace,
                   const std::shared_ptr<const std::vector<Statement>>& statements, std::size_t index,
                   const StatementOutcome& outcome, ShownDraft& draft, Bindings& bindings) {
    const Statement& statement = (*statements)[index];
    for (const auto& result : outcome.results) {
        if (!result.name)
            continue;
        auto it = std::find_if(bindings.begin(), bindings.end(),
                               [&](const auto& entry) { return entry.first == *result.name; });
        if (it == bindings.end())
            bindings.emplace_back(*result.name, BoundStatement{statements, index});
        else if (statement.kind != StatementKind::AugmentedAssign) // `x += 1` changes x's values,
            it->second = BoundStatement{statements, index};        // not what x is a view of
    }
    for (const StatementResult& result : outcome.results) {
        if (!result.tensor)
            continue;
        const Tensor& tensor = *result.tensor;
        draft.touched = true;
        draft.unnamedFrom.reset();
        if (result.name) {
            if (draft.shown && draft.shown->name == *result.name)
                draft.shown->tensor = tensor;
            else
                draft.shown = ShownTensor{*result.name, {}, tensor};
            continue;
        }
        // An unnamed value: an in-place call or x[...] = v gives back a named tensor; show that.
        std::optional<ShownTensor> match;
        for (const auto& [boundName, bound] : workspace.tensors()) {
            if (bound.sharesStorageWith(tensor) && bound.layout() == tensor.layout() &&
                bound.dtype() == tensor.dtype()) {
                match = ShownTensor{boundName, {}, bound};
                break;
            }
        }
        if (match) {
            draft.shown = std::move(match);
        } else {
            draft.shown = ShownTensor{std::string(), {}, tensor};
            draft.unnamedFrom = BoundStatement{statements, index};
        }
    }
}

// The one definition of "the tensors sharing this storage".
std::vector<ShownTensor> aliasesIn(const Workspace& workspace, const Bindings& bindings, const Tensor& tensor,
                                   const std::string& exceptName) {
    std::vector<ShownTensor> aliases;
    if (!tensor.defined())
        return aliases;
    for (const auto& [name, other] : workspace.tensors())
        if (name != exceptName && other.sharesStorageWith(tensor))
            aliases.push_back({name, expressionIn(bindings, name), other});
    return aliases;
}

void ensureParsed(SessionLine& line) {
    if (!line.parsed)
        line.parsed = std::make_shared<const std::vector<Statement>>(Interpreter::parse(line.code));
}

// splitScript's errors as a SessionError.
template <typename F> std::optional<SessionError> splitting(F&& split) {
    try {
        split();
    } catch (const ScriptSyntaxError& e) {
        return sessionError(e, {}, e.location().line, e.location().column);
    } catch (const TensorError& e) {
        return sessionError(e, {}, 1, 1);
    }
    return std::nullopt;
}

constexpr std::size_t kMaxTransfersKept = 4096; // a copy inside a long loop: the latest ones

void appendTrimmed(std::vector<TransferRecord>& to, const std::vector<TransferRecord>& made) {
    to.insert(to.end(), made.begin(), made.end());
    if (to.size() > kMaxTransfersKept)
        to.erase(to.begin(), to.end() - static_cast<std::ptrdiff_t>(kMaxTransfersKept));
}

} // namespace

// ---- the script's text -------------------------------------------------------------------

std::string SessionLine::comment() const {
    std::string parts;
    auto add = [&](const std::string& part) {
        if (!parts.empty())
            parts += '\n';
        parts += part;
    };
    for (std::string_view text : splitLines(leading))
        if (trimmed(text).rfind('#', 0) == 0)
            add(stripHash(text));
    if (!trailing.empty())
        add(trailing);
    return parts;
}

std::vector<SessionLine> splitScript(std::string_view text, std::string* tail) {
    std::vector<Statement> statements = Interpreter::parse(text);
    const std::vector<Comment> comments = scanComments(text);
    const std::vector<std::string_view> fileLines = splitLines(text);
    const int lineCount = static_cast<int>(fileLines.size());
    std::vector<SessionLine> lines;
    int cursor = 1; // the first file line not yet given to a statement
    for (std::size_t i = 0; i < statements.size(); ++i) {
        Statement& statement = statements[i];
        SessionLine line;
        line.code = statement.source;
        line.sourceLine = statement.location.line;
        const int start = statement.location.line;
        const int end = start + static_cast<int>(std::count(line.code.begin(), line.code.end(), '\n'));
        for (int l = cursor; l < start && l <= lineCount; ++l) {
            line.leading += fileLines[static_cast<std::size_t>(l - 1)];
            line.leading += '\n';
        }
        const bool sharesLastLine = i + 1 < statements.size() && statements[i + 1].location.line == end;
        if (!sharesLastLine) {
            const auto comment = std::find_if(comments.begin(), comments.end(),
                                              [&](const Comment& c) { return c.location.line == end; });
            if (comment != comments.end())
                line.trailing = stripHash(text.substr(comment->offset, comment->endOffset - comment->offset));
        }
        cursor = std::max(cursor, end + 1);
        std::vector<Statement> one;
        one.push_back(std::move(statement));
        line.parsed = std::make_shared<const std::vector<Statement>>(std::move(one));
        lines.push_back(std::move(line));
    }
    if (tail) {
        tail->clear();
        for (int l = cursor; l <= lineCount; ++l) {
            if (l > cursor)
                *tail += '\n';
            *tail += fileLines[static_cast<std::size_t>(l - 1)];
        }
    }
    return lines;
}

std::string oneLine(std::string_view code) {
    try {
        return joinTokens(code, tokenize(code), 0);
    } catch (const TensorError&) {
        return std::string(code);
    }
}

bool isStatementText(std::string_view code) {
    std::vector<Token> tokens;
    try {
        tokens = tokenize(code);
    } catch (const TensorError&) {
        return false;
    }
    int depth = 0;
    for (const Token& token : tokens) {
        if (isOpening(token))
            ++depth;
        else if (isClosing(token))
            --depth;
        else if (depth == 0 && isAssignmentOperator(token))
            return true;
    }
    return false;
}

SessionError sessionError(const TensorError& error, std::string source, int line, int column) {
    SessionError result;
    result.kind = errorKindName(error.kind());
    result.message = error.message();
    result.source = std::move(source);
    result.line = line;
    result.column = column;
    return result;
}

std::string traceback(const std::string& label, int line, const TensorError& error) {
    return "Traceback (most recent call last):\n  File \"" + label + "\", line " + std::to_string(line) +
           "\n" + errorKindName(error.kind()) + ": " + error.message() + "\n";
}

// ---- the session -------------------------------------------------------------------------

struct Session::State {
    Workspace workspace;
    Bindings bindings;
    std::optional<ShownTensor> shown;
    std::vector<TransferRecord> transfers; // the host<->device copies of the replay
    std::uint64_t nextStorage = 0;         // the session's StorageAddressSequence after the replay
};

Session::Session() { clear(); }

void Session::clear() {
    m_tail.clear();
    std::vector<SessionLine> lines(1);
    lines.front().code = "import torch";
    auto state = replay(lines, nullptr);
    adopt(std::move(*state), std::move(lines));
}

std::optional<Session::State> Session::replay(std::vector<SessionLine>& lines,
                                              std::optional<SessionError>* error) const {
    State state;
    // The n-th storage of the script gets the same data_ptr at every replay.
    const StorageAddressSequence addresses(state.nextStorage);
    state.workspace.importTorch();
    takeTransfers(); // what ran before is not this replay's
    Interpreter interpreter(state.workspace);
    ShownDraft shown(std::nullopt);
    for (SessionLine& line : lines) {
        try {
            ensureParsed(line);
        } catch (const ScriptSyntaxError& e) {
            if (error)
                *error =
                    sessionError(e, line.code, line.sourceLine + e.location().line - 1, e.location().column);
            return std::nullopt;
        } catch (const TensorError& e) {
            if (error)
                *error = sessionError(e, line.code, line.sourceLine, 1);
            return std::nullopt;
        }
        std::string output;
        for (std::size_t i = 0; i < line.parsed->size(); ++i) {
            const StatementOutcome outcome = interpreter.execute((*line.parsed)[i]);
            if (outcome.error) {
                if (error)
                    *error = sessionError(*outcome.error, line.code, line.sourceLine, outcome.column);
                takeTransfers();
                return std::nullopt;
            }
            output += outputOf(outcome);
            noteStatement(state.workspace, line.parsed, i, outcome, shown, state.bindings);
        }
        for (const TransferRecord& transfer : takeTransfers())
            state.transfers.push_back(transfer);
        line.output = std::move(output);
    }
    state.shown = std::move(shown).finish(state.bindings);
    return state;
}

void Session::adopt(State&& state, std::vector<SessionLine>&& lines) {
    m_workspace = std::move(state.workspace);
    m_bindings = std::move(state.bindings);
    m_shown = std::move(state.shown);
    m_nextStorage = state.nextStorage;
    m_lines = std::move(lines);
    m_workspaceTransfers.clear();
    appendTrimmed(m_workspaceTransfers, state.transfers);
    ++m_revision;
}

SessionResult Session::run(std::string_view text, bool keepComments) {
    m_lastRunTransfers.clear();
    std::vector<SessionLine> newLines;
    if (auto error = splitting([&] { newLines = splitScript(text); }))
        return *error;
    if (newLines.empty())
        return {};
    if (!keepComments) {
        for (SessionLine& line : newLines) {
            line.leading.clear();
            line.trailing.clear();
        }
    }

    // The statements run on the session's own workspace (its generator included, so random
    // draws continue the stream a replay would draw). Each statement is all-or-nothing; a
    // failure after earlier statements of this input ran is undone by a replay.
    Bindings bindings = m_bindings;
    ShownDraft shown(m_shown);
    // Continues the session's address sequence, as a replay of the whole script would.
    std::uint64_t nextStorage = m_nextStorage;
    const StorageAddressSequence addresses(nextStorage);
    Interpreter interpreter(m_workspace);
    bool ranSomething = false;
    takeTransfers(); // what replays and previews copied is not this run's
    for (SessionLine& line : newLines) {
        std::string output;
        for (std::size_t i = 0; i < line.parsed->size(); ++i) {
            const StatementOutcome outcome = interpreter.execute((*line.parsed)[i]);
            if (outcome.error) {
                SessionError error = sessionError(*outcome.error, line.code, line.sourceLine, outcome.column);
                if (ranSomething) {
                    std::vector<SessionLine> lines = m_lines;
                    if (auto state = replay(lines, nullptr))
                        adopt(std::move(*state), std::move(lines));
                }
                takeTransfers();
                return error;
            }
            ranSomething = true;
            output += outputOf(outcome);
            noteStatement(m_workspace, line.parsed, i, outcome, shown, bindings);
        }
        line.output = std::move(output);
    }
    m_shown = std::move(shown).finish(bindings);
    m_bindings = std::move(bindings);
    m_nextStorage = nextStorage;
    m_lines.insert(m_lines.end(), newLines.begin(), newLines.end());
    ++m_revision;
    // The copies these statements made, kept when they succeed (a failed run is undone).
    std::vector<TransferRecord> made = takeTransfers();
    addWorkspaceTransfers(made);
    keepTransfers(std::move(made));
    return {};
}

SessionResult Session::runScript(std::string_view source,
                                 const std::function<bool(const StatementOutcome&)>& onStatement) {
    m_lastRunTransfers.clear();
    // One vector for the script: the bindings point into it, and a line is parsed again from
    // its code only if a replay ever needs it (the commands never replay).
    std::shared_ptr<const std::vector<Statement>> statements;
    try {
        statements = std::make_shared<const std::vector<Statement>>(Interpreter::parse(source));
    } catch (const ScriptSyntaxError& e) {
        StatementOutcome outcome;
        outcome.error = e;
        outcome.line = e.location().line;
        outcome.column = e.location().column;
        if (onStatement)
            onStatement(outcome);
        return sessionError(e, {}, outcome.line, outcome.column);
    }
    Interpreter interpreter(m_workspace);
    takeTransfers(); // none from before this script
    ShownDraft shown(m_shown);
    std::optional<SessionError> error;
    for (std::size_t i = 0; i < statements->size(); ++i) {
        const Statement& statement = (*statements)[i];
        const StatementOutcome outcome = interpreter.execute(statement);
        m_statementTransfers = takeTransfers();
        addWorkspaceTransfers(m_statementTransfers);
        appendTrimmed(m_lastRunTransfers, m_statementTransfers);
        appendTrimmed(m_transfers, m_statementTransfers);
        if (outcome.ok()) {
            noteStatement(m_workspace, statements, i, outcome, shown, m_bindings);
            SessionLine& line = m_lines.emplace_back();
            line.code = statement.source;
            line.sourceLine = statement.location.line;
            line.output = outputOf(outcome);
            ++m_revision;
        }
        const bool keepGoing = !onStatement || onStatement(outcome);
        if (outcome.error) {
            error = sessionError(*outcome.error, outcome.source, outcome.line, outcome.column);
            break;
        }
        if (!keepGoing)
            break;
    }
    m_shown = std::move(shown).finish(m_bindings);
    if (error)
        return *error;
    return {};
}

void Session::addWorkspaceTransfers(const std::vector<TransferRecord>& made) {
    appendTrimmed(m_workspaceTransfers, made);
}

void Session::keepTransfers(std::vector<TransferRecord> made) {
    appendTrimmed(m_transfers, made);
    m_lastRunTransfers = std::move(made);
}

SessionResult Session::load(std::string_view scriptText) {
    std::vector<SessionLine> lines;
    std::string tail;
    if (auto error = splitting([&] { lines = splitScript(scriptText, &tail); }))
        return *error;
    std::optional<SessionError> error;
    auto state = replay(lines, &error);
    if (!state)
        return *error;
    m_tail = std::move(tail);
    adopt(std::move(*state), std::move(lines));
    return {};
}

SessionResult Session::checkWithout(std::size_t index) const {
    if (index >= m_lines.size())
        return SessionError{"IndexError", "no statement " + std::to_string(index + 1), {}, 0, 0};
    std::vector<SessionLine> lines = m_lines;
    lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(index));
    std::optional<SessionError> error;
    if (!replay(lines, &error))
        return *error;
    return {};
}

void Session::appendLines(const std::vector<SessionLine>& lines) {
    std::vector<SessionLine> all = m_lines;
    all.insert(all.end(), lines.begin(), lines.end());
    if (auto state = replay(all, nullptr))
        adopt(std::move(*state), std::move(all));
}

void Session::truncateTo(std::size_t count) {
    std::vector<SessionLine> lines(
        m_lines.begin(), m_lines.begin() + static_cast<std::ptrdiff_t>(std::min(count, m_lines.size())));
    if (auto state = replay(lines, nullptr))
        adopt(std::move(*state), std::move(lines));
}

void Session::insertLine(std::size_t index, const SessionLine& line) {
    std::vector<SessionLine> lines = m_lines;
    lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(std::min(index, lines.size())), line);
    if (auto state = replay(lines, nullptr))
        adopt(std::move(*state), std::move(lines));
}

void Session::eraseLine(std::size_t index) {
    if (index >= m_lines.size())
        return;
    std::vector<SessionLine> lines = m_lines;
    lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(index));
    if (auto state = replay(lines, nullptr))
        adopt(std::move(*state), std::move(lines));
}

SessionPreview Session::preview(std::string_view text) const {
    SessionPreview preview;
    // The scratch workspace shares storages with the session's: in-place writes (x.add_(1),
    // x[0] = 7) are journalled and put back before returning, whatever the outcome. Its
    // generator is a copy: what the preview draws, the session still has to draw.
    Workspace scratch = m_workspace;
    // A previewed tensor shows the data_ptr that running the text would give.
    std::uint64_t nextStorage = m_nextStorage;
    const StorageAddressSequence addresses(nextStorage);
    WriteJournal journal;
    struct UndoWrites {
        WriteJournal& journal;
        ~UndoWrites() { journal.undo(); }
    } undoWrites{journal};
    Interpreter interpreter(scratch);
    interpreter.setWriteJournal(&journal);
    std::vector<SessionLine> lines;
    if (auto error = splitting([&] { lines = splitScript(text); })) {
        preview.error = std::move(error);
        return preview;
    }
    ShownDraft draft(std::nullopt);
    Bindings bindings = m_bindings;
    for (const SessionLine& line : lines) {
        for (std::size_t i = 0; i < line.parsed->size(); ++i) {
            const StatementOutcome outcome = interpreter.execute((*line.parsed)[i]);
            if (outcome.error) {
                preview.error = sessionError(*outcome.error, line.code, line.sourceLine, outcome.column);
                return preview;
            }
            preview.output += outputOf(outcome);
            noteStatement(scratch, line.parsed, i, outcome, draft, bindings);
        }
    }
    // The preview shows the written values: tensors on a written storage move to a copy of it
    // (one copy per storage, so views that shared it still share) before the writes are undone.
    std::vector<std::pair<StoragePtr, StoragePtr>> copies;
    auto detached = [&](const Tensor& tensor) {
        if (!tensor.defined() || !journal.recorded(tensor.storage()))
            return tensor;
        auto copy = std::find_if(copies.begin(), copies.end(),
                                 [&](const auto& entry) { return entry.first == tensor.storage(); });
        if (copy == copies.end())
            copy =
                copies.emplace(copies.end(), tensor.storage(), std::make_shared<Storage>(*tensor.storage()));
        return Tensor(copy->second, tensor.dtype(), tensor.layout());
    };
    std::optional<ShownTensor> shown = std::move(draft).finish(bindings);
    if (shown) {
        for (ShownTensor& alias : aliasesIn(scratch, bindings, shown->tensor, shown->name)) {
            alias.tensor = detached(alias.tensor);
            preview.aliases.push_back(std::move(alias));
        }
        shown->tensor = detached(shown->tensor);
    }
    preview.tensor = shown;
    for (const auto& [name, tensor] : scratch.tensors())
        preview.namedTensors.emplace_back(name, detached(tensor));
    return preview;
}

std::string Session::scriptText() const {
    std::string text;
    for (const SessionLine& line : m_lines) {
        text += line.leading + line.code;
        if (!line.trailing.empty())
            text += "  # " + line.trailing;
        text += '\n';
    }
    return text + m_tail;
}

std::string Session::pythonScript() const {
    for (const SessionLine& line : m_lines)
        if (oneLine(line.code) == "import torch")
            return scriptText();
    return "import torch\n" + scriptText();
}

bool Session::showName(const std::string& name) {
    const auto tensor = tensorNamed(name);
    if (!tensor)
        return false;
    m_shown = ShownTensor{name, expressionOf(name), *tensor};
    ++m_revision;
    return true;
}

std::optional<Tensor> Session::tensorNamed(const std::string& name) const {
    const Value* value = m_workspace.find(name);
    if (!value || !value->isTensor())
        return std::nullopt;
    return value->asTensor();
}

std::string Session::expressionOf(const std::string& name) const { return expressionIn(m_bindings, name); }

std::vector<ShownTensor> Session::aliasesOf(const Tensor& tensor, const std::string& exceptName) const {
    return aliasesIn(m_workspace, m_bindings, tensor, exceptName);
}

std::vector<ShownTensor> Session::aliasesOf(const std::string& name) const {
    const auto tensor = tensorNamed(name);
    return tensor ? aliasesOf(*tensor, name) : std::vector<ShownTensor>{};
}

std::string Session::freeName(const std::vector<std::string>& candidates) const {
    for (const std::string& name : candidates)
        if (!m_workspace.contains(name))
            return name;
    for (int i = 1;; ++i) {
        const std::string name = "t" + std::to_string(i);
        if (!m_workspace.contains(name))
            return name;
    }
}

} // namespace stridescope::script
