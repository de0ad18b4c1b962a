#include "app/commands/HeadlessGui.h"

#include "app/window/Translations.h"

#include <QByteArray>
#include <QTranslator>

namespace stridescope::app {

namespace {

QtMessageHandler g_previous = nullptr;

void filterMessages(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (isHeadlessNoise(message))
        return;
    if (g_previous)
        g_previous(type, context, message);
    else
        qt_message_output(type, context, message);
}

} // namespace

bool isHeadlessNoise(const QString& message) {
    return message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")) ||
           message.startsWith(QLatin1String("QStandardPaths: wrong permissions on runtime directory")) ||
           message.startsWith(QLatin1String("QStandardPaths: runtime directory"));
}

void quietenHeadlessWarnings() {
    static bool installed = false;
    if (installed)
        return;
    installed = true;
    g_previous = qInstallMessageHandler(filterMessages);
}

std::unique_ptr<QGuiApplication> ensureGuiApplication() {
    quietenHeadlessWarnings();
    if (QCoreApplication::instance())
        return nullptr;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", QByteArrayLiteral("offscreen"));
    // QGuiApplication keeps references to argc and argv for its whole life.
    static int argc = 1;
    static char name[] = "stridescope";
    static char* argv[] = {name, nullptr};
    return std::make_unique<QGuiApplication>(argc, argv);
}

bool guiUsable() { return qobject_cast<QGuiApplication*>(QCoreApplication::instance()) != nullptr; }

bool useLanguage(const QString& language) {
    // One translator of ours at a time, so that a later call (a test, the next command of a
    // process) can switch back to English.
    static QTranslator* installed = nullptr;
    if (language != u"en" && language != u"zh_CN")
        return false;
    if (installed) {
        QCoreApplication::removeTranslator(installed);
        delete installed;
        installed = nullptr;
    }
    if (language == u"en")
        return true;
    auto translator = std::make_unique<QTranslator>();
    if (!translator->load(translationPath(language)))
        return false;
    installed = translator.release();
    return QCoreApplication::installTranslator(installed);
}

QString knownLanguages() { return QStringLiteral("en, zh_CN"); }

} // namespace stridescope::app
