#include "app/window/WindowTheme.h"

#include "app/diagram/DiagramWidget.h"
#include "app/window/AppStyle.h"
#include "app/window/DiagramView.h"
#include "app/window/LessonPanel.h"
#include "app/window/MainWindow.h"
#include "app/window/PredictPanel.h"
#include "app/window/Preferences.h"
#include "app/window/PropertiesPanel.h"
#include "app/window/ScriptConsole.h"
#include "app/window/WindowActions.h"

#include <QAction>
#include <QDockWidget>
#include <QScreen>
#include <QSignalBlocker>
#include <QToolBar>

#include <algorithm>

namespace stridescope::app {

WindowTheme::WindowTheme(MainWindow& window) : m_window(window), m_diagramTheme(DiagramTheme::light()) {}

void WindowTheme::setTheme(const QString& theme) {
    m_theme = AppStyle::isDark(theme) ? QStringLiteral("dark") : QStringLiteral("light");
    Preferences::setTheme(m_theme);
    // Projector mode enlarges the lesson, the console and the diagram, not the menus and docks.
    AppStyle::apply(m_theme, false);
    m_diagramTheme = m_presentation              ? DiagramTheme::presentation()
                     : AppStyle::isDark(m_theme) ? DiagramTheme::dark()
                                                 : DiagramTheme::light();
    m_window.diagram()->setTheme(m_diagramTheme);
    m_window.m_diagramView->diagramChanged();
    m_window.m_properties->setTheme(m_diagramTheme);
    m_window.m_console->setDark(AppStyle::isDark(m_theme));
    m_window.m_actions->updateIcons();
    if (m_window.m_actions->darkAction()->isChecked() != AppStyle::isDark(m_theme)) {
        const QSignalBlocker blocker(m_window.m_actions->darkAction());
        m_window.m_actions->darkAction()->setChecked(AppStyle::isDark(m_theme));
    }
}

void WindowTheme::setPresentationMode(bool on) {
    if (on == m_presentation)
        return;
    m_presentation = on;
    if (on) {
        m_wasMaximized = m_window.isMaximized();
        m_statusBeforePresentation = m_window.saveState();
        // What a lesson needs: its text, the diagram and the console. The rest comes back after.
        for (QDockWidget* dock :
             {m_window.m_variablesDock, m_window.m_propertiesDock, m_window.m_bandwidthDock})
            dock->hide();
        for (QToolBar* bar : m_window.m_actions->toolBars())
            bar->hide();
        m_window.m_consoleDock->show();
        m_window.m_consoleDock->raise();
        m_window.showFullScreen();
    } else {
        if (m_wasMaximized)
            m_window.showMaximized();
        else
            m_window.showNormal();
        m_window.restoreState(m_statusBeforePresentation);
    }
    setTheme(m_theme);
    m_window.m_lessonPanel->setPresentation(on);
    m_window.m_predictPanel->setPresentation(on);
    m_window.m_console->setPresentation(on);
    m_window.m_diagramView->setProjector(on);
    if (on) {
        // The diagram is taller than wide (storage strip over the logical grid), so on a
        // landscape screen its height is what limits it: the console goes to the right, full
        // height, and the diagram keeps all the height under the lesson text.
        const QSize room = m_window.screen() ? m_window.screen()->size() : m_window.size();
        if (room.width() > room.height() * 5 / 4) {
            m_window.addDockWidget(Qt::RightDockWidgetArea, m_window.m_consoleDock);
            m_window.resizeDocks({m_window.m_consoleDock}, {std::max(320, room.width() * 3 / 10)},
                                 Qt::Horizontal);
        } else {
            m_window.resizeDocks({m_window.m_consoleDock}, {std::max(150, room.height() / 5)}, Qt::Vertical);
        }
    }
    if (m_window.m_actions->presentationAction()->isChecked() != on) {
        const QSignalBlocker blocker(m_window.m_actions->presentationAction());
        m_window.m_actions->presentationAction()->setChecked(on);
    }
    m_window.m_diagramView->fitToWindow();
}

} // namespace stridescope::app
