#pragma once
// The window's figure exports, with the choices of `stridescope render`: the Export Diagram
// dialog (file, theme, scale, --clean and its switches, labels, title, wrap, width,
// transparency, text as outlines, alt text), Traversal → Export Animation (a looping GIF, or a
// PNG per step with a {frame} file name) and Lessons → Export Handout (the current lesson, or
// one picked from the bundled ones, as a PDF). MainWindow calls these; they write files and
// report failures, and change nothing in the session.
#include "app/diagram/DiagramExport.h"
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramTheme.h"
#include "app/window/Lesson.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace stridescope::app {

// What the Export Diagram dialog asks for.
struct FigureExportChoice {
    QString path;
    QString theme = QStringLiteral("light");
    double scale = 2.0;
    FigureOptions figure;
    bool alt = false; // a .txt beside the picture
};

// Writes the figure of `model` as `choice` says; an empty string on success, else what went wrong.
QString exportFigure(const DiagramModel& model, const FigureExportChoice& choice);

class FigureExportDialog : public QDialog {
    Q_OBJECT

public:
    FigureExportDialog(const DiagramModel& model, const QString& theme, const QString& suggestedPath,
                       QWidget* parent = nullptr);

    FigureExportChoice choice() const;
    void setChoice(const FigureExportChoice& choice);

    // Runs the dialog and writes the file; reports a failure in a message box. Returns the path
    // written, or an empty string.
    static QString run(QWidget* parent, const DiagramModel& model, const QString& theme, const QString& name);

private:
    void browse();
    void cleanToggled(bool clean);

    const DiagramModel& m_model;
    QLineEdit* m_path = nullptr;
    QComboBox* m_theme = nullptr;
    QDoubleSpinBox* m_scale = nullptr;
    QCheckBox* m_clean = nullptr;
    QComboBox* m_labels = nullptr;
    QCheckBox* m_addresses = nullptr;
    QCheckBox* m_lanes = nullptr;
    QCheckBox* m_legend = nullptr;
    QLineEdit* m_title = nullptr;
    QSpinBox* m_wrap = nullptr;
    QSpinBox* m_width = nullptr;
    QCheckBox* m_transparent = nullptr;
    QCheckBox* m_textAsPaths = nullptr;
    QCheckBox* m_alt = nullptr;
};

// Traversal → Export Animation: asks for a .gif (or a .png name with {frame}) and writes the
// traversal of `model`, drawn clean. Returns the path written, or an empty string.
QString exportAnimationInteractively(QWidget* parent, const DiagramModel& model, const DiagramTheme& theme,
                                     const QString& name);
// Lessons → Export Handout: the current lesson, else one chosen from the bundled lessons.
QString exportHandoutInteractively(QWidget* parent, const std::optional<Lesson>& current);

} // namespace stridescope::app
