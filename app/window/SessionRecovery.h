#pragma once
// Crash recovery for the window's session (issue "nothing lost").
//
// While the session has unsaved changes, MainWindow writes its script here (atomically, through
// QSaveFile) to <directory>/session-<pid>.py, half a second after each change; a session with
// nothing unsaved has no file. Each running window holds a QLockFile beside its file, so a
// recovery file whose lock can be taken belongs to a window that ended without cleaning up: a
// crash, a kill, a power cut. The next window finds those "orphans" and offers to restore them.
// Taking the lock also claims the orphan, so two windows started together never offer the same
// one.
//
// The file is a plain script the user could open by hand; its first line records the file the
// session was editing:  "# StrideScope recovery of: /path/to/script.py" (or "untitled").
#include <QDateTime>
#include <QString>

#include <map>
#include <memory>
#include <vector>

class QLockFile;

namespace stridescope::app {

// A recovery file left by a window that is gone.
struct RecoveredSession {
    QString path;         // the recovery file
    QString originalFile; // the script the lost session was editing; empty when untitled
    QString scriptText;   // the session's script
    QDateTime savedAt;    // when it was last autosaved
};

class SessionRecovery {
public:
    using Orphan = RecoveredSession;

    // The folder of the recovery files: $STRIDESCOPE_RECOVERY_DIR when set (tests, several
    // profiles), otherwise "recovery" in the application's local data folder.
    static QString defaultDirectory();

    explicit SessionRecovery(QString directory = defaultDirectory());
    // A clean exit: this window's own recovery file and lock go; claimed orphans are released
    // for the next start.
    ~SessionRecovery();
    SessionRecovery(const SessionRecovery&) = delete;
    SessionRecovery& operator=(const SessionRecovery&) = delete;

    QString directory() const { return m_directory; }
    // This window's recovery file (it exists only while there are unsaved changes).
    QString ownPath() const;

    // Writes the session's script as this window's recovery file; false with `error` set when
    // the folder or the file cannot be written (the previous recovery file is then intact).
    bool write(const QString& scriptText, const QString& originalFile, QString* error = nullptr);
    // Removes this window's recovery file (the session was saved, discarded or closed).
    void removeOwn();

    // Recovery files left by windows that are gone, newest first, each claimed by this window
    // until forget() or release(). Unreadable files are skipped, never deleted.
    std::vector<Orphan> claimOrphans();
    // Deletes a claimed orphan (restored into this window, or discarded by the user).
    void forget(const Orphan& orphan);
    // Gives every claimed orphan back, untouched, for a later start.
    void releaseClaims();

    // The file's text without the first line, and the original file from it.
    static QString recoveryText(const QString& scriptText, const QString& originalFile);
    static bool parseRecoveryText(const QString& text, QString* scriptText, QString* originalFile);

private:
    static QString lockPathFor(const QString& recoveryPath);
    bool ensureOwnLock(QString* error);

    QString m_directory;
    std::unique_ptr<QLockFile> m_ownLock;
    std::map<QString, std::unique_ptr<QLockFile>> m_claims; // recovery path -> its lock
};

} // namespace stridescope::app
