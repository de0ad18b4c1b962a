// Entry point of the window: the QApplication, the UI language, the main window (on a script
// when one was given) and the event loop.
#include "app/window/MainWindowLauncher.h"
#include "app/commands/DeviceSetup.h"

#include "app/window/MainWindow.h"
#include "app/window/Preferences.h"
#include "app/window/Translations.h"
#include "stridescope_config.h"

#include <QApplication>
#include <QMessageBox>
#include <QString>
#include <QTimer>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>

namespace stridescope::app {

namespace {

bool hasEnv(const char* name) {
    const char* value = std::getenv(name);
    return value != nullptr && *value != '\0';
}

// Without this check QApplication aborts with a long message about the xcb plugin.
bool canOpenWindow(int argc, char** argv) {
#if defined(Q_OS_LINUX)
    if (hasEnv("QT_QPA_PLATFORM") || hasEnv("DISPLAY") || hasEnv("WAYLAND_DISPLAY"))
        return true;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "-platform") == 0)
            return true;
    }
    return false;
#else
    (void)argc;
    (void)argv;
    return true;
#endif
}

} // namespace

namespace {

// Opens the window that takes over `old`'s work in the language just chosen, so that every word
// of the UI follows without a restart.
void reopenInNewLanguage(MainWindow* old);

MainWindow* makeWindow() {
    auto* window = new MainWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(window, &MainWindow::languageChanged, window,
                     [window] { QTimer::singleShot(0, window, [window] { reopenInNewLanguage(window); }); });
    return window;
}

void reopenInNewLanguage(MainWindow* old) {
    MainWindow* fresh = makeWindow();
    fresh->takeStateFrom(*old);
    fresh->show();
    old->close(); // quietly: the new window holds the work
}

} // namespace

int runWindow(int argc, char** argv, const std::string& scriptPath, bool noSimulatedGpu) {
    // A wrong path without a display is reported on stderr; with one, the window opens and says
    // so (a launcher or file manager shows no terminal).
    std::string openError;
    if (!scriptPath.empty()) {
        std::ifstream file(scriptPath, std::ios::binary);
        if (!file)
            openError = std::strerror(errno);
    }
    if (!canOpenWindow(argc, argv)) {
        if (!openError.empty()) {
            std::cerr << "stridescope: cannot open " << scriptPath << ": " << openError << '\n';
            return 1;
        }
        std::cerr << "stridescope: no display to open the window on (DISPLAY is not set); "
                     "for text output run: stridescope eval "
                  << (scriptPath.empty() ? "FILE.py" : scriptPath) << '\n';
        return 1;
    }

    QApplication application(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("StrideScope"));
    QApplication::setApplicationName(QStringLiteral("StrideScope"));
    QApplication::setApplicationVersion(QStringLiteral(STRIDESCOPE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("stridescope"));
    installTranslations(application, Preferences::effectiveLanguage());
    setUpDevices(!noSimulatedGpu && Preferences::simulatedGpu());

    MainWindow* window = makeWindow();
    window->show();
    if (!scriptPath.empty()) {
        if (!openError.empty())
            std::cerr << "stridescope: cannot open " << scriptPath << ": " << openError << '\n';
        QString error;
        if (!window->openFile(QString::fromLocal8Bit(scriptPath.c_str()), &error))
            QTimer::singleShot(0, window, [window, error] {
                QMessageBox::critical(window, MainWindow::tr("Open Script"),
                                      MainWindow::tr("%1\n\nStrideScope started with a new session instead.")
                                          .arg(error));
            });
    }
    // Work a crashed or killed window left behind is offered once the window is on screen.
    QTimer::singleShot(0, window, &MainWindow::offerRecovery);
    return QApplication::exec();
}

} // namespace stridescope::app
