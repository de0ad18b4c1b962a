#include "app/window/CrashRecovery.h"

#include "app/window/DocumentController.h"
#include "app/window/LessonPanel.h"
#include "app/window/MainWindow.h"
#include "app/window/ScriptConsole.h"
#include "app/window/SessionModel.h"
#include "app/window/SessionRecovery.h"

#include <QDir>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>

namespace stridescope::app {

CrashRecovery::CrashRecovery(MainWindow& window)
    : QObject(&window), m_window(window), m_recovery(std::make_unique<SessionRecovery>()) {
    // Half a second after the last change: typing a burst of statements writes the file once.
    m_autosaveTimer.setSingleShot(true);
    m_autosaveTimer.setInterval(500);
    connect(&m_autosaveTimer, &QTimer::timeout, this, &CrashRecovery::autosaveNow);
}

CrashRecovery::~CrashRecovery() = default;

void CrashRecovery::stop() {
    m_autosaveTimer.stop();
    m_recovery->removeOwn();
}

void CrashRecovery::scheduleAutosave() {
    if (m_window.m_session->isModified()) {
        m_autosaveTimer.start();
        return;
    }
    // Saved, discarded or just opened: nothing is at risk, so no recovery file is left behind.
    m_autosaveTimer.stop();
    m_recovery->removeOwn();
}

bool CrashRecovery::autosaveNow() {
    m_autosaveTimer.stop();
    if (!m_window.m_session->isModified())
        return false;
    QString error;
    if (!m_recovery->write(m_window.m_session->pythonScript(), m_window.currentFile(), &error)) {
        if (error != m_autosaveError)
            m_window.statusBar()->showMessage(tr("Autosave failed: %1").arg(error), 10000);
        m_autosaveError = error;
        return false;
    }
    m_autosaveError.clear();
    return true;
}

bool CrashRecovery::restoreRecovered(const RecoveredSession& orphan, QString* error) {
    if (const RunResult result = m_window.m_session->load(orphan.scriptText, true); !result) {
        if (error)
            *error = tr("line %1: %2").arg(result.error()->line).arg(result.error()->describe());
        return false;
    }
    m_window.m_lessonPanel->close();
    m_window.m_console->clearError();
    m_window.m_document->setCurrentFile(orphan.originalFile);
    // The restored work is on no disk but the recovery file: it stays unsaved until saved.
    m_window.m_session->setModified();
    m_window.m_document->updateTitle();
    // Only once this window holds the work in its own recovery file does the old one go.
    if (autosaveNow())
        m_recovery->forget(orphan);
    return true;
}

void CrashRecovery::offerRecovery() {
    const std::vector<RecoveredSession> orphans = m_recovery->claimOrphans();
    for (const RecoveredSession& orphan : orphans) {
        const QString from = orphan.originalFile.isEmpty() ? tr("an untitled session")
                                                           : QDir::toNativeSeparators(orphan.originalFile);
        QMessageBox box(QMessageBox::Warning, tr("Recover Unsaved Work"),
                        tr("StrideScope did not close normally. Unsaved work from %1, autosaved %2, "
                           "was kept.\n\nRestore it?")
                            .arg(from, QLocale().toString(orphan.savedAt, QLocale::ShortFormat)),
                        QMessageBox::NoButton, &m_window);
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
        if (box.clickedButton() != restore || !m_window.maybeSave())
            continue;
        QString error;
        if (restoreRecovered(orphan, &error))
            break; // the others wait for the next start: this window holds one session
        QMessageBox::critical(&m_window, tr("Recover Unsaved Work"),
                              tr("The recovered session does not run (%1). It was kept as %2.")
                                  .arg(error, QDir::toNativeSeparators(orphan.path)));
    }
    m_recovery->releaseClaims();
}

} // namespace stridescope::app
