#pragma once
// A lesson: a commented script (resources/lessons/*.py, bundled under :/lessons) read as steps.
// The first comment line is its title, the rest of the opening comment its introduction; each
// statement is a step with the comment written above it and after it; comments after the last
// statement close the lesson ("try it on the console").
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
    // The bundled lessons, in file-name order (":/lessons/01_….py", …); where a lesson exists in
    // the UI's language (":/lessons/zh_CN/10_….py"), that one.
    static QStringList bundledPaths();
    // The title alone (first comment line, without "#"), cheap enough for a menu.
    static QString titleOf(const QString& path);
};

} // namespace stridescope::app
