#include "app/window/SessionModel.h"

#include "core/script/Lexer.h"

#include <QCoreApplication>
#include <QSignalBlocker>
#include <QUndoCommand>
#include <QUndoStack>

#include <utility>

namespace stridescope::app {

namespace {

QString qt(const std::string& text) { return QString::fromStdString(text); }

} // namespace

// Appends lines that the session already ran (the first redo only announces them); undo
// truncates back, a later redo replays them.
class AppendLinesCommand : public QUndoCommand {
public:
    enum class FirstRedo { Refresh, Nothing };

    AppendLinesCommand(SessionModel* model, std::vector<script::SessionLine> lines, std::size_t countBefore,
                       FirstRedo first)
        : m_model(model), m_lines(std::move(lines)), m_countBefore(countBefore), m_first(first) {
        const int count = static_cast<int>(m_lines.size());
        if (count == 1)
            setText(qt(m_lines.front().code).simplified());
        else
            setText(QCoreApplication::translate("stridescope::app::SessionModel", "%n statements",
                                                "undo step", count));
    }
    void redo() override {
        if (m_firstRedo) {
            m_firstRedo = false;
            if (m_first == FirstRedo::Refresh)
                m_model->refresh();
            return;
        }
        m_model->editSession().appendLines(m_lines);
        m_model->refresh();
    }
    void undo() override {
        m_model->editSession().truncateTo(m_countBefore);
        m_model->refresh();
    }

private:
    SessionModel* m_model;
    std::vector<script::SessionLine> m_lines;
    std::size_t m_countBefore;
    FirstRedo m_first;
    bool m_firstRedo = true;
};

class RemoveLineCommand : public QUndoCommand {
public:
    RemoveLineCommand(SessionModel* model, std::size_t index)
        : m_model(model), m_index(index), m_line(model->core().lines().at(index)) {
        setText(QCoreApplication::translate("stridescope::app::SessionModel", "delete %1")
                    .arg(qt(m_line.code).simplified()));
    }
    void redo() override {
        m_model->editSession().eraseLine(m_index);
        m_model->refresh();
    }
    void undo() override {
        m_model->editSession().insertLine(m_index, m_line);
        m_model->refresh();
    }

private:
    SessionModel* m_model;
    std::size_t m_index;
    script::SessionLine m_line;
};

ScriptLine ScriptLine::from(const script::SessionLine& line) {
    ScriptLine result;
    result.code = qt(line.code);
    result.leading = qt(line.leading);
    result.trailing = qt(line.trailing);
    result.output = qt(line.output);
    result.sourceLine = line.sourceLine;
    return result;
}

QString ScriptLine::comment() const {
    script::SessionLine line;
    line.leading = leading.toStdString();
    line.trailing = trailing.toStdString();
    return qt(line.comment());
}

SessionError SessionError::from(const script::SessionError& error) {
    return {qt(error.kind), qt(error.message), qt(error.source), error.line, error.column};
}

ShownTensor ShownTensor::from(const script::ShownTensor& shown) {
    return {qt(shown.name), qt(shown.expression), shown.tensor};
}

namespace {

RunResult converted(const script::SessionResult& result) {
    if (const script::SessionError* error = result.error())
        return SessionError::from(*error);
    return {};
}

QList<ShownTensor> convertedTensors(const std::vector<script::ShownTensor>& tensors) {
    QList<ShownTensor> result;
    result.reserve(static_cast<qsizetype>(tensors.size()));
    for (const script::ShownTensor& tensor : tensors)
        result.push_back(ShownTensor::from(tensor));
    return result;
}

} // namespace

SessionModel::SessionModel(QObject* parent) : QObject(parent), m_undoStack(new QUndoStack(this)) {
    refresh();
}

SessionModel::~SessionModel() = default;

bool SessionModel::isModified() const { return !m_undoStack->isClean(); }

void SessionModel::setUnmodified() { m_undoStack->setClean(); }

void SessionModel::setModified() { m_undoStack->resetClean(); }

void SessionModel::refresh() {
    m_lines.clear();
    m_lines.reserve(static_cast<qsizetype>(m_session.lines().size()));
    for (const script::SessionLine& line : m_session.lines())
        m_lines.push_back(ScriptLine::from(line));
    m_shown.reset();
    if (const auto& shown = m_session.shown())
        m_shown = ShownTensor::from(*shown);
    emit changed();
}

void SessionModel::clear() {
    m_undoStack->clear();
    m_session.clear();
    refresh();
}

RunResult SessionModel::run(const QString& text, bool keepComments) {
    const std::size_t before = m_session.lines().size();
    const std::uint64_t revision = m_session.revision();
    const script::SessionResult result = m_session.run(text.toStdString(), keepComments);
    if (!result) {
        if (m_session.revision() != revision) // statements before the failing one were rolled back
            refresh();
        return converted(result);
    }
    if (m_session.lines().size() == before)
        return {}; // nothing but comments and blanks
    std::vector<script::SessionLine> added(m_session.lines().begin() + static_cast<std::ptrdiff_t>(before),
                                           m_session.lines().end());
    m_undoStack->push(
        new AppendLinesCommand(this, std::move(added), before, AppendLinesCommand::FirstRedo::Refresh));
    if (!m_session.lastRunTransfers().empty())
        emit transfersRecorded(m_session.sessionTransfers());
    return {};
}

RunResult SessionModel::load(const QString& scriptText, bool eachLineUndoable) {
    const script::SessionResult result = m_session.load(scriptText.toStdString());
    if (!result)
        return converted(result);
    {
        const QSignalBlocker blocker(this);
        m_undoStack->clear();
        // An opened script is where undo starts (Ctrl+Z right after Open must not eat its last
        // line); restored work can be walked back statement by statement.
        if (eachLineUndoable) {
            const auto& lines = m_session.lines();
            for (std::size_t i = 0; i < lines.size(); ++i)
                m_undoStack->push(
                    new AppendLinesCommand(this, {lines[i]}, i, AppendLinesCommand::FirstRedo::Nothing));
            m_undoStack->setClean();
        }
    }
    refresh();
    return {};
}

RunResult SessionModel::removeLine(int index) {
    if (index < 0)
        return SessionError{
            QStringLiteral("IndexError"), QStringLiteral("no statement %1").arg(index + 1), {}, 0, 0};
    if (auto refusal = converted(m_session.checkWithout(static_cast<std::size_t>(index))); !refusal)
        return refusal;
    m_undoStack->push(new RemoveLineCommand(this, static_cast<std::size_t>(index)));
    return {};
}

SessionModel::Preview SessionModel::preview(const QString& text) const {
    const script::SessionPreview core = m_session.preview(text.toStdString());
    Preview preview;
    if (core.error)
        preview.error = SessionError::from(*core.error);
    if (core.tensor)
        preview.tensor = ShownTensor::from(*core.tensor);
    preview.output = qt(core.output);
    for (const auto& [name, tensor] : core.namedTensors)
        preview.namedTensors.emplace_back(qt(name), tensor);
    preview.aliases = convertedTensors(core.aliases);
    return preview;
}

bool SessionModel::showName(const QString& name) {
    if (!m_session.showName(name.toStdString()))
        return false;
    refresh();
    return true;
}

std::optional<Tensor> SessionModel::tensorNamed(const QString& name) const {
    return m_session.tensorNamed(name.toStdString());
}

QString SessionModel::expressionOf(const QString& name) const {
    return qt(m_session.expressionOf(name.toStdString()));
}

QList<ShownTensor> SessionModel::aliasesOf(const Tensor& tensor, const QString& exceptName) const {
    return convertedTensors(m_session.aliasesOf(tensor, exceptName.toStdString()));
}

QString SessionModel::freeName(const QStringList& candidates) const {
    std::vector<std::string> names;
    for (const QString& name : candidates)
        names.push_back(name.toStdString());
    return qt(m_session.freeName(names));
}

qsizetype commentStart(const QString& line) {
    const QByteArray utf8 = line.toUtf8();
    const auto offset =
        script::commentStart(std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size())));
    if (!offset)
        return -1;
    return QString::fromUtf8(utf8.constData(), static_cast<qsizetype>(*offset)).size();
}

QList<ScriptLine> splitScript(const QString& text, QString* tail) {
    std::string coreTail;
    const std::vector<script::SessionLine> lines =
        script::splitScript(text.toStdString(), tail ? &coreTail : nullptr);
    if (tail)
        *tail = qt(coreTail);
    QList<ScriptLine> result;
    for (const script::SessionLine& line : lines)
        result.push_back(ScriptLine::from(line));
    return result;
}

} // namespace stridescope::app
