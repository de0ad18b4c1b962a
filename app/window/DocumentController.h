#pragma once
// What the window has open: the script file it reads and writes (and the window title that
// names it), the recent files, the lessons it steps through, and the diagram as a file or on
// the clipboard. The functions without dialogs return false and set `error` on failure and
// then leave the session untouched; the interactive ones ask for paths and show the errors.
#include <QObject>
#include <QString>

class QMenu;

namespace stridescope::app {

class MainWindow;

class DocumentController : public QObject {
    Q_OBJECT

public:
    explicit DocumentController(MainWindow& window);

    // The script this session reads and writes; empty while untitled.
    QString currentFile() const { return m_currentFile; }
    void setCurrentFile(const QString& path) { m_currentFile = path; }

    // Asks whether to save unsaved changes; false when the user cancels. A built-in lesson
    // stepped as written has none.
    bool maybeSave();
    void newSession();
    bool openFile(const QString& path, QString* error);
    bool saveFile(const QString& path, QString* error);
    void open();
    bool save();
    bool saveAs();

    // File > Open Recent: filled from the preferences each time it opens.
    void setRecentMenu(QMenu* menu);
    void updateRecentMenu();

    bool exportDiagram(const QString& path, QString* error);
    void exportDiagramAs();
    void copyDiagram();
    void copyScript();

    bool startLesson(const QString& path, QString* error);
    // Any commented .py as a lesson: every statement must run (or fail where it says it does).
    bool openAsLesson(const QString& path, QString* error);
    void openLessonFile();
    // A lesson asked for from the Lessons menu or the end of a lesson (asks to save first).
    void requestLesson(const QString& path);

    // "name.py[*] — StrideScope", modified as the session is.
    void updateTitle();

private:
    // Asks to save first, then for a script to open; empty when either is cancelled.
    QString askForScript(const QString& title);

    MainWindow& m_window;
    QString m_currentFile;
    QMenu* m_recentMenu = nullptr;
};

} // namespace stridescope::app
