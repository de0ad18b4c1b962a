#include "app/window/MainWindow.h"

#include "app/bandwidth/BandwidthPanel.h"
#include "app/diagram/DiagramWidget.h"
#include "app/window/AppStyle.h"
#include "app/window/CrashRecovery.h"
#include "app/window/DiagramPresenter.h"
#include "app/window/DiagramView.h"
#include "app/window/DocumentController.h"
#include "app/window/Lesson.h"
#include "app/window/LessonPanel.h"
#include "app/window/LessonsMenu.h"
#include "app/window/OpCatalog.h"
#include "app/window/OpFormDialog.h"
#include "app/window/PredictPanel.h"
#include "app/window/Preferences.h"
#include "app/window/PreferencesDialog.h"
#include "app/window/PropertiesPanel.h"
#include "app/window/ScriptConsole.h"
#include "app/window/ScriptEditor.h"
#include "app/window/SessionModel.h"
#include "app/window/TensorBuilderDialog.h"
#include "app/window/Translations.h"
#include "app/window/TraversalController.h"
#include "app/window/VariablesModel.h"
#include "app/window/WelcomePage.h"
#include "app/window/WindowActions.h"
#include "app/window/WindowTheme.h"
#include "core/Device.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QResizeEvent>
#include <QScreen>
#include <QSlider>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTreeView>
#include <QUndoStack>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

// The bundled lessons and icons live in a static library: their initialiser must be called.
static void initStrideScopeResources() { Q_INIT_RESOURCE(resources); }

namespace stridescope::app {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_session(new SessionModel(this)),
      m_variables(new VariablesModel(m_session, this)), m_traversal(new TraversalController(this)),
      m_look(std::make_unique<WindowTheme>(*this)) {
    initStrideScopeResources();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/stridescope.svg")));
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    setAcceptDrops(true); // a .py dropped on the window opens as a lesson
    // The parts first (they only hold the window until asked), then the widgets they work on.
    m_crashRecovery = new CrashRecovery(*this);
    m_document = new DocumentController(*this);
    m_presenter = new DiagramPresenter(*this);
    m_actions = new WindowActions(*this);
    createCentre();
    createDocks();
    m_actions->createActions();
    m_actions->createMenus();
    m_actions->createToolBars();

    m_hoverLabel = new QLabel(this);
    m_hoverLabel->setObjectName(QStringLiteral("hoverLabel"));
    m_hoverLabel->setTextFormat(Qt::PlainText);
    QFont mono = m_hoverLabel->font();
    mono.setFamilies({QStringLiteral("DejaVu Sans Mono"), QStringLiteral("monospace")});
    m_hoverLabel->setFont(mono);
    m_traversalLabel = new QLabel(this);
    m_traversalLabel->setObjectName(QStringLiteral("traversalLabel"));
    m_zoomLabel = new QLabel(this);
    m_pageLabel = new QLabel(this);
    m_pageLabel->setObjectName(QStringLiteral("pageLabel"));
    m_pageLabel->hide();
    statusBar()->addWidget(m_hoverLabel, 1);
    statusBar()->addPermanentWidget(m_pageLabel);
    statusBar()->addPermanentWidget(m_traversalLabel);
    statusBar()->addPermanentWidget(m_zoomLabel);
    // Whether cuda:0 is a real GPU or simulated is said once, where it stays in view.
    if (cudaSimulated() || cudaDeviceHook()) {
        auto* deviceLabel = new QLabel(this);
        deviceLabel->setObjectName(QStringLiteral("deviceLabel"));
        deviceLabel->setText(cudaSimulated() ? tr("cuda:0 simulated")
                                             : QStringLiteral("cuda:0 ") + QString::fromStdString(cudaDeviceName(0)));
        deviceLabel->setToolTip(cudaSimulated() ? QString::fromStdString(simulatedGpuNotice())
                                                : tr("Host-device copies run and are timed on this GPU."));
        statusBar()->addPermanentWidget(deviceLabel);
    }

    connect(m_session, &SessionModel::changed, this, &MainWindow::sessionChanged);
    m_propertiesTimer.setSingleShot(true);
    m_propertiesTimer.setInterval(0);
    connect(&m_propertiesTimer, &QTimer::timeout, this, [this] {
        const auto focus = diagram()->focusedIndex();
        m_properties->setTensor(m_session->shown(), *m_session,
                                focus && m_session->shown() ? diagram()->model().formulaFor(*focus)
                                                            : QString());
    });
    connect(m_session->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_session->undoStack(), &QUndoStack::cleanChanged, this,
            [this] { m_crashRecovery->scheduleAutosave(); });
    connect(m_traversal, &TraversalController::positionChanged, m_presenter,
            &DiagramPresenter::traversalMoved);
    connect(m_traversal, &TraversalController::playingChanged, this, [this](bool playing) {
        m_actions->playAction()->setText(playing ? tr("Pause") : tr("Play"));
        m_actions->updateIcons();
    });
    connect(diagram(), &DiagramWidget::hoverChanged, this,
            [this](const QString& text) { m_hoverLabel->setText(text); });
    connect(diagram(), &DiagramWidget::focusChanged, m_presenter, &DiagramPresenter::focusMoved);
    connect(m_diagramView, &DiagramView::zoomChanged, this, &MainWindow::updateZoomLabel);

    restorePreferences();
    sessionChanged();
    updateTitle();
    m_document->updateRecentMenu();
    m_console->editor()->setFocus();
}

MainWindow::~MainWindow() {
    // The session outlives this object's QMainWindow part during destruction; a cleanChanged
    // emitted then must not call back into a half-destroyed window (found by UBSan).
    disconnect(m_session->undoStack(), nullptr, this, nullptr);
    disconnect(m_session, nullptr, this, nullptr);
}

DiagramWidget* MainWindow::diagram() const { return m_diagramView->diagram(); }

QAction* MainWindow::findAction(const QString& objectName) const { return findChild<QAction*>(objectName); }

// ---- the parts' functions, as the window offers them --------------------------------------------

LessonsMenu* MainWindow::lessonsMenu() const { return m_actions->lessonsMenu(); }
QString MainWindow::currentFile() const { return m_document->currentFile(); }
bool MainWindow::openFile(const QString& path, QString* error) { return m_document->openFile(path, error); }
bool MainWindow::saveFile(const QString& path, QString* error) { return m_document->saveFile(path, error); }
bool MainWindow::exportDiagram(const QString& path, QString* error) {
    return m_document->exportDiagram(path, error);
}
bool MainWindow::startLesson(const QString& path, QString* error) {
    return m_document->startLesson(path, error);
}
bool MainWindow::openAsLesson(const QString& path, QString* error) {
    return m_document->openAsLesson(path, error);
}
void MainWindow::copyDiagram() { m_document->copyDiagram(); }
void MainWindow::copyScript() { m_document->copyScript(); }
bool MainWindow::maybeSave() { return m_document->maybeSave(); }
void MainWindow::newSession() { m_document->newSession(); }
void MainWindow::open() { m_document->open(); }
void MainWindow::openLessonFile() { m_document->openLessonFile(); }
bool MainWindow::save() { return m_document->save(); }
bool MainWindow::saveAs() { return m_document->saveAs(); }
void MainWindow::exportDiagramAs() { m_document->exportDiagramAs(); }
void MainWindow::updateTitle() { m_document->updateTitle(); }

void MainWindow::rebuildDiagram() { m_presenter->rebuildDiagram(); }
int MainWindow::pageCount() const { return m_presenter ? m_presenter->pageCount() : 0; }
int MainWindow::page() const { return m_presenter->page(); }
void MainWindow::setPage(int page) { m_presenter->setPage(page); }
void MainWindow::turnPage(int delta) { m_presenter->turnPage(delta); }
void MainWindow::setDimNames(const QString& tensorName, const QStringList& names) {
    m_presenter->setDimNames(tensorName, names);
}

void MainWindow::setTheme(const QString& theme) { m_look->setTheme(theme); }
QString MainWindow::theme() const { return m_look->theme(); }
const DiagramTheme& MainWindow::diagramTheme() const { return m_look->diagramTheme(); }
void MainWindow::setPresentationMode(bool on) { m_look->setPresentationMode(on); }
bool MainWindow::isPresentationMode() const { return m_look->isPresentationMode(); }

SessionRecovery* MainWindow::recovery() const { return m_crashRecovery->recovery(); }
bool MainWindow::autosaveNow() { return m_crashRecovery->autosaveNow(); }
bool MainWindow::restoreRecovered(const RecoveredSession& orphan, QString* error) {
    return m_crashRecovery->restoreRecovered(orphan, error);
}
void MainWindow::offerRecovery() { m_crashRecovery->offerRecovery(); }

// ---- construction ----------------------------------------------------------------------------

void MainWindow::createCentre() {
    m_diagramView = new DiagramView(this);
    m_lessonPanel = new LessonPanel(m_session, this);

    auto* welcome = new WelcomePage(this);
    connect(welcome, &WelcomePage::newTensorRequested, this, &MainWindow::newTensor);
    connect(welcome, &WelcomePage::firstLessonRequested, this, [this] {
        const QStringList lessons = Lesson::bundledPaths();
        if (!lessons.isEmpty() && maybeSave()) {
            QString error;
            if (!startLesson(lessons.front(), &error))
                QMessageBox::warning(this, tr("Lesson"), error);
        }
    });
    connect(welcome, &WelcomePage::openRequested, this, &MainWindow::open);

    m_centreStack = new QStackedWidget(this);
    m_centreStack->addWidget(welcome);
    m_centreStack->addWidget(m_diagramView);

    auto* centre = new QWidget(this);
    auto* layout = new QVBoxLayout(centre);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_predictPanel = new PredictPanel(m_session, m_lessonPanel, this);
    layout->addWidget(m_lessonPanel);
    layout->addWidget(m_predictPanel);
    layout->addWidget(m_centreStack, 1);
    setCentralWidget(centre);
    connect(m_lessonPanel, &LessonPanel::stepFailed, this, &MainWindow::showLessonError);
}

void MainWindow::createDocks() {
    m_console = new ScriptConsole(m_session, this);
    m_consoleDock = new QDockWidget(tr("Script"), this);
    m_consoleDock->setObjectName(QStringLiteral("consoleDock"));
    m_consoleDock->setWidget(m_console);
    addDockWidget(Qt::BottomDockWidgetArea, m_consoleDock);

    m_variablesView = new QTreeView(this);
    m_variablesView->setObjectName(QStringLiteral("variables"));
    m_variablesView->setModel(m_variables);
    m_variablesView->setRootIsDecorated(true);
    m_variablesView->setUniformRowHeights(true);
    m_variablesView->setAllColumnsShowFocus(true);
    m_variablesView->header()->setStretchLastSection(false);
    m_variablesView->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_variablesDock = new QDockWidget(tr("Variables"), this);
    m_variablesDock->setObjectName(QStringLiteral("variablesDock"));
    m_variablesDock->setWidget(m_variablesView);
    addDockWidget(Qt::LeftDockWidgetArea, m_variablesDock);
    connect(m_variables, &QAbstractItemModel::modelReset, this, &MainWindow::syncVariablesSelection);
    connect(m_variablesView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) {
                if (m_syncing || !current.isValid())
                    return;
                const QString name =
                    current.siblingAtColumn(0).data(VariablesModel::TensorNameRole).toString();
                if (!name.isEmpty())
                    m_session->showName(name);
            });

    m_properties = new PropertiesPanel(this);
    m_propertiesDock = new QDockWidget(tr("Properties"), this);
    m_propertiesDock->setObjectName(QStringLiteral("propertiesDock"));
    m_propertiesDock->setWidget(m_properties);
    // Variables above properties on the left: the diagram keeps the width it needs.
    splitDockWidget(m_variablesDock, m_propertiesDock, Qt::Vertical);

    m_bandwidthDock = new QDockWidget(tr("Bandwidth"), this);
    m_bandwidthDock->setObjectName(QStringLiteral("bandwidthDock"));
    m_bandwidthPanel = new BandwidthPanel(m_bandwidthDock);
    m_bandwidthDock->setWidget(m_bandwidthPanel);
    connect(m_session, &SessionModel::transfersRecorded, m_bandwidthPanel,
            &BandwidthPanel::setSessionTransfers);
    addDockWidget(Qt::BottomDockWidgetArea, m_bandwidthDock);
    tabifyDockWidget(m_consoleDock, m_bandwidthDock);
    m_consoleDock->raise();

    resizeDocks({m_variablesDock}, {400}, Qt::Horizontal);
    resizeDocks({m_variablesDock, m_propertiesDock}, {170, 430}, Qt::Vertical);
    resizeDocks({m_consoleDock}, {200}, Qt::Vertical);
}

void MainWindow::restorePreferences() {
    {
        const QSignalBlocker blockSlider(m_actions->speedSlider());
        m_actions->speedSlider()->setValue(Preferences::traversalSpeed());
    }
    m_traversal->setSpeed(m_actions->speedSlider()->value());
    emit m_actions->speedSlider()->valueChanged(m_actions->speedSlider()->value());
    {
        const QSignalBlocker blockBytes(m_actions->byteModeAction());
        const QSignalBlocker blockIndices(m_actions->storageIndicesAction());
        m_actions->byteModeAction()->setChecked(Preferences::byteMode());
        m_actions->storageIndicesAction()->setChecked(Preferences::showStorageIndices());
    }
    m_console->editor()->setHistory(Preferences::history());
    const QString theme = Preferences::theme();
    {
        const QSignalBlocker blockDark(m_actions->darkAction());
        m_actions->darkAction()->setChecked(AppStyle::isDark(theme));
    }
    setTheme(theme);
    if (!restoreGeometry(Preferences::windowGeometry())) {
        QSize size(1440, 900);
        if (const QScreen* screen = this->screen())
            size = size.boundedTo(screen->availableGeometry().size() * 0.92);
        resize(size);
    }
    restoreState(Preferences::windowState());
    updateZoomLabel();
}

// ---- the session and what shows it -------------------------------------------------------------

// The diagram follows at once; the properties panel (like the variables and the console, which
// coalesce their own refreshes) follows on the next turn of the event loop, after the repaint.
void MainWindow::sessionChanged() {
    rebuildDiagram();
    m_propertiesTimer.start();
    m_actions->updateActions();
    updateTitle();
    updateZoomLabel();
    m_crashRecovery->scheduleAutosave();
}

// ---- crash recovery -----------------------------------------------------------------------------

void MainWindow::syncVariablesSelection() {
    m_syncing = true;
    const auto& shown = m_session->shown();
    for (int row = 0; row < m_variables->rowCount(); ++row)
        m_variablesView->setFirstColumnSpanned(row, QModelIndex(), true);
    m_variablesView->expandAll();
    const QModelIndex index = shown ? m_variables->indexOfName(shown->name) : QModelIndex();
    if (index.isValid()) {
        m_variablesView->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                                      QItemSelectionModel::Rows);
        m_variablesView->scrollTo(index);
    } else {
        m_variablesView->selectionModel()->clearSelection();
    }
    m_syncing = false;
}

void MainWindow::updateZoomLabel() {
    m_zoomLabel->setVisible(m_session->shown().has_value());
    m_zoomLabel->setText(m_diagramView->autoFit()
                             ? tr("%1% (fit)").arg(std::lround(m_diagramView->zoom() * 100))
                             : tr("%1%").arg(std::lround(m_diagramView->zoom() * 100)));
}

// ---- files --------------------------------------------------------------------------------------

// ---- tensors and ops ------------------------------------------------------------------------------

TensorBuilderDialog* MainWindow::createBuilder() {
    auto* dialog = new TensorBuilderDialog(m_session, this);
    dialog->setTheme(diagramTheme().name == u"presentation" ? DiagramTheme::light() : diagramTheme());
    return dialog;
}

void MainWindow::newTensor() {
    TensorBuilderDialog* dialog = createBuilder();
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

OpFormDialog* MainWindow::createOpForm(const QString& opId) {
    const OpSpec* spec = OpCatalog::find(opId);
    const auto& shown = m_session->shown();
    if (!spec || !shown || !OpCatalog::unavailableReason(*spec, shown->tensor).isEmpty())
        return nullptr;
    auto* dialog = new OpFormDialog(m_session, *spec, *shown, this);
    dialog->setTheme(diagramTheme().name == u"presentation" ? DiagramTheme::light() : diagramTheme());
    return dialog;
}

void MainWindow::openOpForm(const QString& opId) {
    OpFormDialog* dialog = createOpForm(opId);
    if (!dialog) {
        const OpSpec* spec = OpCatalog::find(opId);
        const QString reason = spec ? OpCatalog::unavailableReason(
                                          *spec, m_session->shown() ? m_session->shown()->tensor : Tensor())
                                    : QString();
        statusBar()->showMessage(reason, 4000);
        return;
    }
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

// ---- lessons -------------------------------------------------------------------------------------

void MainWindow::predictNext() {
    if (m_lessonPanel->isActive() && m_lessonPanel->position() < m_lessonPanel->stepCount()) {
        if (!m_predictPanel->askLessonStep())
            statusBar()->showMessage(tr("The next step makes no tensor to predict: press F10 to run it."), 4000);
        return;
    }
    const QString typed = m_console->editor()->toPlainText().trimmed();
    if (typed.isEmpty()) {
        statusBar()->showMessage(tr("Type a statement in the console (or start a lesson), then press F9 to "
                                    "predict its result before it runs."),
                                 5000);
        return;
    }
    if (!m_predictPanel->ask(typed)) {
        statusBar()->showMessage(tr("%1 makes no tensor to predict.").arg(typed), 4000);
        return;
    }
    // The console's live preview would give the answer away.
    m_console->editor()->clear();
}

// QMainWindow takes the room of a shrinking window from the docks but gives a growing window's
// room to the centre, so docks squeezed once stayed ~70 px wide. They get a readable width
// back as soon as there is room for it.
void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    QTimer::singleShot(0, this, [this] {
        const int wanted = std::min(400, width() / 4);
        QList<QDockWidget*> docks;
        QList<int> widths;
        for (QDockWidget* dock : {m_variablesDock, m_propertiesDock}) {
            if (dock->isVisible() && !dock->isFloating() && dock->width() < wanted * 3 / 4 &&
                dockWidgetArea(dock) != Qt::BottomDockWidgetArea && dockWidgetArea(dock) != Qt::TopDockWidgetArea) {
                docks << dock;
                widths << wanted;
            }
        }
        if (!docks.isEmpty())
            resizeDocks(docks, widths, Qt::Horizontal);
    });
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.front().isLocalFile() &&
        urls.front().toLocalFile().endsWith(QStringLiteral(".py"), Qt::CaseInsensitive))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.front().isLocalFile())
        return;
    event->acceptProposedAction();
    const QString path = urls.front().toLocalFile();
    // After the drop returns: the drag source must not wait on a message box.
    QTimer::singleShot(0, this, [this, path] {
        if (!maybeSave())
            return;
        QString error;
        if (!openAsLesson(path, &error))
            QMessageBox::critical(this, tr("Open as Lesson"),
                                  tr("%1\n\nThe current session was left as it was.").arg(error));
    });
}

void MainWindow::showLessonError(const QString&, const SessionError& error) {
    m_console->showError(error, error.source);
}

// ---- look ----------------------------------------------------------------------------------------

void MainWindow::showPreferences() {
    PreferencesDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QString languageBefore = Preferences::effectiveLanguage();
    dialog.save();
    setTheme(Preferences::theme());
    if (Preferences::effectiveLanguage() != languageBefore)
        setLanguage(Preferences::effectiveLanguage());
    m_actions->speedSlider()->setValue(Preferences::traversalSpeed());
    m_actions->byteModeAction()->setChecked(Preferences::byteMode());
    m_actions->storageIndicesAction()->setChecked(Preferences::showStorageIndices());
}

void MainWindow::setLanguage(const QString& language) {
    if (auto* application = QCoreApplication::instance())
        installTranslations(*application, language);
    m_actions->lessonsMenu()->rebuild();
    if (m_lessonPanel->isActive()) {
        const QString path = Lesson::counterpart(m_lessonPanel->lesson()->path, currentLanguage());
        if (path != m_lessonPanel->lesson()->path) {
            if (const auto lesson = Lesson::load(path))
                m_lessonPanel->switchTo(*lesson);
        }
    }
    rebuildDiagram(); // the diagram's words
    emit languageChanged(currentLanguage());
}

void MainWindow::takeStateFrom(MainWindow& other) {
    restoreGeometry(other.saveGeometry());
    restoreState(other.isPresentationMode() ? other.m_look->stateBeforePresentation() : other.saveState());
    setTheme(other.theme());
    const bool modified = other.m_session->isModified();
    const auto& lesson = other.m_lessonPanel->lesson();
    if (lesson && other.m_lessonPanel->isPristine()) {
        // Stepped again in this window's language: the script then carries its comments.
        const QString path = Lesson::counterpart(lesson->path, currentLanguage());
        const int position = other.m_lessonPanel->position();
        if (const auto translated = Lesson::load(path)) {
            m_lessonPanel->start(*translated);
            while (m_lessonPanel->position() < position && m_lessonPanel->next()) {
            }
        }
    } else {
        (void)m_session->load(other.m_session->scriptText()); // it ran there, so it runs here
        if (lesson) {
            if (const auto translated = Lesson::load(Lesson::counterpart(lesson->path, currentLanguage())))
                m_lessonPanel->switchTo(*translated);
        }
        if (modified)
            m_session->setModified();
    }
    if (other.m_session->shown() && !other.m_session->shown()->name.isEmpty())
        m_session->showName(other.m_session->shown()->name);
    m_document->setCurrentFile(other.currentFile());
    m_console->editor()->setHistory(other.m_console->editor()->history());
    if (other.isPresentationMode())
        m_actions->presentationAction()->setChecked(true);
    updateTitle();
    // The other window closes without asking or autosaving: this one holds the work now.
    other.m_takenOver = true;
    other.m_crashRecovery->stop();
    if (m_session->isModified())
        autosaveNow();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_takenOver) {
        event->accept();
        return;
    }
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    m_traversal->pause();
    if (isPresentationMode())
        setPresentationMode(false);
    Preferences::setWindowGeometry(saveGeometry(), saveState());
    Preferences::setHistory(m_console->editor()->history());
    // Saved or knowingly discarded: a clean exit leaves no recovery file.
    m_crashRecovery->stop();
    event->accept();
}

} // namespace stridescope::app
