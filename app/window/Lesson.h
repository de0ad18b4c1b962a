#pragma once
// A lesson: a commented script (resources/lessons/*.py, bundled under :/lessons; a translated
// copy of each under :/lessons/zh_CN) read as steps. The first comment line is its title, the
// rest of the opening comment its introduction; each statement is a step with the comment
// written above it and after it; comments after the last statement close the lesson ("try it
// on the console").
//
// A comment line of the form `# x.view(12)  ->  view size is not compatible ...` is an
// expected-error step: the lesson runs `x.view(12)` and shows PyTorch's refusal as the point of
// the step (the file stays a Python script that runs). The comment above it is its text;
// comment lines indented under it continue the quoted message.
#include "app/window/SessionModel.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace stridescope::app {

struct LessonStep {
    QString code;    // the statement
    QString comment; // what the lesson says about it
    QString text;    // code with its comments, as run into the session
    bool expectsError = false;
    QString expectedMessage; // an expected error's words as the lesson quotes them
};

struct Lesson {
    QString path;
    QString title;
    QString introduction;
    QList<LessonStep> steps;
    QString closing;

    // Reads and splits a lesson; nothing (and `error` set) when it cannot be read or parsed.
    static std::optional<Lesson> load(const QString& path, QString* error = nullptr);
    static std::optional<Lesson> fromText(const QString& text, const QString& path, QString* error = nullptr);
    // The bundled lessons in `language` ("zh_CN"; empty: the UI's, currentLanguage()), in
    // file-name order. A lesson with no translation is given in English.
    static QStringList bundledPaths(const QString& language = QString());
    // The same bundled lesson in `language` (path itself when it is not bundled).
    static QString counterpart(const QString& path, const QString& language);
    // The bundled lesson after `path` (in its language), or empty at the last one / not bundled.
    static QString nextBundled(const QString& path);
    // The title alone (first comment line, without "#"), cheap enough for a menu.
    static QString titleOf(const QString& path);
};

} // namespace stridescope::app
