#include "app/window/SessionRecovery.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>

namespace stridescope::app {

namespace {

const QString kHeader = QStringLiteral("# StrideScope recovery of: ");
const QString kUntitled = QStringLiteral("untitled");

// A lock that only a dead owner makes stale: staleness by age alone would let a second window
// take the lock of a first one that has simply been open for a long time.
std::unique_ptr<QLockFile> makeLock(const QString& path) {
    auto lock = std::make_unique<QLockFile>(path);
    lock->setStaleLockTime(0);
    return lock;
}

} // namespace

QString SessionRecovery::defaultDirectory() {
    const QByteArray overridden = qgetenv("STRIDESCOPE_RECOVERY_DIR");
    if (!overridden.isEmpty())
        return QString::fromLocal8Bit(overridden);
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/recovery");
}

SessionRecovery::SessionRecovery(QString directory) : m_directory(std::move(directory)) {}

SessionRecovery::~SessionRecovery() {
    removeOwn();
    releaseClaims();
}

QString SessionRecovery::lockPathFor(const QString& recoveryPath) { return recoveryPath + QStringLiteral(".lock"); }

QString SessionRecovery::ownPath() const {
    if (!m_ownLock)
        return {};
    QString path = m_ownLock->fileName();
    path.chop(5); // ".lock"
    return path;
}

// The name has the process id and a number: a process id is reused (in a container the window
// often gets the same one every start), so a name is only taken when neither its file nor its
// lock exists, and an orphan is never overwritten.
bool SessionRecovery::ensureOwnLock(QString* error) {
    if (m_ownLock)
        return true;
    if (!QDir().mkpath(m_directory)) {
        if (error)
            *error = QCoreApplication::translate("SessionRecovery", "cannot create the folder %1")
                         .arg(QDir::toNativeSeparators(m_directory));
        return false;
    }
    const QString stem =
        m_directory + QStringLiteral("/session-%1-").arg(QCoreApplication::applicationPid());
    for (int number = 1; number < 10000; ++number) {
        const QString path = stem + QString::number(number) + QStringLiteral(".py");
        if (QFileInfo::exists(path) || QFileInfo::exists(lockPathFor(path)))
            continue;
        auto lock = makeLock(lockPathFor(path));
        if (lock->tryLock(0)) {
            m_ownLock = std::move(lock);
            return true;
        }
        if (lock->error() != QLockFile::LockFailedError)
            break; // permission or other error: another number will not help
    }
    if (error)
        *error = QCoreApplication::translate("SessionRecovery", "cannot create a recovery file in %1")
                     .arg(QDir::toNativeSeparators(m_directory));
    return false;
}

bool SessionRecovery::write(const QString& scriptText, const QString& originalFile, QString* error) {
    if (!ensureOwnLock(error))
        return false;
    QSaveFile file(ownPath());
    if (!file.open(QIODevice::WriteOnly) || file.write(recoveryText(scriptText, originalFile).toUtf8()) < 0 ||
        !file.commit()) {
        if (error)
            *error = QCoreApplication::translate("SessionRecovery", "cannot write %1: %2")
                         .arg(QDir::toNativeSeparators(file.fileName()), file.errorString());
        return false;
    }
    return true;
}

void SessionRecovery::removeOwn() {
    if (!m_ownLock)
        return;
    // The file goes before the lock: an unlocked file without its owner would look like an orphan.
    QFile::remove(ownPath());
    m_ownLock.reset(); // unlocks and deletes the lock file
}

std::vector<SessionRecovery::Orphan> SessionRecovery::claimOrphans() {
    std::vector<Orphan> orphans;
    const QDir dir(m_directory);
    const QStringList names =
        dir.entryList({QStringLiteral("session-*.py")}, QDir::Files | QDir::Hidden, QDir::NoSort);
    const QString own = ownPath();
    for (const QString& name : names) {
        const QString path = dir.filePath(name);
        if (path == own || m_claims.count(path) != 0)
            continue;
        auto lock = makeLock(lockPathFor(path));
        bool claimed = lock->tryLock(0);
        if (!claimed && lock->error() == QLockFile::LockFailedError) {
            // QLockFile takes a lock naming this process's id for a live one; but this window did
            // not make it (its own is skipped above), so its maker was an earlier process with
            // the same id. The forced removal still refuses a lock that a live window holds.
            qint64 pid = 0;
            QString host;
            QString application;
            if (lock->getLockInfo(&pid, &host, &application) && pid == QCoreApplication::applicationPid() &&
                lock->removeStaleLockFile())
                claimed = lock->tryLock(0);
        }
        if (!claimed)
            continue; // a running window's file, or one we may not touch

        QFile file(path);
        Orphan orphan;
        orphan.path = path;
        orphan.savedAt = QFileInfo(path).lastModified();
        if (!file.open(QIODevice::ReadOnly) ||
            !parseRecoveryText(QString::fromUtf8(file.readAll()), &orphan.scriptText, &orphan.originalFile))
            continue; // not readable or not ours: left where it is, lock released
        m_claims.emplace(path, std::move(lock));
        orphans.push_back(std::move(orphan));
    }
    std::sort(orphans.begin(), orphans.end(),
              [](const Orphan& a, const Orphan& b) { return a.savedAt > b.savedAt; });
    return orphans;
}

void SessionRecovery::forget(const Orphan& orphan) {
    const auto claim = m_claims.find(orphan.path);
    if (claim == m_claims.end())
        return; // not ours to delete
    QFile::remove(orphan.path);
    m_claims.erase(claim);
}

void SessionRecovery::releaseClaims() { m_claims.clear(); }

QString SessionRecovery::recoveryText(const QString& scriptText, const QString& originalFile) {
    const bool titled = !originalFile.isEmpty() && !originalFile.contains(QLatin1Char('\n'));
    return kHeader + (titled ? originalFile : kUntitled) + QLatin1Char('\n') + scriptText;
}

bool SessionRecovery::parseRecoveryText(const QString& text, QString* scriptText, QString* originalFile) {
    if (!text.startsWith(kHeader))
        return false;
    const qsizetype end = text.indexOf(QLatin1Char('\n'));
    const QString original = text.mid(kHeader.size(), end < 0 ? -1 : end - kHeader.size());
    *originalFile = original == kUntitled ? QString() : original;
    *scriptText = end < 0 ? QString() : text.mid(end + 1);
    return true;
}

} // namespace stridescope::app
