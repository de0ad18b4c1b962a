#pragma once
// What the window remembers between runs, kept with QSettings (organisation and application
// "StrideScope"): theme, language, traversal speed, diagram options, recent files,
// console history and the window's geometry. Typed accessors so that keys and defaults live in
// one place.
#include <QByteArray>
#include <QString>
#include <QStringList>

namespace stridescope::app {

class Preferences {
public:
    static constexpr int kMaxRecentFiles = 8;
    static constexpr int kMaxHistory = 200;

    // "light" or "dark".
    static QString theme();
    static void setTheme(const QString& theme);
    // "" (follow the system locale), "en" or "zh_CN".
    static QString language();
    static void setLanguage(const QString& language);
    // The language the UI uses: language(), or the system's when it is empty.
    static QString effectiveLanguage();

    // Visits per second.
    static int traversalSpeed();
    static void setTraversalSpeed(int visitsPerSecond);
    static bool byteMode();
    static void setByteMode(bool on);
    static bool showStorageIndices();
    static void setShowStorageIndices(bool on);
    // Without a CUDA device, a simulated cuda:0 (on by default); off: scripts see a CPU-only PyTorch.
    static bool simulatedGpu();
    static void setSimulatedGpu(bool on);

    static QStringList recentFiles();
    // Moves `path` to the front (absolute path; at most kMaxRecentFiles kept).
    static void addRecentFile(const QString& path);
    static void removeRecentFile(const QString& path);
    static void clearRecentFiles();

    static QStringList history();
    static void setHistory(const QStringList& lines);

    static QByteArray windowGeometry();
    static QByteArray windowState();
    static void setWindowGeometry(const QByteArray& geometry, const QByteArray& state);
};

} // namespace stridescope::app
