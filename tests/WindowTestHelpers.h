#pragma once
// What the window suites (tst_window, tst_workshop) do to a real MainWindow: show one, let its
// coalesced refreshes run, type into its console, read back the session's lines.
#include "app/window/MainWindow.h"
#include "app/window/ScriptConsole.h"
#include "app/window/ScriptEditor.h"
#include "app/window/SessionModel.h"

#include <QCoreApplication>
#include <QSize>
#include <QStringList>
#include <QTest>

#include <memory>

namespace stridescope::app::testing {

inline std::unique_ptr<MainWindow> makeShownWindow(QSize size) {
    auto window = std::make_unique<MainWindow>();
    window->resize(size);
    window->show();
    return window;
}

// Lets the coalesced refreshes (properties, variables, transcript) run, as the event loop does
// right after the diagram repainted.
inline void settle() {
    for (int i = 0; i < 4; ++i)
        QCoreApplication::processEvents();
}

// Types `text` into the console and presses Enter, as a user does.
inline void typeLine(MainWindow& window, const QString& text) {
    ScriptEditor* editor = window.console()->editor();
    editor->setFocus();
    editor->clear();
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
    settle();
}

inline QStringList codes(const SessionModel& session) {
    QStringList result;
    for (const ScriptLine& line : session.lines())
        result << line.code;
    return result;
}

} // namespace stridescope::app::testing
