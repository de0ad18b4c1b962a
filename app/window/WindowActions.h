#pragma once
// The window's commands: every action with its text, shortcut, icon and tooltip, the menus and
// the toolbars that show them, and which of them the shown tensor allows. The op actions are
// generated from OpCatalog's rows. Actions are children of the window and keep their object
// names ("actionUndo", "actionOp_transpose"), so MainWindow::findAction finds them.
#include <QKeySequence>
#include <QList>
#include <QObject>

class QAction;
class QMenu;
class QSlider;
class QString;
class QToolBar;

namespace stridescope::app {

class LessonsMenu;
class MainWindow;

class WindowActions : public QObject {
    Q_OBJECT

public:
    explicit WindowActions(MainWindow& window);

    // In this order, once the window's centre and docks exist.
    void createActions();
    void createMenus();
    void createToolBars();

    // Enables the ops the shown tensor allows and the actions that need a shown tensor.
    void updateActions();
    // The glyphs in the palette's ink (after a theme change); Play or Pause as the traversal is.
    void updateIcons();

    QAction* playAction() const { return m_playAction; }
    QAction* presentationAction() const { return m_presentationAction; }
    QAction* darkAction() const { return m_darkAction; }
    QAction* byteModeAction() const { return m_byteModeAction; }
    QAction* storageIndicesAction() const { return m_storageIndicesAction; }
    QAction* pagingAction() const { return m_pagingAction; }
    QSlider* speedSlider() const { return m_speedSlider; }
    LessonsMenu* lessonsMenu() const { return m_lessonsMenu; }
    // The toolbars projector mode puts away.
    const QList<QToolBar*>& toolBars() const { return m_toolBars; }

private:
    QAction* makeAction(const QString& objectName, const QString& text, const QKeySequence& shortcut = {});
    void fillExercisesMenu(QMenu* menu);
    void showQuickStart();
    void showAbout();

    MainWindow& m_window;
    QList<QAction*> m_opActions;
    QList<QAction*> m_tensorActions; // need a shown tensor
    QAction* m_playAction = nullptr;
    QAction* m_presentationAction = nullptr;
    QAction* m_darkAction = nullptr;
    QAction* m_byteModeAction = nullptr;
    QAction* m_storageIndicesAction = nullptr;
    QAction* m_pagingAction = nullptr;
    QSlider* m_speedSlider = nullptr;
    LessonsMenu* m_lessonsMenu = nullptr;
    QList<QToolBar*> m_toolBars;
};

} // namespace stridescope::app
