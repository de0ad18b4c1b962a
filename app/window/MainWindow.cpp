#include "app/window/MainWindow.h"

#include "app/bandwidth/BandwidthPanel.h"
#include "app/diagram/DiagramExport.h"
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramWidget.h"
#include "app/diagram/GatheredSource.h"
#include "app/window/AppStyle.h"
#include "app/window/DiagramView.h"
#include "app/window/Lesson.h"
#include "app/window/LessonPanel.h"
#include "app/window/FigureExport.h"
#include "app/window/LessonsMenu.h"
#include "app/window/LogicalIndexOverlay.h"
#include "app/window/OpCatalog.h"
#include "app/window/OpFormDialog.h"
#include "app/window/PredictPanel.h"
#include "app/window/Preferences.h"
#include "app/window/PreferencesDialog.h"
#include "app/window/PropertiesPanel.h"
#include "app/window/ScriptConsole.h"
#include "app/window/ScriptEditor.h"
#include "app/window/SessionModel.h"
#include "app/window/SessionRecovery.h"
#include "app/window/TensorBuilderDialog.h"
#include "app/window/TraversalController.h"
#include "app/window/Translations.h"
#include "app/window/TraversalOverlay.h"
#include "app/window/VariablesModel.h"
#include "core/Device.h"
#include "app/window/WriteOverlay.h"
#include "core/Ops.h"
#include "stridescope_config.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QResizeEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLineEdit>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSaveFile>
#include <QScreen>
#include <QSlider>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QUndoStack>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

// The bundled lessons and icons live in a static library: their initialiser must be called.
static void initStrideScopeResources() { Q_INIT_RESOURCE(resources); }

namespace stridescope::app {

namespace {

QString layoutKey(const std::optional<ShownTensor>& shown) {
    if (!shown)
        return {};
    const Tensor& t = shown->tensor;
    return shown->name + u'|' + tupleText(t.sizes()) + u'|' + tupleText(t.strides()) + u'|' +
           QString::number(t.storageOffset()) + u'|' +
           QString::number(t.storage() ? static_cast<qulonglong>(t.storage()->id()) : 0ULL);
}

struct OpShortcut {
    const char* id;
    QKeySequence key;
};

QKeySequence opShortcut(const QString& id) {
    static const OpShortcut table[] = {
        {"transpose", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_T)},
        {"permute", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_P)},
        {"narrow", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_N)},
        {"view", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_V)},
        {"reshape", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_R)},
        {"slice", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S)},
        {"select", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_E)},
        {"expand", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_X)},
        {"unsqueeze", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_U)},
        {"squeeze", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Q)},
        {"flatten", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_F)},
        {"contiguous", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_G)},
        {"clone", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_L)},
        {"as_strided", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_A)},
    };
    for (const OpShortcut& entry : table)
        if (id == QLatin1String(entry.id))
            return entry.key;
    return {};
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_session(new SessionModel(this)),
      m_variables(new VariablesModel(m_session, this)), m_traversal(new TraversalController(this)),
      m_diagramTheme(DiagramTheme::light()), m_recovery(std::make_unique<SessionRecovery>()) {
    initStrideScopeResources();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/stridescope.svg")));
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    setAcceptDrops(true); // a .py dropped on the window opens as a lesson
    createCentre();
    createDocks();
    createActions();
    createMenus();
    createToolBars();

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
    // Half a second after the last change: typing a burst of statements writes the file once.
    m_autosaveTimer.setSingleShot(true);
    m_autosaveTimer.setInterval(500);
    connect(&m_autosaveTimer, &QTimer::timeout, this, &MainWindow::autosaveNow);
    connect(m_session->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::scheduleAutosave);
    connect(m_traversal, &TraversalController::positionChanged, this, &MainWindow::traversalMoved);
    connect(m_traversal, &TraversalController::playingChanged, this, [this](bool playing) {
        m_playAction->setText(playing ? tr("Pause") : tr("Play"));
        updateIcons();
    });
    connect(diagram(), &DiagramWidget::hoverChanged, this,
            [this](const QString& text) { m_hoverLabel->setText(text); });
    connect(diagram(), &DiagramWidget::focusChanged, this, &MainWindow::focusMoved);
    connect(m_diagramView, &DiagramView::zoomChanged, this, &MainWindow::updateZoomLabel);

    restorePreferences();
    sessionChanged();
    updateTitle();
    updateRecentMenu();
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

QAction* MainWindow::makeAction(const QString& objectName, const QString& text,
                                const QKeySequence& shortcut) {
    auto* action = new QAction(text, this);
    action->setObjectName(objectName);
    if (!shortcut.isEmpty()) {
        action->setShortcut(shortcut);
        action->setToolTip(QStringLiteral("%1 (%2)").arg(QString(text).remove(u'&'),
                                                         shortcut.toString(QKeySequence::NativeText)));
    }
    addAction(action); // shortcuts work even when the action is only in a hidden toolbar
    return action;
}

// ---- construction ----------------------------------------------------------------------------

void MainWindow::createCentre() {
    m_diagramView = new DiagramView(this);
    m_lessonPanel = new LessonPanel(m_session, this);

    auto* welcome = new QWidget(this);
    welcome->setObjectName(QStringLiteral("welcome"));
    auto* title = new QLabel(tr("See how a tensor sits in memory"), welcome);
    QFont titleFont = title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.8);
    titleFont.setBold(true);
    title->setFont(titleFont);
    auto* steps = new QLabel(welcome);
    steps->setTextFormat(Qt::RichText);
    steps->setWordWrap(true);
    steps->setText(
        tr("<ol style=\"line-height:150%\">"
           "<li><b>Build a tensor</b> with the button below, or type "
           "<code>x = torch.arange(24).reshape(2, 3, 4)</code> in the console at the bottom and press "
           "Enter.</li>"
           "<li><b>Apply an op</b> with the buttons above (Transpose, Narrow, View, \u2026) or type PyTorch "
           "code.</li>"
           "<li><b>Read the picture</b>: the storage strip is the memory, the grid is what the tensor shows, "
           "the arrows are the strides. Hover a cell to see its address formula; press Play to walk it.</li>"
           "</ol>"));
    auto* build = new QPushButton(tr("New Tensor\u2026"), welcome);
    build->setObjectName(QStringLiteral("welcomeNewTensor"));
    auto* lesson = new QPushButton(tr("Start Lesson 1"), welcome);
    auto* openButton = new QPushButton(tr("Open a Script\u2026"), welcome);
    QFont buttonFont = build->font();
    buttonFont.setPointSizeF(buttonFont.pointSizeF() * 1.2);
    for (QPushButton* button : {build, lesson, openButton}) {
        button->setFont(buttonFont);
        button->setMinimumHeight(button->sizeHint().height() + 10);
    }
    build->setDefault(true);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(build);
    buttons->addWidget(lesson);
    buttons->addWidget(openButton);
    buttons->addStretch();
    auto* welcomeLayout = new QVBoxLayout(welcome);
    welcomeLayout->setContentsMargins(48, 40, 48, 40);
    welcomeLayout->addWidget(title);
    welcomeLayout->addWidget(steps);
    welcomeLayout->addLayout(buttons);
    welcomeLayout->addStretch();
    connect(build, &QPushButton::clicked, this, &MainWindow::newTensor);
    connect(lesson, &QPushButton::clicked, this, [this] {
        const QStringList lessons = Lesson::bundledPaths();
        if (!lessons.isEmpty() && maybeSave()) {
            QString error;
            if (!startLesson(lessons.front(), &error))
                QMessageBox::warning(this, tr("Lesson"), error);
        }
    });
    connect(openButton, &QPushButton::clicked, this, &MainWindow::open);

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

void MainWindow::createActions() {
    QStyle* s = style();
    QAction* a = makeAction(QStringLiteral("actionNew"), tr("&New Session"), QKeySequence::New);
    a->setIcon(s->standardIcon(QStyle::SP_FileIcon));
    connect(a, &QAction::triggered, this, &MainWindow::newSession);
    a = makeAction(QStringLiteral("actionOpen"), tr("&Open\u2026"), QKeySequence::Open);
    a->setIcon(s->standardIcon(QStyle::SP_DialogOpenButton));
    connect(a, &QAction::triggered, this, &MainWindow::open);
    a = makeAction(QStringLiteral("actionOpenLesson"), tr("Open as &Lesson…"),
                   QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    a->setStatusTip(tr("Step through any commented .py script as a lesson"));
    connect(a, &QAction::triggered, this, &MainWindow::openLessonFile);
    a = makeAction(QStringLiteral("actionSave"), tr("&Save"), QKeySequence::Save);
    a->setIcon(s->standardIcon(QStyle::SP_DialogSaveButton));
    connect(a, &QAction::triggered, this, &MainWindow::save);
    a = makeAction(QStringLiteral("actionSaveAs"), tr("Save &As\u2026"), QKeySequence::SaveAs);
    connect(a, &QAction::triggered, this, &MainWindow::saveAs);
    a = makeAction(QStringLiteral("actionExport"), tr("&Export Diagram\u2026"),
                   QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(a, &QAction::triggered, this, &MainWindow::exportDiagramAs);
    m_tensorActions << a;
    a = makeAction(QStringLiteral("actionCopyDiagram"), tr("Copy &Diagram"),
                   QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(a, &QAction::triggered, this, &MainWindow::copyDiagram);
    m_tensorActions << a;
    a = makeAction(QStringLiteral("actionCopyScript"), tr("Copy Script as &PyTorch"),
                   QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C));
    connect(a, &QAction::triggered, this, &MainWindow::copyScript);
    a = makeAction(QStringLiteral("actionQuit"), tr("&Quit"), QKeySequence::Quit);
    a->setMenuRole(QAction::QuitRole);
    connect(a, &QAction::triggered, this, &QWidget::close);

    // Fixed texts (the stack's own actions would grow "Undo y = x.transpose(0, 1)" in the toolbar);
    // the statement goes into the tooltip.
    QUndoStack* stack = m_session->undoStack();
    QAction* undo = makeAction(QStringLiteral("actionUndo"), tr("&Undo"), QKeySequence::Undo);
    connect(undo, &QAction::triggered, stack, &QUndoStack::undo);
    connect(stack, &QUndoStack::canUndoChanged, undo, &QAction::setEnabled);
    connect(stack, &QUndoStack::undoTextChanged, undo, [undo](const QString& text) {
        undo->setToolTip(text.isEmpty()
                             ? tr("Undo (%1)").arg(undo->shortcut().toString(QKeySequence::NativeText))
                             : tr("Undo \u201c%1\u201d (%2)")
                                   .arg(text, undo->shortcut().toString(QKeySequence::NativeText)));
    });
    undo->setEnabled(stack->canUndo());
    QAction* redo =
        makeAction(QStringLiteral("actionRedo"), tr("&Redo"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    connect(redo, &QAction::triggered, stack, &QUndoStack::redo);
    connect(stack, &QUndoStack::canRedoChanged, redo, &QAction::setEnabled);
    connect(stack, &QUndoStack::redoTextChanged, redo, [redo](const QString& text) {
        redo->setToolTip(text.isEmpty()
                             ? tr("Redo (%1)").arg(redo->shortcut().toString(QKeySequence::NativeText))
                             : tr("Redo \u201c%1\u201d (%2)")
                                   .arg(text, redo->shortcut().toString(QKeySequence::NativeText)));
    });
    redo->setEnabled(stack->canRedo());
    a = makeAction(QStringLiteral("actionPreferences"), tr("Pre&ferences\u2026"),
                   QKeySequence(Qt::CTRL | Qt::Key_Comma));
    a->setMenuRole(QAction::PreferencesRole);
    connect(a, &QAction::triggered, this, &MainWindow::showPreferences);
    a = makeAction(QStringLiteral("actionFocusConsole"), tr("Go to the &Console"),
                   QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(a, &QAction::triggered, this, [this] {
        m_consoleDock->show();
        m_console->editor()->setFocus();
    });

    a = makeAction(QStringLiteral("actionNewTensor"), tr("New &Tensor\u2026"),
                   QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    connect(a, &QAction::triggered, this, &MainWindow::newTensor);
    for (const OpSpec& spec : OpCatalog::all()) {
        QAction* op = makeAction(QStringLiteral("actionOp_") + spec.id,
                                 OpCatalog::label(spec.id) + QStringLiteral("\u2026"), opShortcut(spec.id));
        op->setIconText(spec.id == u"slice" ? QStringLiteral("x[a:b:c]") : spec.id);
        op->setStatusTip(OpCatalog::help(spec.id));
        op->setToolTip(QStringLiteral("<b>%1</b> (%2)<br>%3")
                           .arg(spec.id, op->shortcut().toString(QKeySequence::NativeText),
                                OpCatalog::help(spec.id).toHtmlEscaped()));
        const QString id = spec.id;
        connect(op, &QAction::triggered, this, [this, id] { openOpForm(id); });
        m_opActions << op;
    }

    a = makeAction(QStringLiteral("actionZoomIn"), tr("Zoom &In"), QKeySequence::ZoomIn);
    connect(a, &QAction::triggered, m_diagramView, &DiagramView::zoomIn);
    a = makeAction(QStringLiteral("actionZoomOut"), tr("Zoom &Out"), QKeySequence::ZoomOut);
    connect(a, &QAction::triggered, m_diagramView, &DiagramView::zoomOut);
    a = makeAction(QStringLiteral("actionZoomReset"), tr("&Actual Size"), QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(a, &QAction::triggered, m_diagramView, &DiagramView::resetZoom);
    a = makeAction(QStringLiteral("actionZoomFit"), tr("&Fit to Window"), QKeySequence(Qt::CTRL | Qt::Key_9));
    connect(a, &QAction::triggered, m_diagramView, &DiagramView::fitToWindow);
    m_darkAction = makeAction(QStringLiteral("actionDarkTheme"), tr("&Dark Theme"),
                              QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    m_darkAction->setCheckable(true);
    connect(m_darkAction, &QAction::toggled, this,
            [this](bool dark) { setTheme(dark ? QStringLiteral("dark") : QStringLiteral("light")); });
    m_presentationAction =
        makeAction(QStringLiteral("actionPresentation"), tr("&Presentation Mode"), QKeySequence(Qt::Key_F11));
    m_presentationAction->setCheckable(true);
    connect(m_presentationAction, &QAction::toggled, this, &MainWindow::setPresentationMode);
    m_byteModeAction = makeAction(QStringLiteral("actionByteMode"), tr("Strides in &Bytes Too"));
    m_byteModeAction->setCheckable(true);
    connect(m_byteModeAction, &QAction::toggled, this, [this](bool on) {
        Preferences::setByteMode(on);
        rebuildDiagram();
    });
    m_storageIndicesAction =
        makeAction(QStringLiteral("actionStorageIndices"), tr("Storage &Index in Logical Cells"));
    m_storageIndicesAction->setCheckable(true);
    connect(m_storageIndicesAction, &QAction::toggled, this, [this](bool on) {
        Preferences::setShowStorageIndices(on);
        rebuildDiagram();
    });

    a = makeAction(QStringLiteral("actionLogicalIndices"), tr("&Logical Index on Storage Cells"));
    a->setCheckable(true);
    a->setStatusTip(tr("Label each storage cell with the logical index that reads it"));
    connect(a, &QAction::toggled, this, [this](bool on) { m_diagramView->logicalIndexOverlay()->setOn(on); });
    m_pagingAction = makeAction(QStringLiteral("actionPaging"), tr("Page Through &Outer Dims"),
                                QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    m_pagingAction->setCheckable(true);
    m_pagingAction->setStatusTip(tr("Draw a tensor of 3 or more dims one 2-D block at a time instead of "
                                    "shrinking all of them"));
    connect(m_pagingAction, &QAction::toggled, this, [this] {
        m_page = 0;
        rebuildDiagram();
    });
    a = makeAction(QStringLiteral("actionNameDims"), tr("&Name the Dims\u2026"));
    a->setStatusTip(tr("Give the shown tensor's dims names (N, C, H, W) that the diagram shows with their numbers"));
    connect(a, &QAction::triggered, this, [this] {
        const auto& shown = m_session->shown();
        if (!shown || shown->name.isEmpty()) {
            statusBar()->showMessage(tr("Name the tensor first (y = \u2026): its dims' names go with its name."), 4000);
            return;
        }
        const auto rank = static_cast<qsizetype>(shown->tensor.sizes().size());
        QString current = m_dimNames.value(shown->name).join(QStringLiteral(", "));
        if (current.isEmpty() && rank == 4)
            current = QStringLiteral("N, C, H, W");
        bool ok = false;
        const QString text = QInputDialog::getText(
            this, tr("Name the Dims"),
            tr("Names for the %1 dims of %2, separated by commas (empty: none):").arg(rank).arg(shown->name),
            QLineEdit::Normal, current, &ok);
        if (!ok)
            return;
        QStringList names;
        for (const QString& part : text.split(u',', Qt::SkipEmptyParts))
            names << part.trimmed();
        if (!names.isEmpty() && names.size() != rank) {
            statusBar()->showMessage(tr("%1 has %2 dims: give %2 names.").arg(shown->name).arg(rank), 5000);
            return;
        }
        setDimNames(shown->name, names);
    });
    m_tensorActions << a;
    a = makeAction(QStringLiteral("actionNextPage"), tr("Next Block"), QKeySequence(Qt::CTRL | Qt::Key_PageDown));
    connect(a, &QAction::triggered, this, [this] { turnPage(1); });
    a = makeAction(QStringLiteral("actionPreviousPage"), tr("Previous Block"),
                   QKeySequence(Qt::CTRL | Qt::Key_PageUp));
    connect(a, &QAction::triggered, this, [this] { turnPage(-1); });

    m_playAction = makeAction(QStringLiteral("actionPlay"), tr("Play"), QKeySequence(Qt::Key_F5));
    connect(m_playAction, &QAction::triggered, m_traversal, &TraversalController::togglePlay);
    m_tensorActions << m_playAction;
    a = makeAction(QStringLiteral("actionStep"), tr("Step"), QKeySequence(Qt::Key_F6));
    connect(a, &QAction::triggered, m_traversal, [this] {
        m_traversal->pause();
        m_traversal->stepForward();
    });
    m_tensorActions << a;
    a = makeAction(QStringLiteral("actionStepBack"), tr("Step Back"), QKeySequence(Qt::SHIFT | Qt::Key_F6));
    connect(a, &QAction::triggered, m_traversal, [this] {
        m_traversal->pause();
        m_traversal->stepBack();
    });
    m_tensorActions << a;
    a = makeAction(QStringLiteral("actionRestart"), tr("Restart"), QKeySequence(Qt::SHIFT | Qt::Key_F5));
    connect(a, &QAction::triggered, m_traversal, &TraversalController::restart);
    m_tensorActions << a;
    a = makeAction(QStringLiteral("actionFaster"), tr("Faster"),
                   QKeySequence(Qt::CTRL | Qt::Key_BracketRight));
    connect(a, &QAction::triggered, this, [this] { m_speedSlider->setValue(m_speedSlider->value() * 2); });
    a = makeAction(QStringLiteral("actionSlower"), tr("Slower"),
                   QKeySequence(Qt::CTRL | Qt::Key_BracketLeft));
    connect(a, &QAction::triggered, this,
            [this] { m_speedSlider->setValue(std::max(1, m_speedSlider->value() / 2)); });

    a = makeAction(QStringLiteral("actionQuickStart"), tr("&Quick Start"), QKeySequence::HelpContents);
    connect(a, &QAction::triggered, this, &MainWindow::showQuickStart);
    a = makeAction(QStringLiteral("actionAbout"), tr("&About StrideScope"));
    a->setMenuRole(QAction::AboutRole);
    connect(a, &QAction::triggered, this, &MainWindow::showAbout);
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(findAction(QStringLiteral("actionNew")));
    file->addAction(findAction(QStringLiteral("actionOpen")));
    file->addAction(findAction(QStringLiteral("actionOpenLesson")));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::updateRecentMenu);
    file->addAction(findAction(QStringLiteral("actionSave")));
    file->addAction(findAction(QStringLiteral("actionSaveAs")));
    file->addSeparator();
    file->addAction(findAction(QStringLiteral("actionExport")));
    file->addAction(findAction(QStringLiteral("actionCopyDiagram")));
    file->addAction(findAction(QStringLiteral("actionCopyScript")));
    file->addSeparator();
    file->addAction(findAction(QStringLiteral("actionQuit")));

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(findAction(QStringLiteral("actionUndo")));
    edit->addAction(findAction(QStringLiteral("actionRedo")));
    edit->addSeparator();
    edit->addAction(findAction(QStringLiteral("actionCopyScript")));
    edit->addAction(findAction(QStringLiteral("actionFocusConsole")));
    edit->addSeparator();
    edit->addAction(findAction(QStringLiteral("actionPreferences")));

    QMenu* tensor = menuBar()->addMenu(tr("&Tensor"));
    tensor->addAction(findAction(QStringLiteral("actionNewTensor")));
    tensor->addSeparator();
    for (QAction* op : m_opActions)
        tensor->addAction(op);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(findAction(QStringLiteral("actionZoomIn")));
    view->addAction(findAction(QStringLiteral("actionZoomOut")));
    view->addAction(findAction(QStringLiteral("actionZoomReset")));
    view->addAction(findAction(QStringLiteral("actionZoomFit")));
    view->addSeparator();
    view->addAction(m_byteModeAction);
    view->addAction(m_storageIndicesAction);
    view->addAction(findAction(QStringLiteral("actionLogicalIndices")));
    view->addAction(findAction(QStringLiteral("actionNameDims")));
    view->addAction(m_pagingAction);
    view->addAction(findAction(QStringLiteral("actionNextPage")));
    view->addAction(findAction(QStringLiteral("actionPreviousPage")));
    view->addSeparator();
    view->addAction(m_darkAction);
    view->addAction(m_presentationAction);
    view->addSeparator();
    for (QDockWidget* dock : {m_variablesDock, m_propertiesDock, m_consoleDock, m_bandwidthDock})
        view->addAction(dock->toggleViewAction());

    QMenu* traversal = menuBar()->addMenu(tr("T&raversal"));
    traversal->addAction(m_playAction);
    traversal->addAction(findAction(QStringLiteral("actionStep")));
    traversal->addAction(findAction(QStringLiteral("actionStepBack")));
    traversal->addAction(findAction(QStringLiteral("actionRestart")));
    traversal->addSeparator();
    traversal->addAction(findAction(QStringLiteral("actionFaster")));
    traversal->addAction(findAction(QStringLiteral("actionSlower")));
    traversal->addSeparator();
    connect(traversal->addAction(tr("Export &Animation\u2026")), &QAction::triggered, this, [this] {
        if (m_session->shown())
            exportAnimationInteractively(this, diagram()->model(), m_diagramTheme, m_session->shown()->name);
    });

    m_lessonsMenu = new LessonsMenu(this);
    menuBar()->addMenu(m_lessonsMenu);
    connect(m_lessonsMenu, &LessonsMenu::lessonRequested, this, &MainWindow::requestLesson);
    connect(m_lessonPanel, &LessonPanel::nextLessonRequested, this, &MainWindow::requestLesson);
    connect(m_lessonsMenu->nextAction(), &QAction::triggered, m_lessonPanel, &LessonPanel::next);
    connect(m_lessonsMenu->previousAction(), &QAction::triggered, m_lessonPanel, &LessonPanel::previous);
    addAction(m_lessonsMenu->nextAction());
    addAction(m_lessonsMenu->previousAction());
    m_lessonsMenu->addSeparator();
    connect(m_lessonsMenu->addAction(tr("Export &Handout\u2026")), &QAction::triggered, this,
            [this] { exportHandoutInteractively(this, m_lessonPanel->lesson()); });
    QAction* predict = makeAction(QStringLiteral("actionPredictNext"), tr("Pre&dict, Then Reveal"),
                                  QKeySequence(Qt::Key_F9));
    predict->setStatusTip(tr("Hide the result of the lesson's next step (or of the console's input) and ask "
                             "for its shape, stride, offset and contiguity"));
    connect(predict, &QAction::triggered, this, &MainWindow::predictNext);
    m_lessonsMenu->addAction(predict);
    QMenu* exercises = m_lessonsMenu->addMenu(tr("&Exercises"));
    exercises->setObjectName(QStringLiteral("exercisesMenu"));
    connect(exercises, &QMenu::aboutToShow, this, [this, exercises] { fillExercisesMenu(exercises); });
    fillExercisesMenu(exercises);
    QAction* resetScore = m_lessonsMenu->addAction(tr("Reset the &Score"));
    resetScore->setObjectName(QStringLiteral("actionPredictResetScore"));
    connect(resetScore, &QAction::triggered, m_predictPanel, &PredictPanel::resetScore);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(findAction(QStringLiteral("actionQuickStart")));
    help->addAction(findAction(QStringLiteral("actionAbout")));
}

void MainWindow::createToolBars() {
    QToolBar* ops = addToolBar(tr("Operations"));
    m_toolBars << ops;
    ops->setObjectName(QStringLiteral("opsToolBar"));
    ops->setToolButtonStyle(Qt::ToolButtonTextOnly);
    QAction* newTensor = findAction(QStringLiteral("actionNewTensor"));
    ops->addAction(newTensor);
    if (auto* button = qobject_cast<QToolButton*>(ops->widgetForAction(newTensor))) {
        QFont font = button->font();
        font.setBold(true);
        button->setFont(font);
    }
    ops->addSeparator();
    for (QAction* op : m_opActions)
        ops->addAction(op);
    ops->addSeparator();
    ops->addAction(findAction(QStringLiteral("actionUndo")));
    ops->addAction(findAction(QStringLiteral("actionRedo")));

    addToolBarBreak();
    QToolBar* walk = addToolBar(tr("Traversal"));
    walk->setObjectName(QStringLiteral("traversalToolBar"));
    m_toolBars << walk;
    walk->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    walk->addAction(findAction(QStringLiteral("actionRestart")));
    walk->addAction(findAction(QStringLiteral("actionStepBack")));
    walk->addAction(m_playAction);
    walk->addAction(findAction(QStringLiteral("actionStep")));
    auto* speedLabel = new QLabel(tr("  Speed "), walk);
    walk->addWidget(speedLabel);
    m_speedSlider = new QSlider(Qt::Horizontal, walk);
    m_speedSlider->setObjectName(QStringLiteral("speedSlider"));
    m_speedSlider->setRange(1, 60);
    m_speedSlider->setMaximumWidth(140);
    m_speedSlider->setToolTip(tr("Visits per second"));
    walk->addWidget(m_speedSlider);
    auto* speedValue = new QLabel(walk);
    speedValue->setMinimumWidth(speedValue->fontMetrics().horizontalAdvance(tr("%1/s").arg(60)) + 8);
    walk->addWidget(speedValue);
    connect(m_speedSlider, &QSlider::valueChanged, this, [this, speedValue](int value) {
        m_traversal->setSpeed(value);
        speedValue->setText(tr("%1/s").arg(value));
        Preferences::setTraversalSpeed(value);
    });
    walk->addSeparator();
    walk->addAction(findAction(QStringLiteral("actionZoomOut")));
    walk->addAction(findAction(QStringLiteral("actionZoomIn")));
    walk->addAction(findAction(QStringLiteral("actionZoomFit")));
}

void MainWindow::restorePreferences() {
    {
        const QSignalBlocker blockSlider(m_speedSlider);
        m_speedSlider->setValue(Preferences::traversalSpeed());
    }
    m_traversal->setSpeed(m_speedSlider->value());
    emit m_speedSlider->valueChanged(m_speedSlider->value());
    {
        const QSignalBlocker blockBytes(m_byteModeAction);
        const QSignalBlocker blockIndices(m_storageIndicesAction);
        m_byteModeAction->setChecked(Preferences::byteMode());
        m_storageIndicesAction->setChecked(Preferences::showStorageIndices());
    }
    m_console->editor()->setHistory(Preferences::history());
    const QString theme = Preferences::theme();
    {
        const QSignalBlocker blockDark(m_darkAction);
        m_darkAction->setChecked(AppStyle::isDark(theme));
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
    updateActions();
    updateTitle();
    updateZoomLabel();
    scheduleAutosave();
}

// ---- crash recovery -----------------------------------------------------------------------------

void MainWindow::scheduleAutosave() {
    if (m_session->isModified()) {
        m_autosaveTimer.start();
        return;
    }
    // Saved, discarded or just opened: nothing is at risk, so no recovery file is left behind.
    m_autosaveTimer.stop();
    m_recovery->removeOwn();
}

bool MainWindow::autosaveNow() {
    m_autosaveTimer.stop();
    if (!m_session->isModified())
        return false;
    QString error;
    if (!m_recovery->write(m_session->pythonScript(), m_currentFile, &error)) {
        if (error != m_autosaveError)
            statusBar()->showMessage(tr("Autosave failed: %1").arg(error), 10000);
        m_autosaveError = error;
        return false;
    }
    m_autosaveError.clear();
    return true;
}

bool MainWindow::restoreRecovered(const RecoveredSession& orphan, QString* error) {
    if (const RunResult result = m_session->load(orphan.scriptText, true); !result) {
        if (error)
            *error = tr("line %1: %2").arg(result.error()->line).arg(result.error()->describe());
        return false;
    }
    m_lessonPanel->close();
    m_console->clearError();
    m_currentFile = orphan.originalFile;
    // The restored work is on no disk but the recovery file: it stays unsaved until saved.
    m_session->setModified();
    updateTitle();
    // Only once this window holds the work in its own recovery file does the old one go.
    if (autosaveNow())
        m_recovery->forget(orphan);
    return true;
}

void MainWindow::offerRecovery() {
    const std::vector<RecoveredSession> orphans = m_recovery->claimOrphans();
    for (const RecoveredSession& orphan : orphans) {
        const QString from = orphan.originalFile.isEmpty()
                                 ? tr("an untitled session")
                                 : QDir::toNativeSeparators(orphan.originalFile);
        QMessageBox box(QMessageBox::Warning, tr("Recover Unsaved Work"),
                        tr("StrideScope did not close normally. Unsaved work from %1, autosaved %2, "
                           "was kept.\n\nRestore it?")
                            .arg(from, QLocale().toString(orphan.savedAt, QLocale::ShortFormat)),
                        QMessageBox::NoButton, this);
        box.setObjectName(QStringLiteral("recoveryBox"));
        box.setDetailedText(orphan.scriptText);
        QPushButton* restore = box.addButton(tr("Restore"), QMessageBox::AcceptRole);
        QPushButton* discard = box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
        QPushButton* later = box.addButton(tr("Later"), QMessageBox::RejectRole);
        restore->setObjectName(QStringLiteral("restoreButton"));
        discard->setObjectName(QStringLiteral("discardButton"));
        later->setObjectName(QStringLiteral("laterButton"));
        box.setDefaultButton(restore);
        box.setEscapeButton(later);
        box.exec();
        if (box.clickedButton() == discard) {
            m_recovery->forget(orphan);
            continue;
        }
        if (box.clickedButton() != restore || !maybeSave())
            continue;
        QString error;
        if (restoreRecovered(orphan, &error))
            break; // the others wait for the next start: this window holds one session
        QMessageBox::critical(this, tr("Recover Unsaved Work"),
                              tr("The recovered session does not run (%1). It was kept as %2.")
                                  .arg(error, QDir::toNativeSeparators(orphan.path)));
    }
    m_recovery->releaseClaims();
}

void MainWindow::rebuildDiagram() {
    const auto& shown = m_session->shown();
    if (!shown || !shown->tensor.defined()) {
        m_centreStack->setCurrentIndex(0);
        m_traversal->setTensor({});
        m_bandwidthPanel->clearLayout();
        m_shownKey.clear();
        m_pagedTensor.clear();
        diagram()->setModel({});
        return;
    }
    m_centreStack->setCurrentIndex(1);
    const QString tensorKey = layoutKey(shown);
    const bool newTensor = tensorKey != m_pagedTensor;
    if (newTensor) {
        m_pagedTensor = tensorKey; // another tensor starts at its first block
        m_page = 0;
    }
    const int pages = pageCount();
    if (pages > 0)
        m_page = std::clamp(m_page, 0, pages - 1);
    const QString key = tensorKey + (pages > 0 ? QStringLiteral("|block %1").arg(m_page) : QString());
    const bool sameTensor = key == m_shownKey;
    DiagramOptions options;
    options.byteMode = m_byteModeAction->isChecked();
    options.showStorageIndices = m_storageIndicesAction->isChecked();
    if (sameTensor)
        options.focus = diagram()->focusedIndex();
    options.dimNames = m_dimNames.value(shown->name);
    std::vector<DiagramTensorSpec> others;
    for (const ShownTensor& alias : m_session->aliasesOf(shown->tensor, shown->name))
        others.push_back({alias.name, alias.expression, alias.tensor});
    DiagramTensorSpec primary{shown->name, shown->expression, shown->tensor};
    if (pages > 0) {
        // One 2-D block of the leading dims: x[i, j] as the primary, x itself as a lane.
        Tensor block = shown->tensor;
        Shape leading;
        std::int64_t rest = m_page;
        const auto dims = static_cast<std::int64_t>(shown->tensor.sizes().size());
        for (std::int64_t d = dims - 3; d >= 0; --d) {
            const std::int64_t size = shown->tensor.sizes()[static_cast<std::size_t>(d)];
            leading.insert(leading.begin(), rest % size);
            rest /= size;
        }
        QStringList indices;
        for (std::int64_t index : leading) {
            block = ops::select(block, 0, index);
            indices << QString::number(index);
        }
        const QString base = shown->name.isEmpty() ? QStringLiteral("(%1)").arg(shown->expression) : shown->name;
        const QString name = base + u'[' + indices.join(QStringLiteral(", ")) + u']';
        others.insert(others.begin(), {base, shown->expression, shown->tensor});
        primary = {name, QString(), block};
        if (options.dimNames.size() >= 2)
            options.dimNames = options.dimNames.mid(options.dimNames.size() - 2); // the block's own dims
        m_pageLabel->setText(tr("block %1 of %2 (Ctrl+PgUp / Ctrl+PgDown)").arg(m_page + 1).arg(pages));
    }
    m_pageLabel->setVisible(pages > 0);
    options.gatheredSourceName = gatheredSourceName(primary.tensor, m_session->workspace().tensors());
    DiagramModel model = DiagramModel::build(primary, others, options);
    // A storage that one of this session's copies between devices made: the arrow from its source.
    model.transfer = DiagramTransfer::find(primary.tensor, m_session->workspaceTransfers(),
                                           m_session->workspace().tensors());
    diagram()->setModel(std::move(model));
    m_diagramView->diagramChanged();
    updateWrites();
    if (!sameTensor) {
        m_shownKey = key;
        m_traversal->setTensor(primary.tensor); // the block, when paging: what the grid shows
        if (newTensor)
            m_bandwidthPanel->setTensor(shown->tensor, shown->name.isEmpty() ? shown->expression : shown->name);
    } else if (m_traversal->position() >= 0) {
        traversalMoved(m_traversal->position());
    }
}

// The last statement, when it wrote in place: the elements of the view it wrote through (read
// on a scratch copy, so nothing runs twice). Outlined on whichever alias of that storage is shown.
void MainWindow::updateWrites() {
    WriteOverlay* overlay = m_diagramView->writeOverlay();
    const auto& lines = m_session->lines();
    // Looking at the result (`x`, `x.stride()`) keeps the write in view; any other statement
    // ends it.
    std::optional<QString> target;
    QString statement;
    for (qsizetype i = lines.size() - 1; i >= 0 && !target; --i) {
        const QString code = lines[i].code.trimmed();
        target = writeTarget(code);
        if (target) {
            statement = code;
            break;
        }
        const QString withoutComparisons = QString(code).replace(QStringLiteral("=="), QString())
                                               .replace(QStringLiteral("!="), QString())
                                               .replace(QStringLiteral("<="), QString())
                                               .replace(QStringLiteral(">="), QString());
        if (withoutComparisons.contains(u'=') || code.startsWith(QStringLiteral("import")) ||
            code.startsWith(QStringLiteral("del ")))
            break;
    }
    if (!target) {
        overlay->clear();
        return;
    }
    const SessionModel::Preview view = m_session->preview(*target);
    if (view.error || !view.tensor || !view.tensor->tensor.defined()) {
        overlay->clear();
        return;
    }
    const Tensor& written = view.tensor->tensor;
    overlay->setWrites(written.storage(), storageElementsOf(written), statement);
}

void MainWindow::setDimNames(const QString& tensorName, const QStringList& names) {
    if (names.isEmpty())
        m_dimNames.remove(tensorName);
    else
        m_dimNames.insert(tensorName, names);
    rebuildDiagram();
}

int MainWindow::pageCount() const {
    const auto& shown = m_session->shown();
    if (!m_pagingAction || !m_pagingAction->isChecked() || !shown || !shown->tensor.defined())
        return 0;
    const Shape& sizes = shown->tensor.sizes();
    if (sizes.size() < 3)
        return 0;
    std::int64_t blocks = 1;
    for (std::size_t d = 0; d + 2 < sizes.size(); ++d)
        blocks *= sizes[d];
    // Very many blocks: paging is no help (and an int counts them).
    return blocks > 0 && blocks <= 1 << 20 ? static_cast<int>(blocks) : 0;
}

void MainWindow::setPage(int page) {
    const int pages = pageCount();
    if (pages == 0)
        return;
    m_page = std::clamp(page, 0, pages - 1);
    rebuildDiagram();
}

void MainWindow::turnPage(int delta) {
    const int pages = pageCount();
    if (pages == 0) {
        if (!m_pagingAction->isChecked() && m_session->shown() && m_session->shown()->tensor.sizes().size() >= 3)
            m_pagingAction->setChecked(true);
        return;
    }
    setPage((m_page + delta + pages) % pages);
}

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

void MainWindow::updateActions() {
    const auto& shown = m_session->shown();
    const Tensor tensor = shown ? shown->tensor : Tensor();
    for (QAction* op : m_opActions) {
        const OpSpec* spec = OpCatalog::find(op->objectName().mid(QStringLiteral("actionOp_").size()));
        const QString reason = spec ? OpCatalog::unavailableReason(*spec, tensor) : QString();
        op->setEnabled(reason.isEmpty());
    }
    for (QAction* action : m_tensorActions)
        action->setEnabled(shown.has_value());
}

void MainWindow::updateTitle() {
    const QString file = m_currentFile.isEmpty() ? tr("Untitled") : QFileInfo(m_currentFile).fileName();
    setWindowTitle(tr("%1[*] \u2014 StrideScope").arg(file));
    setWindowModified(m_session->isModified());
}

void MainWindow::updateZoomLabel() {
    m_zoomLabel->setVisible(m_session->shown().has_value());
    m_zoomLabel->setText(m_diagramView->autoFit()
                             ? tr("%1% (fit)").arg(std::lround(m_diagramView->zoom() * 100))
                             : tr("%1%").arg(std::lround(m_diagramView->zoom() * 100)));
}

void MainWindow::traversalMoved(std::int64_t visit) {
    TraversalOverlay* overlay = m_diagramView->overlay();
    if (visit < 0 || !m_session->shown()) {
        overlay->clear();
        m_traversalLabel->clear();
        return;
    }
    const Shape index = m_traversal->indexAt(visit);
    std::vector<std::int64_t> trail;
    for (std::int64_t v = std::max<std::int64_t>(0, visit - 3); v <= visit; ++v)
        trail.push_back(m_traversal->storageAt(v));
    diagram()->setFocusedIndex(index);
    overlay->setVisit(visit, m_traversal->visitCount(), index, trail);
    const QString name =
        m_session->shown()->name.isEmpty() ? QStringLiteral("tensor") : m_session->shown()->name;
    QString text = tr("visit %1 of %2: %3%4 reads storage[%5]")
                       .arg(visit + 1)
                       .arg(m_traversal->visitCount())
                       .arg(name, DiagramModel::indexText(index))
                       .arg(trail.back());
    if (trail.size() >= 2) {
        const std::int64_t jump = trail.back() - trail[trail.size() - 2];
        text += tr(" \u00b7 jump %1")
                    .arg(jump < 0 ? QStringLiteral("\u2212%1").arg(-jump) : QStringLiteral("+%1").arg(jump));
    }
    m_traversalLabel->setText(text);
}

void MainWindow::focusMoved(const Shape& index) {
    if (m_session->shown() && !m_propertiesTimer.isActive())
        m_properties->setFocusText(diagram()->model().formulaFor(index));
}

// ---- files --------------------------------------------------------------------------------------

bool MainWindow::maybeSave() {
    if (!m_session->isModified() || (m_lessonPanel->isActive() && m_lessonPanel->isPristine()))
        return true;
    QMessageBox box(QMessageBox::Warning, tr("Unsaved Changes"),
                    tr("The session has changes that are not saved. Save them?"),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("unsavedChangesBox"));
    box.setDefaultButton(QMessageBox::Save);
    // Our own words, so that the buttons follow the UI language without Qt's translations.
    box.button(QMessageBox::Save)->setText(tr("Save"));
    box.button(QMessageBox::Discard)->setText(tr("Discard"));
    box.button(QMessageBox::Cancel)->setText(tr("Cancel"));
    switch (box.exec()) {
    case QMessageBox::Save:
        return save();
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

void MainWindow::newSession() {
    if (!maybeSave())
        return;
    m_lessonPanel->close();
    m_session->clear();
    m_currentFile.clear();
    m_console->clearError();
    updateTitle();
}

bool MainWindow::openFile(const QString& path, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("Cannot open %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    const QString text = QString::fromUtf8(file.readAll());
    if (const RunResult result = m_session->load(text); !result) {
        if (error) {
            const SessionError& e = *result.error();
            *error = tr("%1, line %2: %3").arg(QFileInfo(path).fileName()).arg(e.line).arg(e.describe());
        }
        return false;
    }
    m_lessonPanel->close();
    m_console->clearError();
    m_currentFile = QFileInfo(path).absoluteFilePath();
    Preferences::addRecentFile(m_currentFile);
    updateTitle();
    return true;
}

bool MainWindow::saveFile(const QString& path, QString* error) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    file.write(m_session->pythonScript().toUtf8());
    if (!file.commit()) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    m_session->setUnmodified();
    m_currentFile = QFileInfo(path).absoluteFilePath();
    Preferences::addRecentFile(m_currentFile);
    updateTitle();
    return true;
}

void MainWindow::open() {
    if (!maybeSave())
        return;
    const QString dir = m_currentFile.isEmpty() ? QString() : QFileInfo(m_currentFile).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Script"), dir,
                                                      tr("PyTorch scripts (*.py);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!openFile(path, &error))
        QMessageBox::critical(this, tr("Open Script"),
                              tr("%1\n\nThe current session was left as it was.").arg(error));
}

bool MainWindow::save() {
    if (m_currentFile.isEmpty())
        return saveAs();
    QString error;
    if (!saveFile(m_currentFile, &error)) {
        QMessageBox::critical(this, tr("Save"), error);
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(m_currentFile)), 3000);
    return true;
}

bool MainWindow::saveAs() {
    QString path = QFileDialog::getSaveFileName(this, tr("Save Script"),
                                                m_currentFile.isEmpty() ? tr("session.py") : m_currentFile,
                                                tr("PyTorch scripts (*.py)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".py");
    QString error;
    if (!saveFile(path, &error)) {
        QMessageBox::critical(this, tr("Save"), error);
        return false;
    }
    return true;
}

void MainWindow::updateRecentMenu() {
    m_recentMenu->clear();
    const QStringList files = Preferences::recentFiles();
    for (const QString& path : files) {
        QAction* action = m_recentMenu->addAction(QFileInfo(path).fileName());
        action->setToolTip(path);
        action->setStatusTip(path);
        connect(action, &QAction::triggered, this, [this, path] {
            if (!maybeSave())
                return;
            QString error;
            if (!openFile(path, &error)) {
                if (!QFileInfo::exists(path))
                    Preferences::removeRecentFile(path);
                QMessageBox::critical(this, tr("Open Script"),
                                      tr("%1\n\nThe current session was left as it was.").arg(error));
            }
        });
    }
    if (files.isEmpty())
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    m_recentMenu->addSeparator();
    connect(m_recentMenu->addAction(tr("Clear Recent Files")), &QAction::triggered, this,
            [] { Preferences::clearRecentFiles(); });
}

bool MainWindow::exportDiagram(const QString& path, QString* error) {
    const auto format = diagramFormatForPath(path);
    if (!format || *format == DiagramFormat::Gif) { // an animation: Traversal → Export Animation
        if (error)
            *error = tr("Choose a file name ending in .png, .svg, .pdf or .tex.");
        return false;
    }
    if (!m_session->shown()) {
        if (error)
            *error = tr("There is no diagram to export yet.");
        return false;
    }
    const QString problem = writeDiagram(path, *format, diagram()->model(), m_diagramTheme,
                                         *format == DiagramFormat::Png ? 2.0 : 1.0);
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return false;
    }
    return true;
}

void MainWindow::exportDiagramAs() {
    const QString name = m_session->shown() && !m_session->shown()->name.isEmpty() ? m_session->shown()->name
                                                                                   : QStringLiteral("diagram");
    const QString path = FigureExportDialog::run(this, diagram()->model(), m_diagramTheme.name, name);
    if (!path.isEmpty())
        statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 3000);
}

void MainWindow::copyDiagram() {
    if (!m_session->shown())
        return;
    const DiagramModel& model = diagram()->model();
    auto* data = new QMimeData;
    data->setImageData(renderDiagramImage(model, m_diagramTheme, std::max(2.0, devicePixelRatioF())));
    data->setData(QStringLiteral("image/svg+xml"), diagramToSvg(model, m_diagramTheme));
    data->setText(model.title);
    QApplication::clipboard()->setMimeData(data);
    statusBar()->showMessage(tr("Diagram copied to the clipboard (image and SVG)."), 3000);
}

void MainWindow::copyScript() {
    QApplication::clipboard()->setText(m_session->pythonScript());
    statusBar()->showMessage(tr("Script copied: paste it into Python with PyTorch installed."), 3000);
}

// ---- tensors and ops ------------------------------------------------------------------------------

TensorBuilderDialog* MainWindow::createBuilder() {
    auto* dialog = new TensorBuilderDialog(m_session, this);
    dialog->setTheme(m_diagramTheme.name == u"presentation" ? DiagramTheme::light() : m_diagramTheme);
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
    dialog->setTheme(m_diagramTheme.name == u"presentation" ? DiagramTheme::light() : m_diagramTheme);
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

bool MainWindow::startLesson(const QString& path, QString* error) {
    const auto lesson = Lesson::load(path, error);
    if (!lesson)
        return false;
    m_currentFile.clear();
    m_console->clearError();
    m_lessonPanel->start(*lesson);
    updateTitle();
    return true;
}

void MainWindow::fillExercisesMenu(QMenu* menu) {
    menu->clear();
    const QList<PredictExercise> all = PredictPanel::exercises();
    for (int i = 0; i < all.size(); ++i) {
        QAction* action = menu->addAction(QStringLiteral("%1. %2").arg(i + 1).arg(all[i].title));
        connect(action, &QAction::triggered, this, [this, i] {
            if (!maybeSave())
                return;
            m_currentFile.clear();
            m_console->clearError();
            m_predictPanel->startExercise(i);
            updateTitle();
        });
    }
}

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

void MainWindow::requestLesson(const QString& path) {
    if (!maybeSave())
        return;
    QString error;
    if (!startLesson(path, &error))
        QMessageBox::warning(this, tr("Lesson"), error);
}

bool MainWindow::openAsLesson(const QString& path, QString* error) {
    const auto lesson = Lesson::load(path, error);
    if (!lesson)
        return false;
    if (lesson->steps.isEmpty()) {
        if (error)
            *error = tr("%1 has no statement to step through.").arg(QFileInfo(path).fileName());
        return false;
    }
    // Every statement must run (or fail where the lesson says it does) before the class sees it.
    SessionModel probe;
    (void)probe.load(QString());
    for (const LessonStep& step : lesson->steps) {
        const RunResult ran = probe.run(step.text, true);
        if (bool(ran) == step.expectsError) {
            if (error)
                *error = step.expectsError ? tr("%1: %2 was marked as failing but runs.")
                                                 .arg(QFileInfo(path).fileName(), step.code)
                                           : tr("%1: %2 fails: %3")
                                                 .arg(QFileInfo(path).fileName(), step.code,
                                                      ran.error() ? ran.error()->describe() : QString());
            return false;
        }
    }
    m_currentFile.clear();
    m_console->clearError();
    m_lessonPanel->start(*lesson);
    Preferences::addRecentFile(QFileInfo(path).absoluteFilePath());
    updateTitle();
    return true;
}

void MainWindow::openLessonFile() {
    if (!maybeSave())
        return;
    const QString dir = m_currentFile.isEmpty() ? QString() : QFileInfo(m_currentFile).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open as Lesson"), dir,
                                                      tr("PyTorch scripts (*.py);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!openAsLesson(path, &error))
        QMessageBox::critical(this, tr("Open as Lesson"),
                              tr("%1\n\nThe current session was left as it was.").arg(error));
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

void MainWindow::updateIcons() {
    const QColor ink = QApplication::palette().color(QPalette::ButtonText);
    using G = AppStyle::Glyph;
    const std::pair<const char*, G> glyphs[] = {
        {"actionStep", G::Step},       {"actionStepBack", G::StepBack}, {"actionRestart", G::Restart},
        {"actionUndo", G::Undo},       {"actionRedo", G::Redo},         {"actionZoomIn", G::ZoomIn},
        {"actionZoomOut", G::ZoomOut}, {"actionZoomFit", G::Fit},
    };
    for (const auto& [name, glyph] : glyphs)
        if (QAction* action = findAction(QString::fromLatin1(name)))
            action->setIcon(AppStyle::icon(glyph, ink));
    m_playAction->setIcon(AppStyle::icon(m_traversal->isPlaying() ? G::Pause : G::Play, ink));
}

void MainWindow::setTheme(const QString& theme) {
    m_theme = AppStyle::isDark(theme) ? QStringLiteral("dark") : QStringLiteral("light");
    Preferences::setTheme(m_theme);
    // Projector mode enlarges the lesson, the console and the diagram, not the menus and docks.
    AppStyle::apply(m_theme, false);
    m_diagramTheme = m_presentation              ? DiagramTheme::presentation()
                     : AppStyle::isDark(m_theme) ? DiagramTheme::dark()
                                                 : DiagramTheme::light();
    diagram()->setTheme(m_diagramTheme);
    m_diagramView->diagramChanged();
    m_properties->setTheme(m_diagramTheme);
    m_console->setDark(AppStyle::isDark(m_theme));
    updateIcons();
    if (m_darkAction->isChecked() != AppStyle::isDark(m_theme)) {
        const QSignalBlocker blocker(m_darkAction);
        m_darkAction->setChecked(AppStyle::isDark(m_theme));
    }
}

void MainWindow::setPresentationMode(bool on) {
    if (on == m_presentation)
        return;
    m_presentation = on;
    if (on) {
        m_wasMaximized = isMaximized();
        m_statusBeforePresentation = saveState();
        // What a lesson needs: its text, the diagram and the console. The rest comes back after.
        for (QDockWidget* dock : {m_variablesDock, m_propertiesDock, m_bandwidthDock})
            dock->hide();
        for (QToolBar* bar : m_toolBars)
            bar->hide();
        m_consoleDock->show();
        m_consoleDock->raise();
        showFullScreen();
    } else {
        if (m_wasMaximized)
            showMaximized();
        else
            showNormal();
        restoreState(m_statusBeforePresentation);
    }
    setTheme(m_theme);
    m_lessonPanel->setPresentation(on);
    m_predictPanel->setPresentation(on);
    m_console->setPresentation(on);
    m_diagramView->setProjector(on);
    if (on) {
        // The diagram is taller than wide (storage strip over the logical grid), so on a
        // landscape screen its height is what limits it: the console goes to the right, full
        // height, and the diagram keeps all the height under the lesson text.
        const QSize room = screen() ? screen()->size() : size();
        if (room.width() > room.height() * 5 / 4) {
            addDockWidget(Qt::RightDockWidgetArea, m_consoleDock);
            resizeDocks({m_consoleDock}, {std::max(320, room.width() * 3 / 10)}, Qt::Horizontal);
        } else {
            resizeDocks({m_consoleDock}, {std::max(150, room.height() / 5)}, Qt::Vertical);
        }
    }
    if (m_presentationAction->isChecked() != on) {
        const QSignalBlocker blocker(m_presentationAction);
        m_presentationAction->setChecked(on);
    }
    m_diagramView->fitToWindow();
}

void MainWindow::showPreferences() {
    PreferencesDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QString languageBefore = Preferences::effectiveLanguage();
    dialog.save();
    setTheme(Preferences::theme());
    if (Preferences::effectiveLanguage() != languageBefore)
        setLanguage(Preferences::effectiveLanguage());
    m_speedSlider->setValue(Preferences::traversalSpeed());
    m_byteModeAction->setChecked(Preferences::byteMode());
    m_storageIndicesAction->setChecked(Preferences::showStorageIndices());
}

void MainWindow::showQuickStart() {
    QMessageBox::information(
        this, tr("Quick Start"),
        tr("<p><b>1.</b> Tensor \u2192 New Tensor\u2026 (Ctrl+Shift+N) builds <code>x = "
           "torch.arange(24).reshape(2, 3, 4)</code>.</p>"
           "<p><b>2.</b> The buttons Transpose, Narrow, View, \u2026 open a form with a live preview; Apply "
           "adds the line "
           "of code to the script. Or type PyTorch in the console (Ctrl+L) and press Enter.</p>"
           "<p><b>3.</b> In the diagram the strip is the storage (memory), the grid the logical view, the "
           "arrows the strides. "
           "Hover a cell to see <code>offset + i0\u00b7s0 + \u2026 = address</code>; click to move the "
           "arrows; "
           "F5 plays the traversal in logical order.</p>"
           "<p><b>4.</b> Ctrl+Z / Ctrl+Shift+Z step through the script; Lessons teaches the ideas one "
           "statement at a time (F10).</p>"));
}

void MainWindow::showAbout() {
    QMessageBox::about(
        this, tr("About StrideScope"),
        tr("<p><b>StrideScope %1</b></p><p>Shows how a PyTorch tensor sits in memory: storage, strides, "
           "offset, views and copies, with PyTorch's own rules and error messages.</p>")
            .arg(QStringLiteral(STRIDESCOPE_VERSION)));
}

void MainWindow::setLanguage(const QString& language) {
    if (auto* application = QCoreApplication::instance())
        installTranslations(*application, language);
    m_lessonsMenu->rebuild();
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
    restoreState(other.m_presentation ? other.m_statusBeforePresentation : other.saveState());
    setTheme(other.m_theme);
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
    m_currentFile = other.m_currentFile;
    m_console->editor()->setHistory(other.m_console->editor()->history());
    if (other.m_presentation)
        m_presentationAction->setChecked(true);
    updateTitle();
    // The other window closes without asking or autosaving: this one holds the work now.
    other.m_takenOver = true;
    other.m_autosaveTimer.stop();
    other.m_recovery->removeOwn();
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
    if (m_presentation)
        setPresentationMode(false);
    Preferences::setWindowGeometry(saveGeometry(), saveState());
    Preferences::setHistory(m_console->editor()->history());
    // Saved or knowingly discarded: a clean exit leaves no recovery file.
    m_autosaveTimer.stop();
    m_recovery->removeOwn();
    event->accept();
}

} // namespace stridescope::app
