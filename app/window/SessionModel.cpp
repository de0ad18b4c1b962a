#include "app/window/SessionModel.h"

#include "core/Ops.h"
#include "core/StorageAddresses.h"
#include "core/script/Interpreter.h"
#include "core/script/Lexer.h"

#include <QCoreApplication>
#include <QSignalBlocker>
#include <QUndoCommand>
#include <QUndoStack>

#include <algorithm>
#include <utility>

namespace stridescope::app {

namespace {

QString stripHash(const QString& comment) {
    QString text = comment.trimmed();
    while (text.startsWith(u'#'))
        text.remove(0, 1);
    return text.trimmed();
}

SessionError errorFrom(const TensorError& error, const QString& source, int line, int column) {
    SessionError result;
    result.kind = QString::fromStdString(errorKindName(error.kind()));
    result.message = QString::fromStdString(error.message());
    result.source = source;
    result.line = line;
    result.column = column;
    return result;
}

QString outputOf(const script::StatementOutcome& outcome) {
    QString output = QString::fromStdString(outcome.printed);
    if (outcome.echo)
        output += QString::fromStdString(*outcome.echo) + u'\n';
    return output;
}

// The text of a statement's right-hand side: `source` from the value expression's location on.
QString rightHandSide(const script::Statement& statement) {
    if (!statement.value)
        return {};
    const std::u32string source = QString::fromStdString(statement.source).toStdU32String();
    const script::SourceLocation from = statement.location;
    const script::SourceLocation to = statement.value->location;
    std::size_t at = 0;
    int line = from.line;
    int column = from.column;
    while (at < source.size() && (line < to.line || (line == to.line && column < to.column))) {
        if (source[at] == U'\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
        ++at;
    }
    return QString::fromStdU32String(source.substr(at)).simplified();
}

// Appends lines; undo truncates back. The first redo of a run() adopts lines already run.
class AppendLinesCommand : public QUndoCommand {
public:
    AppendLinesCommand(SessionModel* session, QList<ScriptLine> lines, bool alreadyRun)
        : m_session(session), m_lines(std::move(lines)), m_alreadyRun(alreadyRun),
          m_countBefore(static_cast<int>(session->lines().size())) {
        const int count = static_cast<int>(m_lines.size());
        if (count == 1)
            setText(m_lines.front().code.simplified());
        else
            setText(QCoreApplication::translate("stridescope::app::SessionModel", "%n statements",
                                                "undo step", count));
    }
    void redo() override {
        m_session->appendLines(m_lines, m_alreadyRun);
        m_alreadyRun = false;
    }
    void undo() override { m_session->truncateTo(m_countBefore); }

private:
    SessionModel* m_session;
    QList<ScriptLine> m_lines;
    bool m_alreadyRun;
    int m_countBefore;
};

class RemoveLineCommand : public QUndoCommand {
public:
    RemoveLineCommand(SessionModel* session, int index)
        : m_session(session), m_index(index), m_line(session->lines().at(index)) {
        setText(QCoreApplication::translate("stridescope::app::SessionModel", "delete %1")
                    .arg(m_line.code.simplified()));
    }
    void redo() override { m_session->eraseLine(m_index); }
    void undo() override { m_session->insertLine(m_index, m_line); }

private:
    SessionModel* m_session;
    int m_index;
    ScriptLine m_line;
};

void ensureParsed(ScriptLine& line) {
    if (!line.parsed)
        line.parsed = std::make_shared<const std::vector<script::Statement>>(
            script::Interpreter::parse(line.code.toStdString()));
}

} // namespace

QString ScriptLine::comment() const {
    QStringList parts;
    for (const QString& text : leading.split(u'\n')) {
        if (text.trimmed().startsWith(u'#'))
            parts << stripHash(text);
    }
    if (!trailing.isEmpty())
        parts << trailing;
    return parts.join(u'\n');
}

QList<ScriptLine> splitScript(const QString& text, QString* tail) {
    std::vector<script::Statement> statements = script::Interpreter::parse(text.toStdString());
    const QStringList fileLines = text.split(u'\n');
    QList<ScriptLine> lines;
    int cursor = 1; // the first file line not yet given to a statement
    for (std::size_t i = 0; i < statements.size(); ++i) {
        script::Statement& statement = statements[i];
        ScriptLine line;
        line.code = QString::fromStdString(statement.source);
        line.sourceLine = statement.location.line;
        const int start = statement.location.line;
        const int end = start + static_cast<int>(line.code.count(u'\n'));
        for (int l = cursor; l < start && l <= fileLines.size(); ++l)
            line.leading += fileLines[l - 1] + u'\n';
        const bool sharesLastLine = i + 1 < statements.size() && statements[i + 1].location.line == end;
        if (!sharesLastLine && end <= fileLines.size()) {
            const QString& last = fileLines[end - 1];
            const qsizetype hash = commentStart(last);
            if (hash >= 0)
                line.trailing = stripHash(last.mid(hash));
        }
        cursor = std::max(cursor, end + 1);
        std::vector<script::Statement> one;
        one.push_back(std::move(statement));
        line.parsed = std::make_shared<const std::vector<script::Statement>>(std::move(one));
        lines.push_back(std::move(line));
    }
    if (tail)
        *tail = cursor <= fileLines.size() ? fileLines.mid(cursor - 1).join(u'\n') : QString();
    return lines;
}

struct SessionModel::Replay {
    script::Workspace workspace;
    std::vector<std::pair<QString, QString>> expressions;
    std::optional<ShownTensor> shown;
    std::vector<std::pair<qsizetype, TransferRecord>> transfers; // host<->device copies, by line
    std::uint64_t nextStorage = 0; // the session's StorageAddressSequence after the replay
};

SessionModel::SessionModel(QObject* parent) : QObject(parent), m_undoStack(new QUndoStack(this)) { clear(); }

SessionModel::~SessionModel() = default;

bool SessionModel::isModified() const { return !m_undoStack->isClean(); }

void SessionModel::setUnmodified() { m_undoStack->setClean(); }

void SessionModel::setModified() { m_undoStack->resetClean(); }

void SessionModel::clear() {
    m_undoStack->clear();
    m_tail.clear();
    m_lastError.reset();
    QList<ScriptLine> lines;
    ScriptLine import;
    import.code = QStringLiteral("import torch");
    lines.push_back(import);
    auto result = replay(lines, nullptr);
    adopt(std::move(*result), std::move(lines));
}

std::optional<SessionModel::Replay> SessionModel::replay(QList<ScriptLine>& lines,
                                                         std::optional<SessionError>* error) const {
    Replay result;
    // The n-th storage of the script gets the same data_ptr at every replay.
    const StorageAddressSequence addresses(result.nextStorage);
    result.workspace.importTorch();
    // Random values must be the same at every replay (and as in `stridescope eval`, which starts
    // from the generator's initial seed 0).
    ops::manualSeed(0);
    script::Interpreter interpreter(result.workspace);
    takeTransfers();
    for (qsizetype i = 0; i < lines.size(); ++i) {
        ScriptLine& line = lines[i];
        try {
            ensureParsed(line);
        } catch (const script::ScriptSyntaxError& e) {
            if (error)
                *error =
                    errorFrom(e, line.code, line.sourceLine + e.location().line - 1, e.location().column);
            return std::nullopt;
        } catch (const TensorError& e) {
            if (error)
                *error = errorFrom(e, line.code, line.sourceLine, 1);
            return std::nullopt;
        }
        QString output;
        for (const script::Statement& statement : *line.parsed) {
            const script::StatementOutcome outcome = interpreter.execute(statement);
            if (outcome.error) {
                if (error)
                    *error = errorFrom(*outcome.error, line.code, line.sourceLine, outcome.column);
                return std::nullopt;
            }
            output += outputOf(outcome);
            noteResults(result.workspace, line.code, outcome.tensors(), result.shown, result.expressions);
            for (const auto& result_ : outcome.results) {
                if (result_.name && statement.kind == script::StatementKind::Assign) {
                    const QString name = QString::fromStdString(*result_.name);
                    const QString rhs = rightHandSide(statement);
                    auto it = std::find_if(result.expressions.begin(), result.expressions.end(),
                                           [&](const auto& entry) { return entry.first == name; });
                    if (it != result.expressions.end())
                        it->second = rhs;
                    if (result.shown && result.shown->name == name)
                        result.shown->expression = rhs;
                }
            }
        }
        line.output = output;
        for (const TransferRecord& t : takeTransfers())
            result.transfers.emplace_back(i, t);
    }
    return result;
}

void SessionModel::noteResults(const script::Workspace& workspace, const QString& code,
                               const std::vector<std::pair<std::optional<std::string>, Tensor>>& tensors,
                               std::optional<ShownTensor>& shown,
                               std::vector<std::pair<QString, QString>>& expressions) const {
    for (const auto& [name, tensor] : tensors) {
        if (name) {
            const QString qname = QString::fromStdString(*name);
            auto it = std::find_if(expressions.begin(), expressions.end(),
                                   [&](const auto& entry) { return entry.first == qname; });
            if (it == expressions.end())
                expressions.emplace_back(qname, code.simplified());
            else if (!code.contains(u"+=") && !code.contains(u"-=") && !code.contains(u"*="))
                it->second = code.simplified();
            shown = ShownTensor{qname, {}, tensor};
            continue;
        }
        // An unnamed value: an in-place call or x[...] = v gives back a named tensor; show that.
        std::optional<ShownTensor> match;
        for (const auto& [boundName, bound] : workspace.tensors()) {
            if (bound.sharesStorageWith(tensor) && bound.layout() == tensor.layout() &&
                bound.dtype() == tensor.dtype()) {
                match = ShownTensor{QString::fromStdString(boundName), {}, bound};
                break;
            }
        }
        shown = match ? *match : ShownTensor{QString(), code.simplified(), tensor};
    }
    if (shown && !shown->name.isEmpty()) {
        auto it = std::find_if(expressions.begin(), expressions.end(),
                               [&](const auto& entry) { return entry.first == shown->name; });
        if (it != expressions.end())
            shown->expression = it->second;
    }
}

void SessionModel::adopt(Replay&& replay, QList<ScriptLine>&& lines) {
    m_workspace = std::move(replay.workspace);
    m_expressions = std::move(replay.expressions);
    m_shown = std::move(replay.shown);
    m_nextStorage = replay.nextStorage;
    m_lines = std::move(lines);
    m_workspaceTransfers.clear();
    for (const auto& entry : replay.transfers)
        m_workspaceTransfers.push_back(entry.second);
    addWorkspaceTransfers({});
    emit changed();
}

bool SessionModel::run(const QString& text, bool keepComments) {
    m_lastError.reset();
    QList<ScriptLine> newLines;
    try {
        newLines = splitScript(text);
    } catch (const script::ScriptSyntaxError& e) {
        m_lastError = errorFrom(e, {}, e.location().line, e.location().column);
        return false;
    } catch (const TensorError& e) {
        m_lastError = errorFrom(e, {}, 1, 1);
        return false;
    }
    if (newLines.isEmpty())
        return true;
    if (!keepComments) {
        for (ScriptLine& line : newLines) {
            line.leading.clear();
            line.trailing.clear();
        }
    }

    // Random draws depend on everything drawn before: run from the start so that they match a
    // replay (and `stridescope eval`) exactly.
    const bool drawsRandom = text.contains(u"rand") || text.contains(u"seed");
    if (drawsRandom) {
        QList<ScriptLine> all = m_lines + newLines;
        std::optional<SessionError> error;
        auto result = replay(all, &error);
        if (!result) {
            m_lastError = error;
            return false;
        }
        for (qsizetype i = 0; i < newLines.size(); ++i)
            newLines[i].output = all[m_lines.size() + i].output;
        m_workspace = std::move(result->workspace);
        m_expressions = std::move(result->expressions);
        m_shown = std::move(result->shown);
        m_nextStorage = result->nextStorage;
        m_workspaceTransfers.clear();
        // Only the new lines' copies are this run's; the replayed ones were counted before.
        std::vector<TransferRecord> made;
        for (const auto& [line, transfer] : result->transfers) {
            m_workspaceTransfers.push_back(transfer);
            if (line >= all.size() - newLines.size())
                made.push_back(transfer);
        }
        addWorkspaceTransfers({});
        m_undoStack->push(new AppendLinesCommand(this, newLines, true));
        keepTransfers(std::move(made));
        return true;
    }

    auto expressions = m_expressions;
    auto shown = m_shown;
    // Continues the session's address sequence, as a replay of the whole script would.
    std::uint64_t nextStorage = m_nextStorage;
    const StorageAddressSequence addresses(nextStorage);
    script::Interpreter interpreter(m_workspace);
    bool ranSomething = false;
    takeTransfers(); // what replays and previews copied is not this run's
    for (ScriptLine& line : newLines) {
        QString output;
        for (const script::Statement& statement : *line.parsed) {
            const script::StatementOutcome outcome = interpreter.execute(statement);
            if (outcome.error) {
                m_lastError = errorFrom(*outcome.error, line.code, line.sourceLine, outcome.column);
                if (ranSomething) {
                    QList<ScriptLine> lines = m_lines;
                    if (auto result = replay(lines, nullptr))
                        adopt(std::move(*result), std::move(lines));
                }
                takeTransfers();
                return false;
            }
            ranSomething = true;
            output += outputOf(outcome);
            noteResults(m_workspace, line.code, outcome.tensors(), shown, expressions);
            if (statement.kind == script::StatementKind::Assign) {
                const QString rhs = rightHandSide(statement);
                for (const auto& result : outcome.results) {
                    if (!result.name)
                        continue;
                    const QString name = QString::fromStdString(*result.name);
                    for (auto& entry : expressions)
                        if (entry.first == name)
                            entry.second = rhs;
                    if (shown && shown->name == name)
                        shown->expression = rhs;
                }
            }
        }
        line.output = output;
    }
    m_expressions = std::move(expressions);
    m_shown = std::move(shown);
    m_nextStorage = nextStorage;
    // The copies these statements made, kept when they succeed (a failed run is undone); the
    // diagram drawn by the push below finds them.
    std::vector<TransferRecord> made = takeTransfers();
    addWorkspaceTransfers(made);
    m_undoStack->push(new AppendLinesCommand(this, newLines, true));
    keepTransfers(std::move(made));
    return true;
}

void SessionModel::addWorkspaceTransfers(const std::vector<TransferRecord>& made) {
    m_workspaceTransfers.insert(m_workspaceTransfers.end(), made.begin(), made.end());
    constexpr std::size_t kMaxKept = 4096; // a copy inside a long loop: the latest ones
    if (m_workspaceTransfers.size() > kMaxKept)
        m_workspaceTransfers.erase(m_workspaceTransfers.begin(), m_workspaceTransfers.end() - kMaxKept);
}

void SessionModel::keepTransfers(std::vector<TransferRecord> made) {
    if (made.empty())
        return;
    m_transfers.insert(m_transfers.end(), made.begin(), made.end());
    constexpr std::size_t kMaxKept = 4096;
    if (m_transfers.size() > kMaxKept)
        m_transfers.erase(m_transfers.begin(), m_transfers.end() - kMaxKept);
    emit transfersRecorded();
}

bool SessionModel::load(const QString& scriptText, bool eachLineUndoable) {
    m_lastError.reset();
    QList<ScriptLine> lines;
    QString tail;
    try {
        lines = splitScript(scriptText, &tail);
    } catch (const script::ScriptSyntaxError& e) {
        m_lastError = errorFrom(e, {}, e.location().line, e.location().column);
        return false;
    } catch (const TensorError& e) {
        m_lastError = errorFrom(e, {}, 1, 1);
        return false;
    }
    std::optional<SessionError> error;
    auto result = replay(lines, &error);
    if (!result) {
        m_lastError = error;
        return false;
    }
    {
        const QSignalBlocker blocker(this);
        m_undoStack->clear();
        // An opened script is where undo starts (Ctrl+Z right after Open must not eat its last
        // line); restored work can be walked back statement by statement.
        if (eachLineUndoable) {
            m_lines.clear();
            for (const ScriptLine& line : lines)
                m_undoStack->push(new AppendLinesCommand(this, {line}, true));
            m_undoStack->setClean();
        }
    }
    m_tail = tail;
    adopt(std::move(*result), std::move(lines));
    return true;
}

bool SessionModel::removeLine(int index) {
    m_lastError.reset();
    if (index < 0 || index >= m_lines.size())
        return false;
    QList<ScriptLine> lines = m_lines;
    lines.removeAt(index);
    std::optional<SessionError> error;
    if (!replay(lines, &error)) {
        m_lastError = error;
        return false;
    }
    m_undoStack->push(new RemoveLineCommand(this, index));
    return true;
}

void SessionModel::appendLines(const QList<ScriptLine>& lines, bool alreadyRun) {
    if (alreadyRun) {
        m_lines += lines;
        emit changed();
        return;
    }
    QList<ScriptLine> all = m_lines + lines;
    if (auto result = replay(all, nullptr))
        adopt(std::move(*result), std::move(all));
}

void SessionModel::truncateTo(int count) {
    QList<ScriptLine> lines = m_lines.mid(0, count);
    if (auto result = replay(lines, nullptr))
        adopt(std::move(*result), std::move(lines));
}

void SessionModel::insertLine(int index, const ScriptLine& line) {
    QList<ScriptLine> lines = m_lines;
    lines.insert(index, line);
    if (auto result = replay(lines, nullptr))
        adopt(std::move(*result), std::move(lines));
}

void SessionModel::eraseLine(int index) {
    QList<ScriptLine> lines = m_lines;
    lines.removeAt(index);
    if (auto result = replay(lines, nullptr))
        adopt(std::move(*result), std::move(lines));
}

SessionModel::Preview SessionModel::preview(const QString& text) const {
    Preview preview;
    // The scratch workspace shares storages with the session's: in-place writes (x.add_(1),
    // x[0] = 7) are journalled and put back before returning, whatever the outcome.
    script::Workspace scratch = m_workspace;
    // A previewed tensor shows the data_ptr that running the text would give.
    std::uint64_t nextStorage = m_nextStorage;
    const StorageAddressSequence addresses(nextStorage);
    script::WriteJournal journal;
    struct UndoWrites {
        script::WriteJournal& journal;
        ~UndoWrites() { journal.undo(); }
    } undoWrites{journal};
    script::Interpreter interpreter(scratch);
    interpreter.setWriteJournal(&journal);
    QList<ScriptLine> lines;
    try {
        lines = splitScript(text);
    } catch (const script::ScriptSyntaxError& e) {
        preview.error = errorFrom(e, {}, e.location().line, e.location().column);
        return preview;
    } catch (const TensorError& e) {
        preview.error = errorFrom(e, {}, 1, 1);
        return preview;
    }
    std::optional<ShownTensor> shown;
    auto expressions = m_expressions;
    for (const ScriptLine& line : lines) {
        for (const script::Statement& statement : *line.parsed) {
            const script::StatementOutcome outcome = interpreter.execute(statement);
            if (outcome.error) {
                preview.error = errorFrom(*outcome.error, line.code, line.sourceLine, outcome.column);
                return preview;
            }
            preview.output += outputOf(outcome);
            noteResults(scratch, line.code, outcome.tensors(), shown, expressions);
            if (shown && statement.kind == script::StatementKind::Assign)
                shown->expression = rightHandSide(statement);
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
            copy = copies.emplace(copies.end(), tensor.storage(), std::make_shared<Storage>(*tensor.storage()));
        return Tensor(copy->second, tensor.dtype(), tensor.layout());
    };
    if (shown)
        shown->tensor = detached(shown->tensor);
    preview.tensor = shown;
    for (const auto& [name, tensor] : scratch.tensors())
        preview.namedTensors.emplace_back(QString::fromStdString(name), detached(tensor));
    return preview;
}

QString SessionModel::scriptText() const {
    QString text;
    for (const ScriptLine& line : m_lines) {
        text += line.leading + line.code;
        if (!line.trailing.isEmpty())
            text += QStringLiteral("  # ") + line.trailing;
        text += u'\n';
    }
    return text + m_tail;
}

QString SessionModel::pythonScript() const {
    for (const ScriptLine& line : m_lines) {
        const QString code = line.code.simplified();
        if (code == u"import torch")
            return scriptText();
    }
    return QStringLiteral("import torch\n") + scriptText();
}

bool SessionModel::showName(const QString& name) {
    const auto tensor = tensorNamed(name);
    if (!tensor)
        return false;
    m_shown = ShownTensor{name, expressionOf(name), *tensor};
    emit changed();
    return true;
}

std::optional<Tensor> SessionModel::tensorNamed(const QString& name) const {
    const script::Value* value = m_workspace.find(name.toStdString());
    if (!value || !value->isTensor())
        return std::nullopt;
    return value->asTensor();
}

QString SessionModel::expressionOf(const QString& name) const {
    for (const auto& [bound, expression] : m_expressions)
        if (bound == name)
            return expression;
    return {};
}

QString SessionModel::freeName(const QStringList& candidates) const {
    for (const QString& name : candidates)
        if (!m_workspace.contains(name.toStdString()))
            return name;
    for (int i = 1;; ++i) {
        const QString name = QStringLiteral("t%1").arg(i);
        if (!m_workspace.contains(name.toStdString()))
            return name;
    }
}

qsizetype commentStart(const QString& line) {
    QChar quote;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (!quote.isNull()) {
            if (c == u'\\')
                ++i;
            else if (c == quote)
                quote = QChar();
        } else if (c == u'\'' || c == u'"') {
            quote = c;
        } else if (c == u'#') {
            return i;
        }
    }
    return -1;
}

} // namespace stridescope::app
