#include "app/window/Preferences.h"

#include <QFileInfo>
#include <QLocale>
#include <QSettings>

#include <algorithm>

namespace stridescope::app {

namespace {

QSettings settings() { return QSettings(QStringLiteral("StrideScope"), QStringLiteral("StrideScope")); }

} // namespace

QString Preferences::theme() {
    const QString value = settings().value(QStringLiteral("ui/theme"), QStringLiteral("light")).toString();
    return value == u"dark" ? value : QStringLiteral("light");
}
void Preferences::setTheme(const QString& theme) { settings().setValue(QStringLiteral("ui/theme"), theme); }

QString Preferences::language() { return settings().value(QStringLiteral("ui/language")).toString(); }
void Preferences::setLanguage(const QString& language) {
    settings().setValue(QStringLiteral("ui/language"), language);
}

QString Preferences::effectiveLanguage() {
    const QString chosen = language();
    if (!chosen.isEmpty())
        return chosen;
    const QLocale system = QLocale::system();
    if (system.language() == QLocale::Chinese && system.script() != QLocale::TraditionalChineseScript)
        return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

int Preferences::traversalSpeed() {
    return std::clamp(settings().value(QStringLiteral("traversal/speed"), 4).toInt(), 1, 60);
}
void Preferences::setTraversalSpeed(int visitsPerSecond) {
    settings().setValue(QStringLiteral("traversal/speed"), visitsPerSecond);
}

bool Preferences::byteMode() { return settings().value(QStringLiteral("diagram/byteMode"), false).toBool(); }
void Preferences::setByteMode(bool on) { settings().setValue(QStringLiteral("diagram/byteMode"), on); }

bool Preferences::simulatedGpu() { return settings().value(QStringLiteral("devices/simulatedGpu"), true).toBool(); }
void Preferences::setSimulatedGpu(bool on) { settings().setValue(QStringLiteral("devices/simulatedGpu"), on); }

bool Preferences::showStorageIndices() {
    return settings().value(QStringLiteral("diagram/showStorageIndices"), false).toBool();
}
void Preferences::setShowStorageIndices(bool on) {
    settings().setValue(QStringLiteral("diagram/showStorageIndices"), on);
}

QStringList Preferences::recentFiles() {
    return settings().value(QStringLiteral("files/recent")).toStringList();
}

void Preferences::addRecentFile(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = recentFiles();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    settings().setValue(QStringLiteral("files/recent"), files);
}

void Preferences::removeRecentFile(const QString& path) {
    QStringList files = recentFiles();
    files.removeAll(QFileInfo(path).absoluteFilePath());
    settings().setValue(QStringLiteral("files/recent"), files);
}

void Preferences::clearRecentFiles() { settings().remove(QStringLiteral("files/recent")); }

QStringList Preferences::history() {
    return settings().value(QStringLiteral("console/history")).toStringList();
}
void Preferences::setHistory(const QStringList& lines) {
    settings().setValue(QStringLiteral("console/history"),
                        lines.mid(std::max<qsizetype>(0, lines.size() - kMaxHistory)));
}

QByteArray Preferences::windowGeometry() {
    return settings().value(QStringLiteral("window/geometry")).toByteArray();
}
QByteArray Preferences::windowState() {
    return settings().value(QStringLiteral("window/state")).toByteArray();
}
void Preferences::setWindowGeometry(const QByteArray& geometry, const QByteArray& state) {
    QSettings s = settings();
    s.setValue(QStringLiteral("window/geometry"), geometry);
    s.setValue(QStringLiteral("window/state"), state);
}

} // namespace stridescope::app
