#include "app/window/Lesson.h"

#include "app/window/Translations.h"
#include "core/Error.h"
#include "core/script/Interpreter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace stridescope::app {

namespace {

QString stripComment(const QString& line) {
    QString text = line.trimmed();
    while (text.startsWith(u'#'))
        text.remove(0, 1);
    return text.trimmed();
}

// The comment lines of `text` ('#' removed), blank lines kept as paragraph breaks.
QString commentText(const QString& text) {
    QStringList lines;
    for (const QString& line : text.split(u'\n')) {
        if (line.trimmed().startsWith(u'#'))
            lines << stripComment(line);
        else if (line.trimmed().isEmpty() && !lines.isEmpty() && !lines.back().isEmpty())
            lines << QString();
    }
    while (!lines.isEmpty() && lines.back().isEmpty())
        lines.removeLast();
    return lines.join(u'\n');
}

// `# code  ->  message`: the code must be one statement that calls or indexes something, so
// that prose such as "# NCHW -> NHWC" stays prose.
struct ErrorMarker {
    QString code;
    QString message;
};

std::optional<ErrorMarker> errorMarker(const QString& line) {
    static const QRegularExpression pattern(QStringLiteral("^\\s*#\\s?(\\S.*?)\\s+->\\s+(\\S.*)$"));
    const QRegularExpressionMatch match = pattern.match(line);
    if (!match.hasMatch())
        return std::nullopt;
    const QString code = match.captured(1).trimmed();
    if (!code.contains(u'(') && !code.contains(u'['))
        return std::nullopt;
    try {
        if (script::Interpreter::parse(code.toStdString()).size() != 1)
            return std::nullopt;
    } catch (const std::exception&) {
        return std::nullopt;
    }
    return ErrorMarker{code, match.captured(2).trimmed()};
}

// A comment line that continues the message quoted above it: indented by 4 or more after '#'.
bool continuesMessage(const QString& line) {
    const QString trimmed = line.trimmed();
    return trimmed.startsWith(u'#') && trimmed.mid(1).startsWith(QStringLiteral("    "));
}

// Takes the expected-error steps out of a block of comment lines: each becomes a step with the
// comment above it; what is left after the last one is returned.
QString takeErrorSteps(const QString& block, QList<LessonStep>& steps) {
    const QStringList lines = block.split(u'\n');
    QStringList pending;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const auto marker = errorMarker(lines[i]);
        if (!marker) {
            pending << lines[i];
            continue;
        }
        LessonStep step;
        step.code = marker->code;
        step.expectsError = true;
        step.expectedMessage = marker->message;
        while (i + 1 < lines.size() && continuesMessage(lines[i + 1]))
            step.expectedMessage += u' ' + stripComment(lines[++i]);
        step.comment = commentText(pending.join(u'\n'));
        step.text = step.code;
        steps.push_back(step);
        pending.clear();
    }
    return pending.join(u'\n');
}

QString lessonDirectory(const QString& language) {
    if (language.startsWith(QStringLiteral("zh")))
        return QStringLiteral(":/lessons/zh_CN");
    return QStringLiteral(":/lessons");
}

} // namespace

std::optional<Lesson> Lesson::load(const QString& path, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = file.errorString();
        return std::nullopt;
    }
    return fromText(QString::fromUtf8(file.readAll()), path, error);
}

std::optional<Lesson> Lesson::fromText(const QString& text, const QString& path, QString* error) {
    Lesson lesson;
    lesson.path = path;
    QString tail;
    QList<ScriptLine> lines;
    try {
        lines = splitScript(text, &tail);
    } catch (const TensorError& e) {
        if (error)
            *error = QString::fromStdString(e.describe());
        return std::nullopt;
    }
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const ScriptLine& line = lines[i];
        LessonStep step;
        step.code = line.code;
        QString leading = line.leading;
        if (i == 0) {
            // The opening comment: title and introduction, not the first step's own comment.
            const QString header = commentText(leading);
            QStringList headerLines = header.split(u'\n');
            lesson.title = headerLines.isEmpty() ? QString() : headerLines.takeFirst();
            lesson.introduction = headerLines.join(u'\n').trimmed();
            leading.clear();
        } else {
            leading = takeErrorSteps(leading, lesson.steps);
        }
        QStringList comment;
        const QString above = commentText(leading);
        if (!above.isEmpty())
            comment << above;
        if (!line.trailing.isEmpty())
            comment << line.trailing;
        step.comment = comment.join(u'\n');
        step.text = line.leading + line.code +
                    (line.trailing.isEmpty() ? QString() : QStringLiteral("  # ") + line.trailing);
        lesson.steps.push_back(step);
    }
    lesson.closing = commentText(takeErrorSteps(tail, lesson.steps));
    if (lesson.title.isEmpty())
        lesson.title = QFileInfo(path).completeBaseName();
    return lesson;
}

QStringList Lesson::bundledPaths(const QString& language) {
    const QString chosen = language.isEmpty() ? currentLanguage() : language;
    const QDir english(QStringLiteral(":/lessons"));
    const QDir translated(lessonDirectory(chosen));
    QStringList paths;
    for (const QString& name : english.entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name))
        paths << (translated.exists(name) ? translated.filePath(name) : english.filePath(name));
    return paths;
}

QString Lesson::counterpart(const QString& path, const QString& language) {
    const QFileInfo info(path);
    if (!path.startsWith(QStringLiteral(":/lessons/")))
        return path;
    const QDir translated(lessonDirectory(language));
    if (translated.exists(info.fileName()))
        return translated.filePath(info.fileName());
    return QDir(QStringLiteral(":/lessons")).filePath(info.fileName());
}

QString Lesson::nextBundled(const QString& path) {
    if (!path.startsWith(QStringLiteral(":/lessons/")))
        return {};
    const QString language = path.startsWith(QStringLiteral(":/lessons/zh_CN/")) ? QStringLiteral("zh_CN")
                                                                                  : QStringLiteral("en");
    const QStringList paths = bundledPaths(language);
    const QString name = QFileInfo(path).fileName();
    for (qsizetype i = 0; i + 1 < paths.size(); ++i)
        if (QFileInfo(paths[i]).fileName() == name)
            return paths[i + 1];
    return {};
}

QString Lesson::titleOf(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QFileInfo(path).completeBaseName();
    const QString first = QString::fromUtf8(file.readLine());
    const QString title = stripComment(first);
    return title.isEmpty() ? QFileInfo(path).completeBaseName() : title;
}

} // namespace stridescope::app
