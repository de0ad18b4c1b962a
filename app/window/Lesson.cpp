#include "app/window/Lesson.h"

#include "app/window/Preferences.h"
#include "core/Error.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

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
    lesson.closing = commentText(tail);
    if (lesson.title.isEmpty())
        lesson.title = QFileInfo(path).completeBaseName();
    return lesson;
}

QStringList Lesson::bundledPaths() {
    QStringList paths;
    const QDir dir(QStringLiteral(":/lessons"));
    // A lesson written in the UI's language too (lessons/zh_CN/<same name>) replaces the English one.
    const QDir translated(dir.filePath(Preferences::effectiveLanguage()));
    for (const QString& name : dir.entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name))
        paths << (translated.exists(name) ? translated.filePath(name) : dir.filePath(name));
    return paths;
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
