#pragma once
// The explorer window. The diagram of the shown tensor fills the centre (a welcome page with
// the first steps until there is one); the variables (left), properties (right) and script
// console (bottom) are docks; the op buttons and the traversal controls are toolbars. Every
// action becomes a line of script in SessionModel, so undo, save and "copy as PyTorch" see it.
#include "app/diagram/DiagramTheme.h"
#include "core/Layout.h"

#include <QMainWindow>
#include <QByteArray>
#include <QHash>
#include <QStringList>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <cstdint>
#include <memory>

class QAction;
class QDockWidget;
class QLabel;
class QStackedWidget;
class QDragEnterEvent;
class QDropEvent;
class QTreeView;

namespace stridescope::app {

class BandwidthPanel;
class CrashRecovery;
class DiagramPresenter;
class DocumentController;
class DiagramView;
class DiagramWidget;
class LessonPanel;
class LessonsMenu;
class OpFormDialog;
class PredictPanel;
class PropertiesPanel;
class ScriptConsole;
class SessionModel;
struct SessionError;
class SessionRecovery;
struct RecoveredSession;
class TensorBuilderDialog;
class TraversalController;
class VariablesModel;
class WindowActions;
class WindowTheme;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    SessionModel* session() const { return m_session; }
    ScriptConsole* console() const { return m_console; }
    DiagramView* diagramView() const { return m_diagramView; }
    DiagramWidget* diagram() const;
    PropertiesPanel* properties() const { return m_properties; }
    QTreeView* variablesView() const { return m_variablesView; }
    VariablesModel* variablesModel() const { return m_variables; }
    TraversalController* traversal() const { return m_traversal; }
    LessonPanel* lessonPanel() const { return m_lessonPanel; }
    LessonsMenu* lessonsMenu() const;
    // Predict, then reveal (F9): over the lesson's next step or the console's input.
    PredictPanel* predictPanel() const { return m_predictPanel; }
    QString currentFile() const;
    QLabel* traversalLabel() const { return m_traversalLabel; }
    // An action by object name ("actionUndo", "actionOp_transpose", ...), for tests and scripting.
    QAction* findAction(const QString& objectName) const;

    // File operations without dialogs; on failure they return false, set `error` and leave the
    // session untouched. The menu actions ask for paths and show the errors.
    bool openFile(const QString& path, QString* error = nullptr);
    bool saveFile(const QString& path, QString* error = nullptr);
    bool exportDiagram(const QString& path, QString* error = nullptr);
    bool startLesson(const QString& path, QString* error = nullptr);
    // Any commented .py as a lesson (File > Open as Lesson, or dropped on the window).
    bool openAsLesson(const QString& path, QString* error = nullptr);
    void copyDiagram();
    void copyScript();

    // The forms, created but not shown (the actions exec() them).
    OpFormDialog* createOpForm(const QString& opId);
    TensorBuilderDialog* createBuilder();

    void setTheme(const QString& theme);
    QString theme() const;
    // Projector mode (F11): full screen; the variables, properties and bandwidth docks and the
    // ops toolbar are put away (and come back as they were), the lesson text grows, the diagram
    // takes the rest and fits above 100 %, the console stays at the bottom.
    void setPresentationMode(bool on);
    bool isPresentationMode() const;

    // Changes the UI language now: StrideScope's and Qt's translators, the lessons (the shown
    // one switches to its translated copy at the same step) and the Lessons menu. The rest of
    // the window's words follow in the window languageChanged() asks the launcher to open
    // (takeStateFrom()).
    void setLanguage(const QString& language);
    // Takes over another window's work: its script (modified or not), file, lesson and step,
    // shown tensor, look, geometry and docks. Used to reopen the window in a new language.
    void takeStateFrom(MainWindow& other);
    const DiagramTheme& diagramTheme() const;

    // Asks whether to save unsaved changes; false when the user cancels. A built-in lesson
    // stepped as written has none.
    bool maybeSave();

    // Crash recovery (SessionRecovery): the session's script is autosaved half a second after a
    // change while it has unsaved changes. autosaveNow() writes it at once (false when there is
    // nothing to write or the write failed; the status bar says why).
    SessionRecovery* recovery() const;
    bool autosaveNow();
    // Restores a lost session found by recovery()->claimOrphans(): it replaces this one, keeps
    // the file it was editing and stays unsaved. The orphan's file is deleted only once the
    // restored work is autosaved again. False with `error` set (nothing changed) when it does
    // not run.
    bool restoreRecovered(const RecoveredSession& orphan, QString* error = nullptr);

    // The bandwidth panel (app/bandwidth) in the "Bandwidth" dock, tabbed with the script: it
    // follows the shown tensor.
    QDockWidget* bandwidthDock() const { return m_bandwidthDock; }

    // Paging (View > Page Through Outer Dims): a tensor of 3 or more dims is drawn one 2-D
    // block at a time, x[i, j] for the leading dims, with the whole storage strip under it.
    // pageCount() is 0 when not paging.
    int pageCount() const;
    // Names for the dims of the tensor called `tensorName` ("N", "C", "H", "W"), drawn with
    // their numbers (View > Name the Dims); an empty list removes them.
    void setDimNames(const QString& tensorName, const QStringList& names);
    int page() const;
    void setPage(int page);

signals:
    void languageChanged(const QString& language);

public slots:
    void newSession();
    // Offers each lost session (newest first): Restore, Discard, or Later (kept for the next
    // start). The launcher calls it once the window is shown.
    void offerRecovery();
    void open();
    void openLessonFile();
    bool save();
    bool saveAs();
    void exportDiagramAs();
    void newTensor();
    void openOpForm(const QString& opId);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // The window's parts (app/window): each does one thing and reaches the window's widgets
    // through it.
    friend class WindowActions;
    friend class DocumentController;
    friend class CrashRecovery;
    friend class WindowTheme;
    friend class DiagramPresenter;

    void createDocks();
    void createCentre();
    void restorePreferences();

    void sessionChanged();
    void rebuildDiagram();
    void updateWrites();
    void turnPage(int delta);
    void syncVariablesSelection();
    void updateTitle();
    void updateZoomLabel();
    void showLessonError(const QString& step, const SessionError& error);
    void predictNext();
    void showPreferences();

    SessionModel* m_session;
    VariablesModel* m_variables;
    TraversalController* m_traversal;
    ScriptConsole* m_console = nullptr;
    DiagramView* m_diagramView = nullptr;
    PropertiesPanel* m_properties = nullptr;
    QTreeView* m_variablesView = nullptr;
    LessonPanel* m_lessonPanel = nullptr;
    PredictPanel* m_predictPanel = nullptr;
    QStackedWidget* m_centreStack = nullptr;
    QDockWidget* m_variablesDock = nullptr;
    QDockWidget* m_propertiesDock = nullptr;
    QDockWidget* m_consoleDock = nullptr;
    QDockWidget* m_bandwidthDock = nullptr;
    BandwidthPanel* m_bandwidthPanel = nullptr;
    QLabel* m_hoverLabel = nullptr;
    QLabel* m_traversalLabel = nullptr;
    QLabel* m_zoomLabel = nullptr;
    QLabel* m_pageLabel = nullptr;

    std::unique_ptr<WindowTheme> m_look;
    DocumentController* m_document = nullptr;
    CrashRecovery* m_crashRecovery = nullptr;
    WindowActions* m_actions = nullptr;
    DiagramPresenter* m_presenter = nullptr;
    bool m_takenOver = false; // another window took this one's work: close quietly
    bool m_syncing = false;
    QTimer m_propertiesTimer;
};

} // namespace stridescope::app
