#include "app/window/DocumentController.h"

#include "app/diagram/DiagramExport.h"
#include "app/diagram/DiagramWidget.h"
#include "app/window/FigureExport.h"
#include "app/window/Lesson.h"
#include "app/window/LessonPanel.h"
#include "app/window/MainWindow.h"
#include "app/window/Preferences.h"
#include "app/window/ScriptConsole.h"
#include "app/window/SessionModel.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSaveFile>
#include <QStatusBar>

#include <algorithm>

namespace stridescope::app {

DocumentController::DocumentController(MainWindow& window) : QObject(&window), m_window(window) {}

void DocumentController::setRecentMenu(QMenu* menu) {
    m_recentMenu = menu;
    connect(m_recentMenu, &QMenu::aboutToShow, this, &DocumentController::updateRecentMenu);
}

void DocumentController::updateTitle() {
    const QString file = m_currentFile.isEmpty() ? tr("Untitled") : QFileInfo(m_currentFile).fileName();
    m_window.setWindowTitle(tr("%1[*] \u2014 StrideScope").arg(file));
    m_window.setWindowModified(m_window.m_session->isModified());
}

bool DocumentController::maybeSave() {
    if (!m_window.m_session->isModified() ||
        (m_window.m_lessonPanel->isActive() && m_window.m_lessonPanel->isPristine()))
        return true;
    QMessageBox box(QMessageBox::Warning, tr("Unsaved Changes"),
                    tr("The session has changes that are not saved. Save them?"),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, &m_window);
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

void DocumentController::newSession() {
    if (!maybeSave())
        return;
    m_window.m_lessonPanel->close();
    m_window.m_session->clear();
    m_currentFile.clear();
    m_window.m_console->clearError();
    updateTitle();
}

bool DocumentController::openFile(const QString& path, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("Cannot open %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    const QString text = QString::fromUtf8(file.readAll());
    if (const RunResult result = m_window.m_session->load(text); !result) {
        if (error) {
            const SessionError& e = *result.error();
            *error = tr("%1, line %2: %3").arg(QFileInfo(path).fileName()).arg(e.line).arg(e.describe());
        }
        return false;
    }
    m_window.m_lessonPanel->close();
    m_window.m_console->clearError();
    m_currentFile = QFileInfo(path).absoluteFilePath();
    Preferences::addRecentFile(m_currentFile);
    updateTitle();
    return true;
}

bool DocumentController::saveFile(const QString& path, QString* error) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    file.write(m_window.m_session->pythonScript().toUtf8());
    if (!file.commit()) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    m_window.m_session->setUnmodified();
    m_currentFile = QFileInfo(path).absoluteFilePath();
    Preferences::addRecentFile(m_currentFile);
    updateTitle();
    return true;
}

QString DocumentController::askForScript(const QString& title) {
    if (!maybeSave())
        return {};
    const QString dir = m_currentFile.isEmpty() ? QString() : QFileInfo(m_currentFile).absolutePath();
    return QFileDialog::getOpenFileName(&m_window, title, dir, tr("PyTorch scripts (*.py);;All files (*)"));
}

void DocumentController::open() {
    const QString path = askForScript(tr("Open Script"));
    QString error;
    if (!path.isEmpty() && !openFile(path, &error))
        QMessageBox::critical(&m_window, tr("Open Script"),
                              tr("%1\n\nThe current session was left as it was.").arg(error));
}

bool DocumentController::save() {
    if (m_currentFile.isEmpty())
        return saveAs();
    QString error;
    if (!saveFile(m_currentFile, &error)) {
        QMessageBox::critical(&m_window, tr("Save"), error);
        return false;
    }
    m_window.statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(m_currentFile)), 3000);
    return true;
}

bool DocumentController::saveAs() {
    QString path = QFileDialog::getSaveFileName(&m_window, tr("Save Script"),
                                                m_currentFile.isEmpty() ? tr("session.py") : m_currentFile,
                                                tr("PyTorch scripts (*.py)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".py");
    QString error;
    if (!saveFile(path, &error)) {
        QMessageBox::critical(&m_window, tr("Save"), error);
        return false;
    }
    return true;
}

void DocumentController::updateRecentMenu() {
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
                QMessageBox::critical(&m_window, tr("Open Script"),
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

bool DocumentController::exportDiagram(const QString& path, QString* error) {
    const auto format = diagramFormatForPath(path);
    if (!format || *format == DiagramFormat::Gif) { // an animation: Traversal → Export Animation
        if (error)
            *error = tr("Choose a file name ending in .png, .svg, .pdf or .tex.");
        return false;
    }
    if (!m_window.m_session->shown()) {
        if (error)
            *error = tr("There is no diagram to export yet.");
        return false;
    }
    const QString problem = writeDiagram(path, *format, m_window.diagram()->model(), m_window.diagramTheme(),
                                         *format == DiagramFormat::Png ? 2.0 : 1.0);
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return false;
    }
    return true;
}

void DocumentController::exportDiagramAs() {
    const QString name = m_window.m_session->shown() && !m_window.m_session->shown()->name.isEmpty()
                             ? m_window.m_session->shown()->name
                             : QStringLiteral("diagram");
    const QString path =
        FigureExportDialog::run(&m_window, m_window.diagram()->model(), m_window.diagramTheme().name, name);
    if (!path.isEmpty())
        m_window.statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 3000);
}

void DocumentController::copyDiagram() {
    if (!m_window.m_session->shown())
        return;
    const DiagramModel& model = m_window.diagram()->model();
    auto* data = new QMimeData;
    data->setImageData(
        renderDiagramImage(model, m_window.diagramTheme(), std::max(2.0, m_window.devicePixelRatioF())));
    data->setData(QStringLiteral("image/svg+xml"), diagramToSvg(model, m_window.diagramTheme()));
    data->setText(model.title);
    QApplication::clipboard()->setMimeData(data);
    m_window.statusBar()->showMessage(tr("Diagram copied to the clipboard (image and SVG)."), 3000);
}

void DocumentController::copyScript() {
    QApplication::clipboard()->setText(m_window.m_session->pythonScript());
    m_window.statusBar()->showMessage(tr("Script copied: paste it into Python with PyTorch installed."),
                                      3000);
}

bool DocumentController::startLesson(const QString& path, QString* error) {
    const auto lesson = Lesson::load(path, error);
    if (!lesson)
        return false;
    m_currentFile.clear();
    m_window.m_console->clearError();
    m_window.m_lessonPanel->start(*lesson);
    updateTitle();
    return true;
}

void DocumentController::requestLesson(const QString& path) {
    if (!maybeSave())
        return;
    QString error;
    if (!startLesson(path, &error))
        QMessageBox::warning(&m_window, tr("Lesson"), error);
}

bool DocumentController::openAsLesson(const QString& path, QString* error) {
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
    m_window.m_console->clearError();
    m_window.m_lessonPanel->start(*lesson);
    Preferences::addRecentFile(QFileInfo(path).absoluteFilePath());
    updateTitle();
    return true;
}

void DocumentController::openLessonFile() {
    const QString path = askForScript(tr("Open as Lesson"));
    QString error;
    if (!path.isEmpty() && !openAsLesson(path, &error))
        QMessageBox::critical(&m_window, tr("Open as Lesson"),
                              tr("%1\n\nThe current session was left as it was.").arg(error));
}

} // namespace stridescope::app
