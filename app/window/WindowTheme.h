#pragma once
// The window's look: the light or dark theme (the application style, the diagram's colours, the
// console and the icons follow it) and projector mode (F11), which puts the docks and toolbars
// away, enlarges the lesson, the console and the diagram, and brings everything back after.
#include "app/diagram/DiagramTheme.h"

#include <QByteArray>
#include <QString>

namespace stridescope::app {

class MainWindow;

class WindowTheme {
public:
    explicit WindowTheme(MainWindow& window);

    void setTheme(const QString& theme);
    QString theme() const { return m_theme; }
    const DiagramTheme& diagramTheme() const { return m_diagramTheme; }

    void setPresentationMode(bool on);
    bool isPresentationMode() const { return m_presentation; }
    // The docks and toolbars as they were before projector mode (saveState()), while it is on.
    QByteArray stateBeforePresentation() const { return m_statusBeforePresentation; }

private:
    MainWindow& m_window;
    QString m_theme = QStringLiteral("light");
    DiagramTheme m_diagramTheme;
    bool m_presentation = false;
    bool m_wasMaximized = false;
    QByteArray m_statusBeforePresentation; // saveState() of the docks and toolbars
};

} // namespace stridescope::app
