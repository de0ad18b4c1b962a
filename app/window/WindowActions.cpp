#include "app/window/WindowActions.h"

#include "app/diagram/DiagramWidget.h"
#include "app/window/AppStyle.h"
#include "app/window/DiagramPresenter.h"
#include "app/window/DiagramView.h"
#include "app/window/DocumentController.h"
#include "app/window/FigureExport.h"
#include "app/window/LessonPanel.h"
#include "app/window/LessonsMenu.h"
#include "app/window/LogicalIndexOverlay.h"
#include "app/window/MainWindow.h"
#include "app/window/OpCatalog.h"
#include "app/window/PredictPanel.h"
#include "app/window/Preferences.h"
#include "app/window/ScriptConsole.h"
#include "app/window/ScriptEditor.h"
#include "app/window/SessionModel.h"
#include "app/window/TraversalController.h"
#include "stridescope_config.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QSlider>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>

#include <algorithm>

namespace stridescope::app {

WindowActions::WindowActions(MainWindow& window) : QObject(&window), m_window(window) {}

QAction* WindowActions::makeAction(const QString& objectName, const QString& text,
                                   const QKeySequence& shortcut) {
    auto* action = new QAction(text, &m_window);
    action->setObjectName(objectName);
    if (!shortcut.isEmpty()) {
        action->setShortcut(shortcut);
        action->setToolTip(QStringLiteral("%1 (%2)").arg(QString(text).remove(u'&'),
                                                         shortcut.toString(QKeySequence::NativeText)));
    }
    m_window.addAction(action); // shortcuts work even when the action is only in a hidden toolbar
    return action;
}

void WindowActions::createActions() {
    QStyle* s = m_window.style();
    QAction* a = makeAction(QStringLiteral("actionNew"), tr("&New Session"), QKeySequence::New);
    a->setIcon(s->standardIcon(QStyle::SP_FileIcon));
    connect(a, &QAction::triggered, &m_window, &MainWindow::newSession);
    a = makeAction(QStringLiteral("actionOpen"), tr("&Open\u2026"), QKeySequence::Open);
    a->setIcon(s->standardIcon(QStyle::SP_DialogOpenButton));
    connect(a, &QAction::triggered, &m_window, &MainWindow::open);
    a = makeAction(QStringLiteral("actionOpenLesson"), tr("Open as &Lesson…"),
                   QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    a->setStatusTip(tr("Step through any commented .py script as a lesson"));
    connect(a, &QAction::triggered, &m_window, &MainWindow::openLessonFile);
    a = makeAction(QStringLiteral("actionSave"), tr("&Save"), QKeySequence::Save);
    a->setIcon(s->standardIcon(QStyle::SP_DialogSaveButton));
    connect(a, &QAction::triggered, &m_window, &MainWindow::save);
    a = makeAction(QStringLiteral("actionSaveAs"), tr("Save &As\u2026"), QKeySequence::SaveAs);
    connect(a, &QAction::triggered, &m_window, &MainWindow::saveAs);
    a = makeAction(QStringLiteral("actionExport"), tr("&Export Diagram\u2026"),
                   QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(a, &QAction::triggered, &m_window, &MainWindow::exportDiagramAs);
    m_tensorActions << a;
    a = makeAction(QStringLiteral("actionCopyDiagram"), tr("Copy &Diagram"),
                   QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(a, &QAction::triggered, &m_window, &MainWindow::copyDiagram);
    m_tensorActions << a;
    a = makeAction(QStringLiteral("actionCopyScript"), tr("Copy Script as &PyTorch"),
                   QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C));
    connect(a, &QAction::triggered, &m_window, &MainWindow::copyScript);
    a = makeAction(QStringLiteral("actionQuit"), tr("&Quit"), QKeySequence::Quit);
    a->setMenuRole(QAction::QuitRole);
    connect(a, &QAction::triggered, &m_window, &QWidget::close);

    // Fixed texts (the stack's own actions would grow "Undo y = x.transpose(0, 1)" in the toolbar);
    // the statement goes into the tooltip.
    QUndoStack* stack = m_window.m_session->undoStack();
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
    connect(a, &QAction::triggered, &m_window, &MainWindow::showPreferences);
    a = makeAction(QStringLiteral("actionFocusConsole"), tr("Go to the &Console"),
                   QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(a, &QAction::triggered, this, [this] {
        m_window.m_consoleDock->show();
        m_window.m_console->editor()->setFocus();
    });

    a = makeAction(QStringLiteral("actionNewTensor"), tr("New &Tensor\u2026"),
                   QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    connect(a, &QAction::triggered, &m_window, &MainWindow::newTensor);
    for (const OpSpec& spec : OpCatalog::all()) {
        QAction* op = makeAction(QStringLiteral("actionOp_") + spec.id,
                                 OpCatalog::label(spec.id) + QStringLiteral("\u2026"), spec.shortcut);
        op->setIconText(spec.iconText.isEmpty() ? spec.id : spec.iconText);
        op->setStatusTip(OpCatalog::help(spec.id));
        // The shortcut in brackets after the name only where the op has one.
        const QString shortcutText = op->shortcut().toString(QKeySequence::NativeText);
        op->setToolTip(
            QStringLiteral("<b>%1</b>%2<br>%3")
                .arg(spec.id, shortcutText.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(shortcutText),
                     OpCatalog::help(spec.id).toHtmlEscaped()));
        const QString id = spec.id;
        connect(op, &QAction::triggered, this, [this, id] { m_window.openOpForm(id); });
        m_opActions << op;
    }

    a = makeAction(QStringLiteral("actionZoomIn"), tr("Zoom &In"), QKeySequence::ZoomIn);
    connect(a, &QAction::triggered, m_window.m_diagramView, &DiagramView::zoomIn);
    a = makeAction(QStringLiteral("actionZoomOut"), tr("Zoom &Out"), QKeySequence::ZoomOut);
    connect(a, &QAction::triggered, m_window.m_diagramView, &DiagramView::zoomOut);
    a = makeAction(QStringLiteral("actionZoomReset"), tr("&Actual Size"), QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(a, &QAction::triggered, m_window.m_diagramView, &DiagramView::resetZoom);
    a = makeAction(QStringLiteral("actionZoomFit"), tr("&Fit to Window"), QKeySequence(Qt::CTRL | Qt::Key_9));
    connect(a, &QAction::triggered, m_window.m_diagramView, &DiagramView::fitToWindow);
    m_darkAction = makeAction(QStringLiteral("actionDarkTheme"), tr("&Dark Theme"),
                              QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    m_darkAction->setCheckable(true);
    connect(m_darkAction, &QAction::toggled, this, [this](bool dark) {
        m_window.setTheme(dark ? QStringLiteral("dark") : QStringLiteral("light"));
    });
    m_presentationAction =
        makeAction(QStringLiteral("actionPresentation"), tr("&Presentation Mode"), QKeySequence(Qt::Key_F11));
    m_presentationAction->setCheckable(true);
    connect(m_presentationAction, &QAction::toggled, &m_window, &MainWindow::setPresentationMode);
    m_byteModeAction = makeAction(QStringLiteral("actionByteMode"), tr("Strides in &Bytes Too"));
    m_byteModeAction->setCheckable(true);
    connect(m_byteModeAction, &QAction::toggled, this, [this](bool on) {
        Preferences::setByteMode(on);
        m_window.rebuildDiagram();
    });
    m_storageIndicesAction =
        makeAction(QStringLiteral("actionStorageIndices"), tr("Storage &Index in Logical Cells"));
    m_storageIndicesAction->setCheckable(true);
    connect(m_storageIndicesAction, &QAction::toggled, this, [this](bool on) {
        Preferences::setShowStorageIndices(on);
        m_window.rebuildDiagram();
    });

    a = makeAction(QStringLiteral("actionLogicalIndices"), tr("&Logical Index on Storage Cells"));
    a->setCheckable(true);
    a->setStatusTip(tr("Label each storage cell with the logical index that reads it"));
    connect(a, &QAction::toggled, this,
            [this](bool on) { m_window.m_diagramView->logicalIndexOverlay()->setOn(on); });
    m_pagingAction = makeAction(QStringLiteral("actionPaging"), tr("Page Through &Outer Dims"),
                                QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    m_pagingAction->setCheckable(true);
    m_pagingAction->setStatusTip(tr("Draw a tensor of 3 or more dims one 2-D block at a time instead of "
                                    "shrinking all of them"));
    connect(m_pagingAction, &QAction::toggled, this, [this] { m_window.m_presenter->resetPage(); });
    a = makeAction(QStringLiteral("actionNameDims"), tr("&Name the Dims\u2026"));
    a->setStatusTip(
        tr("Give the shown tensor's dims names (N, C, H, W) that the diagram shows with their numbers"));
    connect(a, &QAction::triggered, this, [this] {
        const auto& shown = m_window.m_session->shown();
        if (!shown || shown->name.isEmpty()) {
            m_window.statusBar()->showMessage(
                tr("Name the tensor first (y = \u2026): its dims' names go with its name."), 4000);
            return;
        }
        const auto rank = static_cast<qsizetype>(shown->tensor.sizes().size());
        QString current = m_window.m_presenter->dimNames(shown->name).join(QStringLiteral(", "));
        if (current.isEmpty() && rank == 4)
            current = QStringLiteral("N, C, H, W");
        bool ok = false;
        const QString text = QInputDialog::getText(
            &m_window, tr("Name the Dims"),
            tr("Names for the %1 dims of %2, separated by commas (empty: none):").arg(rank).arg(shown->name),
            QLineEdit::Normal, current, &ok);
        if (!ok)
            return;
        QStringList names;
        for (const QString& part : text.split(u',', Qt::SkipEmptyParts))
            names << part.trimmed();
        if (!names.isEmpty() && names.size() != rank) {
            m_window.statusBar()->showMessage(tr("%1 has %2 dims: give %2 names.").arg(shown->name).arg(rank),
                                              5000);
            return;
        }
        m_window.setDimNames(shown->name, names);
    });
    m_tensorActions << a;
    a = makeAction(QStringLiteral("actionNextPage"), tr("Next Block"),
                   QKeySequence(Qt::CTRL | Qt::Key_PageDown));
    connect(a, &QAction::triggered, this, [this] { m_window.turnPage(1); });
    a = makeAction(QStringLiteral("actionPreviousPage"), tr("Previous Block"),
                   QKeySequence(Qt::CTRL | Qt::Key_PageUp));
    connect(a, &QAction::triggered, this, [this] { m_window.turnPage(-1); });

    m_playAction = makeAction(QStringLiteral("actionPlay"), tr("Play"), QKeySequence(Qt::Key_F5));
    connect(m_playAction, &QAction::triggered, m_window.m_traversal, &TraversalController::togglePlay);
    m_tensorActions << m_playAction;
    a = makeAction(QStringLiteral("actionStep"), tr("Step"), QKeySequence(Qt::Key_F6));
    connect(a, &QAction::triggered, m_window.m_traversal, [this] {
        m_window.m_traversal->pause();
        m_window.m_traversal->stepForward();
    });
    m_tensorActions << a;
    a = makeAction(QStringLiteral("actionStepBack"), tr("Step Back"), QKeySequence(Qt::SHIFT | Qt::Key_F6));
    connect(a, &QAction::triggered, m_window.m_traversal, [this] {
        m_window.m_traversal->pause();
        m_window.m_traversal->stepBack();
    });
    m_tensorActions << a;
    a = makeAction(QStringLiteral("actionRestart"), tr("Restart"), QKeySequence(Qt::SHIFT | Qt::Key_F5));
    connect(a, &QAction::triggered, m_window.m_traversal, &TraversalController::restart);
    m_tensorActions << a;
    a = makeAction(QStringLiteral("actionFaster"), tr("Faster"),
                   QKeySequence(Qt::CTRL | Qt::Key_BracketRight));
    connect(a, &QAction::triggered, this, [this] { m_speedSlider->setValue(m_speedSlider->value() * 2); });
    a = makeAction(QStringLiteral("actionSlower"), tr("Slower"),
                   QKeySequence(Qt::CTRL | Qt::Key_BracketLeft));
    connect(a, &QAction::triggered, this,
            [this] { m_speedSlider->setValue(std::max(1, m_speedSlider->value() / 2)); });

    a = makeAction(QStringLiteral("actionQuickStart"), tr("&Quick Start"), QKeySequence::HelpContents);
    connect(a, &QAction::triggered, this, &WindowActions::showQuickStart);
    a = makeAction(QStringLiteral("actionAbout"), tr("&About StrideScope"));
    a->setMenuRole(QAction::AboutRole);
    connect(a, &QAction::triggered, this, &WindowActions::showAbout);
}

void WindowActions::createMenus() {
    QMenu* file = m_window.menuBar()->addMenu(tr("&File"));
    file->addAction(m_window.findAction(QStringLiteral("actionNew")));
    file->addAction(m_window.findAction(QStringLiteral("actionOpen")));
    file->addAction(m_window.findAction(QStringLiteral("actionOpenLesson")));
    QMenu* recent = file->addMenu(tr("Open &Recent"));
    recent->setObjectName(QStringLiteral("recentMenu"));
    m_window.m_document->setRecentMenu(recent);
    file->addAction(m_window.findAction(QStringLiteral("actionSave")));
    file->addAction(m_window.findAction(QStringLiteral("actionSaveAs")));
    file->addSeparator();
    file->addAction(m_window.findAction(QStringLiteral("actionExport")));
    file->addAction(m_window.findAction(QStringLiteral("actionCopyDiagram")));
    file->addAction(m_window.findAction(QStringLiteral("actionCopyScript")));
    file->addSeparator();
    file->addAction(m_window.findAction(QStringLiteral("actionQuit")));

    QMenu* edit = m_window.menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_window.findAction(QStringLiteral("actionUndo")));
    edit->addAction(m_window.findAction(QStringLiteral("actionRedo")));
    edit->addSeparator();
    edit->addAction(m_window.findAction(QStringLiteral("actionCopyScript")));
    edit->addAction(m_window.findAction(QStringLiteral("actionFocusConsole")));
    edit->addSeparator();
    edit->addAction(m_window.findAction(QStringLiteral("actionPreferences")));

    QMenu* tensor = m_window.menuBar()->addMenu(tr("&Tensor"));
    tensor->addAction(m_window.findAction(QStringLiteral("actionNewTensor")));
    tensor->addSeparator();
    for (QAction* op : m_opActions)
        tensor->addAction(op);

    QMenu* view = m_window.menuBar()->addMenu(tr("&View"));
    view->addAction(m_window.findAction(QStringLiteral("actionZoomIn")));
    view->addAction(m_window.findAction(QStringLiteral("actionZoomOut")));
    view->addAction(m_window.findAction(QStringLiteral("actionZoomReset")));
    view->addAction(m_window.findAction(QStringLiteral("actionZoomFit")));
    view->addSeparator();
    view->addAction(m_byteModeAction);
    view->addAction(m_storageIndicesAction);
    view->addAction(m_window.findAction(QStringLiteral("actionLogicalIndices")));
    view->addAction(m_window.findAction(QStringLiteral("actionNameDims")));
    view->addAction(m_pagingAction);
    view->addAction(m_window.findAction(QStringLiteral("actionNextPage")));
    view->addAction(m_window.findAction(QStringLiteral("actionPreviousPage")));
    view->addSeparator();
    view->addAction(m_darkAction);
    view->addAction(m_presentationAction);
    view->addSeparator();
    for (QDockWidget* dock : {m_window.m_variablesDock, m_window.m_propertiesDock, m_window.m_consoleDock,
                              m_window.m_bandwidthDock})
        view->addAction(dock->toggleViewAction());

    QMenu* traversal = m_window.menuBar()->addMenu(tr("T&raversal"));
    traversal->addAction(m_playAction);
    traversal->addAction(m_window.findAction(QStringLiteral("actionStep")));
    traversal->addAction(m_window.findAction(QStringLiteral("actionStepBack")));
    traversal->addAction(m_window.findAction(QStringLiteral("actionRestart")));
    traversal->addSeparator();
    traversal->addAction(m_window.findAction(QStringLiteral("actionFaster")));
    traversal->addAction(m_window.findAction(QStringLiteral("actionSlower")));
    traversal->addSeparator();
    connect(traversal->addAction(tr("Export &Animation\u2026")), &QAction::triggered, this, [this] {
        if (m_window.m_session->shown())
            exportAnimationInteractively(&m_window, m_window.diagram()->model(), m_window.diagramTheme(),
                                         m_window.m_session->shown()->name);
    });

    m_lessonsMenu = new LessonsMenu(&m_window);
    m_window.menuBar()->addMenu(m_lessonsMenu);
    connect(m_lessonsMenu, &LessonsMenu::lessonRequested, m_window.m_document,
            &DocumentController::requestLesson);
    connect(m_window.m_lessonPanel, &LessonPanel::nextLessonRequested, m_window.m_document,
            &DocumentController::requestLesson);
    connect(m_lessonsMenu->nextAction(), &QAction::triggered, m_window.m_lessonPanel, &LessonPanel::next);
    connect(m_lessonsMenu->previousAction(), &QAction::triggered, m_window.m_lessonPanel,
            &LessonPanel::previous);
    m_window.addAction(m_lessonsMenu->nextAction());
    m_window.addAction(m_lessonsMenu->previousAction());
    m_lessonsMenu->addSeparator();
    connect(m_lessonsMenu->addAction(tr("Export &Handout\u2026")), &QAction::triggered, this,
            [this] { exportHandoutInteractively(&m_window, m_window.m_lessonPanel->lesson()); });
    QAction* predict = makeAction(QStringLiteral("actionPredictNext"), tr("Pre&dict, Then Reveal"),
                                  QKeySequence(Qt::Key_F9));
    predict->setStatusTip(tr("Hide the result of the lesson's next step (or of the console's input) and ask "
                             "for its shape, stride, offset and contiguity"));
    connect(predict, &QAction::triggered, &m_window, &MainWindow::predictNext);
    m_lessonsMenu->addAction(predict);
    QMenu* exercises = m_lessonsMenu->addMenu(tr("&Exercises"));
    exercises->setObjectName(QStringLiteral("exercisesMenu"));
    connect(exercises, &QMenu::aboutToShow, this, [this, exercises] { fillExercisesMenu(exercises); });
    fillExercisesMenu(exercises);
    QAction* resetScore = m_lessonsMenu->addAction(tr("Reset the &Score"));
    resetScore->setObjectName(QStringLiteral("actionPredictResetScore"));
    connect(resetScore, &QAction::triggered, m_window.m_predictPanel, &PredictPanel::resetScore);

    QMenu* help = m_window.menuBar()->addMenu(tr("&Help"));
    help->addAction(m_window.findAction(QStringLiteral("actionQuickStart")));
    help->addAction(m_window.findAction(QStringLiteral("actionAbout")));
}

void WindowActions::createToolBars() {
    QToolBar* ops = m_window.addToolBar(tr("Operations"));
    m_toolBars << ops;
    ops->setObjectName(QStringLiteral("opsToolBar"));
    ops->setToolButtonStyle(Qt::ToolButtonTextOnly);
    QAction* newTensor = m_window.findAction(QStringLiteral("actionNewTensor"));
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
    ops->addAction(m_window.findAction(QStringLiteral("actionUndo")));
    ops->addAction(m_window.findAction(QStringLiteral("actionRedo")));

    m_window.addToolBarBreak();
    QToolBar* walk = m_window.addToolBar(tr("Traversal"));
    walk->setObjectName(QStringLiteral("traversalToolBar"));
    m_toolBars << walk;
    walk->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    walk->addAction(m_window.findAction(QStringLiteral("actionRestart")));
    walk->addAction(m_window.findAction(QStringLiteral("actionStepBack")));
    walk->addAction(m_playAction);
    walk->addAction(m_window.findAction(QStringLiteral("actionStep")));
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
        m_window.m_traversal->setSpeed(value);
        speedValue->setText(tr("%1/s").arg(value));
        Preferences::setTraversalSpeed(value);
    });
    walk->addSeparator();
    walk->addAction(m_window.findAction(QStringLiteral("actionZoomOut")));
    walk->addAction(m_window.findAction(QStringLiteral("actionZoomIn")));
    walk->addAction(m_window.findAction(QStringLiteral("actionZoomFit")));
}

void WindowActions::updateActions() {
    const auto& shown = m_window.m_session->shown();
    const Tensor tensor = shown ? shown->tensor : Tensor();
    for (QAction* op : m_opActions) {
        const OpSpec* spec = OpCatalog::find(op->objectName().mid(QStringLiteral("actionOp_").size()));
        const QString reason = spec ? OpCatalog::unavailableReason(*spec, tensor) : QString();
        op->setEnabled(reason.isEmpty());
    }
    for (QAction* action : m_tensorActions)
        action->setEnabled(shown.has_value());
}

void WindowActions::fillExercisesMenu(QMenu* menu) {
    menu->clear();
    const QList<PredictExercise> all = PredictPanel::exercises();
    for (int i = 0; i < all.size(); ++i) {
        QAction* action = menu->addAction(QStringLiteral("%1. %2").arg(i + 1).arg(all[i].title));
        connect(action, &QAction::triggered, this, [this, i] {
            if (!m_window.maybeSave())
                return;
            m_window.m_document->setCurrentFile({});
            m_window.m_console->clearError();
            m_window.m_predictPanel->startExercise(i);
            m_window.updateTitle();
        });
    }
}

void WindowActions::updateIcons() {
    const QColor ink = QApplication::palette().color(QPalette::ButtonText);
    using G = AppStyle::Glyph;
    const std::pair<const char*, G> glyphs[] = {
        {"actionStep", G::Step},       {"actionStepBack", G::StepBack}, {"actionRestart", G::Restart},
        {"actionUndo", G::Undo},       {"actionRedo", G::Redo},         {"actionZoomIn", G::ZoomIn},
        {"actionZoomOut", G::ZoomOut}, {"actionZoomFit", G::Fit},
    };
    for (const auto& [name, glyph] : glyphs)
        if (QAction* action = m_window.findAction(QString::fromLatin1(name)))
            action->setIcon(AppStyle::icon(glyph, ink));
    m_playAction->setIcon(AppStyle::icon(m_window.m_traversal->isPlaying() ? G::Pause : G::Play, ink));
}

void WindowActions::showQuickStart() {
    QMessageBox::information(
        &m_window, tr("Quick Start"),
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

void WindowActions::showAbout() {
    QMessageBox::about(
        &m_window, tr("About StrideScope"),
        tr("<p><b>StrideScope %1</b></p><p>Shows how a PyTorch tensor sits in memory: storage, strides, "
           "offset, views and copies, with PyTorch's own rules and error messages.</p>")
            .arg(QStringLiteral(STRIDESCOPE_VERSION)));
}

} // namespace stridescope::app
