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

int runWindow(int argc, char** argv, const std::string& scriptPath, bool noSimulatedGpu) {
    // A wrong path is reported the same way with or without a display.
    if (!scriptPath.empty()) {
        std::ifstream file(scriptPath, std::ios::binary);
        if (!file) {
            std::cerr << "stridescope: cannot open " << scriptPath << ": " << std::strerror(errno) << '\n';
            return 1;
        }
    }
    if (!canOpenWindow(argc, argv)) {
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

    MainWindow window;
    window.show();
    if (!scriptPath.empty()) {
        QString error;
        if (!window.openFile(QString::fromLocal8Bit(scriptPath.c_str()), &error))
            QMessageBox::critical(&window, MainWindow::tr("Open Script"), error);
    }
    // Work a crashed or killed window left behind is offered once the window is on screen.
    QTimer::singleShot(0, &window, &MainWindow::offerRecovery);
    return QApplication::exec();
}

} // namespace stridescope::app
