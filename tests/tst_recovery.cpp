// Nothing lost: the window autosaves unsaved work to a recovery file, a clean exit leaves none,
// and a window that was killed has its work offered back by the next one. The killed window is
// real: this executable starts itself as a child ("--killed-window SCRIPT"), which opens a
// MainWindow, runs the script, waits for the autosave and then dies by SIGKILL.
#include "app/window/MainWindow.h"
#include "app/window/SessionModel.h"
#include "app/window/SessionRecovery.h"

#include "TestMain.h"
#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <csignal>
#include <cstring>
#include <memory>
#include <unistd.h>

using namespace stridescope::app;

namespace {

QString readText(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

void writeText(const QString& path, const QString& text) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text.toUtf8());
}

QStringList recoveryFiles(const QString& dir) {
    return QDir(dir).entryList({QStringLiteral("session-*.py")}, QDir::Files, QDir::Name);
}

// The statements after `import torch`.
QStringList scriptLines(const SessionModel& session) {
    QStringList lines;
    for (const ScriptLine& line : session.lines()) {
        if (line.code != u"import torch")
            lines << line.code;
    }
    return lines;
}

// Clicks the button named `objectName` in the next modal box (the recovery offer).
void clickInNextBox(const QString& objectName) {
    QTimer::singleShot(0, [objectName] {
        QWidget* box = QApplication::activeModalWidget();
        QVERIFY2(box != nullptr, "no modal box");
        auto* button = box->findChild<QAbstractButton*>(objectName);
        QVERIFY2(button != nullptr, qPrintable(objectName));
        button->click();
    });
}

const QString kLostScript = QStringLiteral("x = torch.arange(6).view(2, 3)\ny = x.t()\n");

} // namespace

class RecoveryTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void recoveryTextRoundTrips();
    void unsavedWorkIsAutosavedAndSavingRemovesIt();
    void cleanCloseLeavesNoFile();
    void liveWindowsFilesAreNotOrphans();
    void killedWindowsWorkIsRestored();
    void killedWindowsWorkCanBeDiscarded();
    void laterKeepsTheFileForTheNextStart();
    void orphanOfAnEarlierProcessWithOurIdIsFound();
    void ownFileNeverOverwritesAnOrphan();
    void foreignFilesAreLeftAlone();
    void recoveredScriptThatFailsChangesNothing();
    void unwritableFolderIsReportedNotFatal();

private:
    // Runs the killed-window child on `script`; QVERIFY fails when it did not leave a file.
    void killWindowRunning(const QString& script, const QString& openFile = {});

    std::unique_ptr<QTemporaryDir> m_dir;
};

void RecoveryTest::initTestCase() { QStandardPaths::setTestModeEnabled(true); }

void RecoveryTest::init() {
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    qputenv("STRIDESCOPE_RECOVERY_DIR", m_dir->filePath(QStringLiteral("recovery")).toLocal8Bit());
    QSettings(QStringLiteral("StrideScope"), QStringLiteral("StrideScope")).clear();
}

void RecoveryTest::cleanup() {
    qunsetenv("STRIDESCOPE_RECOVERY_DIR");
    m_dir.reset();
}

void RecoveryTest::killWindowRunning(const QString& script, const QString& openFile) {
    QProcess child;
    QStringList arguments{QStringLiteral("--killed-window"), script};
    if (!openFile.isEmpty())
        arguments << openFile;
    child.start(QCoreApplication::applicationFilePath(), arguments);
    QVERIFY(child.waitForFinished(60000));
    // Killed, as intended; a normal exit code says which step failed (see runKilledWindow).
    QVERIFY2(child.exitStatus() == QProcess::CrashExit,
             qPrintable(QStringLiteral("child exited with %1: %2")
                            .arg(child.exitCode())
                            .arg(QString::fromLocal8Bit(child.readAllStandardError()))));
    QCOMPARE(recoveryFiles(SessionRecovery::defaultDirectory()).size(), 1);
}

void RecoveryTest::recoveryTextRoundTrips() {
    QString script;
    QString original;
    QVERIFY(SessionRecovery::parseRecoveryText(SessionRecovery::recoveryText(kLostScript, {}), &script, &original));
    QCOMPARE(script, kLostScript);
    QCOMPARE(original, QString());
    QVERIFY(SessionRecovery::parseRecoveryText(
        SessionRecovery::recoveryText(kLostScript, QStringLiteral("/tmp/a b.py")), &script, &original));
    QCOMPARE(original, QStringLiteral("/tmp/a b.py"));
    QCOMPARE(script, kLostScript);
    QVERIFY(!SessionRecovery::parseRecoveryText(QStringLiteral("x = 1\n"), &script, &original));
}

void RecoveryTest::unsavedWorkIsAutosavedAndSavingRemovesIt() {
    MainWindow window;
    const QString dir = window.recovery()->directory();
    QVERIFY(recoveryFiles(dir).isEmpty()); // a clean session writes nothing

    QVERIFY(window.session()->run(QStringLiteral("x = torch.zeros(2, 3)")));
    QTRY_COMPARE_WITH_TIMEOUT(recoveryFiles(dir).size(), 1, 5000); // the timer, not autosaveNow()
    const QString own = window.recovery()->ownPath();
    QVERIFY(readText(own).contains(QStringLiteral("x = torch.zeros(2, 3)")));

    QVERIFY(window.session()->run(QStringLiteral("y = x.t()")));
    QTRY_VERIFY_WITH_TIMEOUT(readText(own).contains(QStringLiteral("y = x.t()")), 5000);

    // Undo back to the clean state: nothing unsaved, no file.
    window.session()->undoStack()->undo();
    window.session()->undoStack()->undo();
    QVERIFY(!window.session()->isModified());
    QVERIFY(recoveryFiles(dir).isEmpty());

    window.session()->undoStack()->redo();
    QVERIFY(window.autosaveNow());
    QCOMPARE(recoveryFiles(dir).size(), 1);
    QString error;
    QVERIFY2(window.saveFile(m_dir->filePath(QStringLiteral("saved.py")), &error), qPrintable(error));
    QVERIFY(recoveryFiles(dir).isEmpty());
}

void RecoveryTest::cleanCloseLeavesNoFile() {
    QString dir;
    {
        MainWindow window;
        dir = window.recovery()->directory();
        QVERIFY(window.session()->run(QStringLiteral("x = torch.ones(4)")));
        QVERIFY(window.autosaveNow());
        QCOMPARE(recoveryFiles(dir).size(), 1);
        window.session()->setUnmodified(); // as if saved; close() then asks nothing
        QVERIFY(window.close());
    }
    QVERIFY(recoveryFiles(dir).isEmpty());
    QVERIFY(QDir(dir).entryList(QDir::Files).isEmpty()); // no lock file either
}

void RecoveryTest::liveWindowsFilesAreNotOrphans() {
    MainWindow first;
    QVERIFY(first.session()->run(QStringLiteral("x = torch.ones(4)")));
    QVERIFY(first.autosaveNow());
    SessionRecovery second;
    QVERIFY(second.claimOrphans().empty());
}

void RecoveryTest::killedWindowsWorkIsRestored() {
    const QString original = m_dir->filePath(QStringLiteral("explore.py"));
    writeText(original, QStringLiteral("x = torch.arange(6).view(2, 3)\n"));
    killWindowRunning(QStringLiteral("y = x.t()\nz = y.contiguous()"), original);
    const QString orphanFile = recoveryFiles(SessionRecovery::defaultDirectory()).constFirst();

    MainWindow window;
    clickInNextBox(QStringLiteral("restoreButton"));
    window.offerRecovery();

    QCOMPARE(scriptLines(*window.session()),
             (QStringList{QStringLiteral("x = torch.arange(6).view(2, 3)"), QStringLiteral("y = x.t()"),
                          QStringLiteral("z = y.contiguous()")}));
    QVERIFY(window.session()->isModified());
    QCOMPARE(window.currentFile(), original);
    QVERIFY(window.isWindowModified());
    QCOMPARE(window.session()->shown()->name, QStringLiteral("z"));
    // The work moved into this window's own recovery file; the orphan is gone.
    const QStringList files = recoveryFiles(window.recovery()->directory());
    QCOMPARE(files.size(), 1);
    QVERIFY(files.constFirst() != orphanFile);
    QVERIFY(readText(window.recovery()->ownPath()).contains(QStringLiteral("z = y.contiguous()")));
    // Undo still walks through the restored statements, and the session stays unsaved.
    window.session()->undoStack()->undo();
    QCOMPARE(scriptLines(*window.session()).size(), 2);
    QVERIFY(window.session()->isModified());
    window.session()->setUnmodified();
}

void RecoveryTest::killedWindowsWorkCanBeDiscarded() {
    killWindowRunning(kLostScript);
    MainWindow window;
    clickInNextBox(QStringLiteral("discardButton"));
    window.offerRecovery();
    QVERIFY(scriptLines(*window.session()).isEmpty()); // still the new session
    QVERIFY(!window.session()->isModified());
    QVERIFY(recoveryFiles(window.recovery()->directory()).isEmpty());
}

void RecoveryTest::laterKeepsTheFileForTheNextStart() {
    killWindowRunning(kLostScript);
    {
        MainWindow window;
        clickInNextBox(QStringLiteral("laterButton"));
        window.offerRecovery();
        QVERIFY(!window.session()->isModified());
        QCOMPARE(recoveryFiles(window.recovery()->directory()).size(), 1);
    }
    SessionRecovery next;
    const auto orphans = next.claimOrphans();
    QCOMPARE(orphans.size(), std::size_t{1});
    QVERIFY2(orphans.front().scriptText.contains(kLostScript), qPrintable(orphans.front().scriptText));
    QCOMPARE(orphans.front().originalFile, QString());
}

// A container often gives the window the same process id at every start: a lock naming this
// process, held by nobody, is an earlier window's.
void RecoveryTest::orphanOfAnEarlierProcessWithOurIdIsFound() {
    const QString dir = SessionRecovery::defaultDirectory();
    QVERIFY(QDir().mkpath(dir));
    const QString path = dir + QStringLiteral("/session-%1-1.py").arg(QCoreApplication::applicationPid());
    writeText(path, SessionRecovery::recoveryText(kLostScript, {}));
    writeText(path + QStringLiteral(".lock"),
              QStringLiteral("%1\n%2\n%3\n")
                  .arg(QCoreApplication::applicationPid())
                  .arg(QCoreApplication::applicationName(), QSysInfo::machineHostName()));
    SessionRecovery recovery;
    const auto orphans = recovery.claimOrphans();
    QCOMPARE(orphans.size(), std::size_t{1});
    QCOMPARE(orphans.front().scriptText, kLostScript);
}

void RecoveryTest::ownFileNeverOverwritesAnOrphan() {
    const QString dir = SessionRecovery::defaultDirectory();
    QVERIFY(QDir().mkpath(dir));
    const QString orphan = dir + QStringLiteral("/session-%1-1.py").arg(QCoreApplication::applicationPid());
    const QString lostText = SessionRecovery::recoveryText(kLostScript, {});
    writeText(orphan, lostText);
    SessionRecovery recovery;
    QVERIFY(recovery.write(QStringLiteral("a = torch.ones(1)\n"), {}));
    QVERIFY(recovery.ownPath() != orphan);
    QCOMPARE(readText(orphan), lostText);
}

void RecoveryTest::foreignFilesAreLeftAlone() {
    const QString dir = SessionRecovery::defaultDirectory();
    QVERIFY(QDir().mkpath(dir));
    const QString foreign = dir + QStringLiteral("/session-1-1.py");
    writeText(foreign, QStringLiteral("not a recovery file\n"));
    SessionRecovery recovery;
    QVERIFY(recovery.claimOrphans().empty());
    QVERIFY(QFileInfo::exists(foreign));
}

void RecoveryTest::recoveredScriptThatFailsChangesNothing() {
    const QString dir = SessionRecovery::defaultDirectory();
    QVERIFY(QDir().mkpath(dir));
    const QString orphan = dir + QStringLiteral("/session-1-1.py");
    writeText(orphan, SessionRecovery::recoveryText(QStringLiteral("x = torch.ones(2)\ny = x.view(3)\n"), {}));

    MainWindow window;
    QVERIFY(window.session()->run(QStringLiteral("keep = torch.zeros(5)")));
    window.session()->setUnmodified();
    SessionRecovery* recovery = window.recovery();
    const auto orphans = recovery->claimOrphans();
    QCOMPARE(orphans.size(), std::size_t{1});
    QString error;
    QVERIFY(!window.restoreRecovered(orphans.front(), &error));
    QCOMPARE(error, QStringLiteral("line 2: RuntimeError: shape '[3]' is invalid for input of size 2"));
    QVERIFY(window.session()->tensorNamed(QStringLiteral("keep")).has_value());
    recovery->releaseClaims();
    QVERIFY(QFileInfo::exists(orphan)); // kept for another try
}

void RecoveryTest::unwritableFolderIsReportedNotFatal() {
    // The recovery "folder" is a plain file: it cannot be created.
    const QString blocker = m_dir->filePath(QStringLiteral("blocker"));
    writeText(blocker, QStringLiteral("x"));
    qputenv("STRIDESCOPE_RECOVERY_DIR", blocker.toLocal8Bit());
    MainWindow window;
    QVERIFY(window.session()->run(QStringLiteral("x = torch.ones(3)")));
    QVERIFY(!window.autosaveNow());
    QVERIFY2(window.statusBar()->currentMessage().startsWith(QStringLiteral("Autosave failed: cannot create")),
             qPrintable(window.statusBar()->currentMessage()));
    QVERIFY(window.session()->tensorNamed(QStringLiteral("x")).has_value());
    window.session()->setUnmodified();
}

namespace {

// The child: a window that runs a script (after opening a file, when given), lets the autosave
// timer write its recovery file, and is then killed the way a crash or `kill -9` ends it.
int runKilledWindow(int argc, char** argv) {
    QApplication application(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    MainWindow window;
    if (argc > 3 && !window.openFile(QString::fromLocal8Bit(argv[3])))
        return 3;
    if (!window.session()->run(QString::fromLocal8Bit(argv[2])))
        return 4;
    const QString dir = window.recovery()->directory();
    if (!QTest::qWaitFor([&] { return !recoveryFiles(dir).isEmpty(); }, 10000))
        return 5;
    ::kill(::getpid(), SIGKILL);
    return 6;
}

} // namespace

int main(int argc, char** argv) {
    stridescope::testmain::forceOffscreenPlatform(); // the child inherits the choice
    if (argc >= 3 && std::strcmp(argv[1], "--killed-window") == 0)
        return runKilledWindow(argc, argv);
    QApplication application(argc, argv);
    RecoveryTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_recovery.moc"
