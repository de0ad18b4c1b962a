#include "app/window/FigureExport.h"

#include "app/diagram/GifExport.h"
#include "app/diagram/HandoutExport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>

namespace stridescope::app {

namespace {

// The --labels choices in the order of the combo box.
const std::vector<std::pair<CellLabels, const char*>>& labelChoices() {
    static const std::vector<std::pair<CellLabels, const char*>> choices = {
        {CellLabels::Auto, QT_TRANSLATE_NOOP("stridescope::app::FigureExportDialog", "automatic")},
        {CellLabels::Value, QT_TRANSLATE_NOOP("stridescope::app::FigureExportDialog", "values")},
        {CellLabels::Index, QT_TRANSLATE_NOOP("stridescope::app::FigureExportDialog", "storage indices")},
        {CellLabels::Coord, QT_TRANSLATE_NOOP("stridescope::app::FigureExportDialog", "logical indices")},
        {CellLabels::None, QT_TRANSLATE_NOOP("stridescope::app::FigureExportDialog", "nothing")},
    };
    return choices;
}

} // namespace

QString exportFigure(const DiagramModel& model, const FigureExportChoice& choice) {
    const auto format = diagramFormatForPath(choice.path);
    if (!format || *format == DiagramFormat::Gif)
        return FigureExportDialog::tr("Choose a file name ending in .png, .svg, .pdf or .tex "
                                      "(an animation is Traversal %1 Export Animation).")
            .arg(QStringLiteral("\u2192"));
    const auto theme = DiagramTheme::byName(choice.theme);
    if (!theme)
        return FigureExportDialog::tr("Unknown theme %1.").arg(choice.theme);
    const DiagramModel figure = model.withFigure(choice.figure);
    const QString problem = writeDiagram(choice.path, *format, figure, *theme, choice.scale);
    if (!problem.isEmpty() || !choice.alt)
        return problem;
    const QFileInfo info(choice.path);
    QSaveFile alt(info.dir().filePath(info.completeBaseName() + QStringLiteral(".txt")));
    const QByteArray text = figure.altText().toUtf8() + '\n';
    if (!alt.open(QIODevice::WriteOnly) || alt.write(text) != text.size() || !alt.commit())
        return FigureExportDialog::tr("cannot write %1: %2").arg(alt.fileName(), alt.errorString());
    return {};
}

FigureExportDialog::FigureExportDialog(const DiagramModel& model, const QString& theme,
                                       const QString& suggestedPath, QWidget* parent)
    : QDialog(parent), m_model(model) {
    setWindowTitle(tr("Export Diagram"));
    setObjectName(QStringLiteral("figureExportDialog"));
    auto* form = new QFormLayout;

    m_path = new QLineEdit(suggestedPath, this);
    m_path->setObjectName(QStringLiteral("path"));
    m_path->setMinimumWidth(360);
    auto* browse = new QPushButton(tr("Browse\u2026"), this);
    connect(browse, &QPushButton::clicked, this, &FigureExportDialog::browse);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    form->addRow(tr("File (.png, .svg, .pdf, .tex):"), pathRow);

    m_theme = new QComboBox(this);
    m_theme->addItems(DiagramTheme::names());
    m_theme->setCurrentText(theme);
    form->addRow(tr("Theme:"), m_theme);
    m_scale = new QDoubleSpinBox(this);
    m_scale->setRange(0.5, 8);
    m_scale->setSingleStep(0.5);
    m_scale->setValue(2);
    form->addRow(tr("PNG scale:"), m_scale);

    m_clean = new QCheckBox(tr("Clean figure (no addresses, legends, footer or lanes)"), this);
    m_clean->setObjectName(QStringLiteral("clean"));
    form->addRow(m_clean);
    m_addresses = new QCheckBox(tr("Addresses, data_ptr, alignment ticks and extent"), this);
    m_lanes = new QCheckBox(tr("A lane per tensor on the storage"), this);
    m_legend = new QCheckBox(tr("Per-dim legend and colour key"), this);
    for (QCheckBox* box : {m_addresses, m_lanes, m_legend})
        form->addRow(box);
    connect(m_clean, &QCheckBox::toggled, this, &FigureExportDialog::cleanToggled);

    m_labels = new QComboBox(this);
    for (const auto& [labels, text] : labelChoices())
        m_labels->addItem(tr(text));
    form->addRow(tr("Cell text:"), m_labels);
    m_title = new QLineEdit(this);
    m_title->setPlaceholderText(model.title);
    form->addRow(tr("Title:"), m_title);
    m_wrap = new QSpinBox(this);
    m_wrap->setRange(0, 4096);
    m_wrap->setSpecialValueText(tr("automatic"));
    form->addRow(tr("Cells per storage row:"), m_wrap);
    m_width = new QSpinBox(this);
    m_width->setRange(0, 20000);
    m_width->setSingleStep(50);
    m_width->setSpecialValueText(tr("automatic"));
    m_width->setSuffix(tr(" px"));
    form->addRow(tr("Width:"), m_width);
    m_transparent = new QCheckBox(tr("Transparent background (PNG, SVG)"), this);
    m_textAsPaths = new QCheckBox(tr("Text as outlines (SVG)"), this);
    m_alt = new QCheckBox(tr("Alt text in a .txt beside the picture"), this);
    for (QCheckBox* box : {m_transparent, m_textAsPaths, m_alt})
        form->addRow(box);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);

    m_clean->setChecked(true);
    cleanToggled(true);
}

void FigureExportDialog::cleanToggled(bool clean) {
    // The switches show what --clean implies; each can then be changed on its own.
    for (QCheckBox* box : {m_addresses, m_lanes, m_legend})
        box->setChecked(!clean);
}

void FigureExportDialog::browse() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Diagram"), m_path->text(),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf);;TikZ for LaTeX (*.tex)"));
    if (!path.isEmpty())
        m_path->setText(path);
}

FigureExportChoice FigureExportDialog::choice() const {
    FigureExportChoice choice;
    choice.path = m_path->text().trimmed();
    choice.theme = m_theme->currentText();
    choice.scale = m_scale->value();
    FigureOptions& figure = choice.figure;
    figure.clean = m_clean->isChecked();
    // Only what differs from what `clean` implies is an override, as on the command line.
    if (m_addresses->isChecked() == figure.clean)
        figure.addresses = m_addresses->isChecked();
    if (m_lanes->isChecked() == figure.clean)
        figure.lanes = m_lanes->isChecked();
    if (m_legend->isChecked() == figure.clean)
        figure.legend = m_legend->isChecked();
    figure.labels = labelChoices()[static_cast<std::size_t>(std::max(0, m_labels->currentIndex()))].first;
    figure.title = m_title->text().trimmed();
    figure.wrap = m_wrap->value();
    figure.width = m_width->value();
    figure.transparent = m_transparent->isChecked();
    figure.textAsPaths = m_textAsPaths->isChecked();
    choice.alt = m_alt->isChecked();
    return choice;
}

void FigureExportDialog::setChoice(const FigureExportChoice& choice) {
    m_path->setText(choice.path);
    m_theme->setCurrentText(choice.theme);
    m_scale->setValue(choice.scale);
    const FigureOptions& figure = choice.figure;
    m_clean->setChecked(figure.clean);
    m_addresses->setChecked(figure.showAddresses());
    m_lanes->setChecked(figure.showLanes());
    m_legend->setChecked(figure.showLegend());
    for (std::size_t i = 0; i < labelChoices().size(); ++i)
        if (labelChoices()[i].first == figure.labels)
            m_labels->setCurrentIndex(static_cast<int>(i));
    m_title->setText(figure.title);
    m_wrap->setValue(figure.wrap);
    m_width->setValue(static_cast<int>(figure.width));
    m_transparent->setChecked(figure.transparent);
    m_textAsPaths->setChecked(figure.textAsPaths);
    m_alt->setChecked(choice.alt);
}

QString FigureExportDialog::run(QWidget* parent, const DiagramModel& model, const QString& theme,
                                const QString& name) {
    FigureExportDialog dialog(model, theme, QDir::home().filePath(name + QStringLiteral(".svg")), parent);
    while (dialog.exec() == QDialog::Accepted) {
        const FigureExportChoice choice = dialog.choice();
        const QString problem = exportFigure(model, choice);
        if (problem.isEmpty())
            return choice.path;
        QMessageBox::critical(parent, tr("Export Diagram"), problem);
    }
    return {};
}

QString exportAnimationInteractively(QWidget* parent, const DiagramModel& model, const DiagramTheme& theme,
                                     const QString& name) {
    const QString title = FigureExportDialog::tr("Export Animation");
    const QString path = QFileDialog::getSaveFileName(
        parent, title, QDir::home().filePath(name + QStringLiteral(".gif")),
        FigureExportDialog::tr("Animated GIF (*.gif);;PNG per step, {frame} in the name (*.png)"));
    if (path.isEmpty())
        return {};
    FigureOptions clean;
    clean.clean = true;
    const DiagramModel figure = model.withFigure(clean);
    QString problem;
    if (QFileInfo(path).suffix().compare(QLatin1String("png"), Qt::CaseInsensitive) == 0) {
        const QString pattern = path.contains(QStringLiteral("{frame}"))
                                    ? path
                                    : QFileInfo(path).dir().filePath(QFileInfo(path).completeBaseName() +
                                                                     QStringLiteral("-{frame}.png"));
        problem = writeTraversalFrames(pattern, figure, theme, 1.0);
    } else {
        problem = writeTraversalGif(path, figure, theme, 1.0, 4.0);
    }
    if (!problem.isEmpty()) {
        QMessageBox::critical(parent, title, problem);
        return {};
    }
    return path;
}

QString exportHandoutInteractively(QWidget* parent, const std::optional<Lesson>& current) {
    const QString title = FigureExportDialog::tr("Export Handout");
    std::optional<Lesson> lesson = current;
    if (!lesson) {
        const QStringList paths = Lesson::bundledPaths();
        QStringList titles;
        for (const QString& path : paths)
            titles << Lesson::titleOf(path);
        bool ok = false;
        const QString picked =
            QInputDialog::getItem(parent, title, FigureExportDialog::tr("Lesson:"), titles, 0, false, &ok);
        if (!ok || titles.indexOf(picked) < 0)
            return {};
        QString error;
        lesson = Lesson::load(paths[titles.indexOf(picked)], &error);
        if (!lesson) {
            QMessageBox::critical(parent, title, error);
            return {};
        }
    }
    const QString name = QFileInfo(lesson->path).completeBaseName();
    const QString path = QFileDialog::getSaveFileName(parent, title,
                                                      QDir::home().filePath(name + QStringLiteral(".pdf")),
                                                      FigureExportDialog::tr("PDF document (*.pdf)"));
    if (path.isEmpty())
        return {};
    const QString problem = Handout::write(*lesson, path, DiagramTheme::print());
    if (!problem.isEmpty()) {
        QMessageBox::critical(parent, title, problem);
        return {};
    }
    return path;
}

} // namespace stridescope::app
