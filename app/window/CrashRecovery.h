#pragma once
// The window's side of crash recovery (the files are SessionRecovery's): the session's script is
// autosaved half a second after a change while it has unsaved changes, lost sessions found at
// start are offered back, and a restored one replaces the window's session.
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>

namespace stridescope::app {

class MainWindow;
class SessionRecovery;
struct RecoveredSession;

class CrashRecovery : public QObject {
    Q_OBJECT

public:
    explicit CrashRecovery(MainWindow& window);
    ~CrashRecovery() override;

    SessionRecovery* recovery() const { return m_recovery.get(); }
    // Starts the autosave timer while the session has unsaved changes; removes this window's
    // recovery file when it has none (saved, discarded or just opened).
    void scheduleAutosave();
    // Writes the script at once: false when there is nothing to write or the write failed (the
    // status bar says why, once per different failure).
    bool autosaveNow();
    bool restoreRecovered(const RecoveredSession& orphan, QString* error);
    // Restore, Discard or Later for each lost session, newest first.
    void offerRecovery();
    // Nothing more to autosave (a clean exit, or another window took the work): the timer
    // stops and this window's recovery file goes.
    void stop();

private:
    MainWindow& m_window;
    std::unique_ptr<SessionRecovery> m_recovery;
    QTimer m_autosaveTimer;
    QString m_autosaveError; // the last failure shown, so that it is shown once
};

} // namespace stridescope::app
