#include "app/window/PreferencesDialog.h"

#include "app/window/Preferences.h"
#include "app/window/Translations.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace stridescope::app {

QString PreferencesDialog::chineseChoiceLabel(bool hasFont) {
    // Without a font the Chinese name would be boxes: say it in Latin letters, and why.
    return hasFont ? QStringLiteral("\u7B80\u4F53\u4E2D\u6587")
                   : tr("Simplified Chinese (no Chinese font installed)");
}

PreferencesDialog::PreferencesDialog(QWidget* parent)
    : QDialog(parent), m_theme(new QComboBox(this)), m_language(new QComboBox(this)),
      m_speed(new QSpinBox(this)), m_byteMode(new QCheckBox(tr("Arrows and addresses also in bytes"), this)),
      m_storageIndices(new QCheckBox(tr("Logical cells also show the storage index they read"), this)),
      m_simulatedGpu(new QCheckBox(tr("Without a CUDA device, simulate cuda:0 (values stay on the host, nothing is timed)"),
                                   this)) {
    setWindowTitle(tr("Preferences"));
    m_theme->addItem(tr("Light"), QStringLiteral("light"));
    m_theme->addItem(tr("Dark"), QStringLiteral("dark"));
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(Preferences::theme())));
    m_language->addItem(tr("System language"), QString());
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(chineseChoiceLabel(hasChineseFont()), QStringLiteral("zh_CN"));
    m_language->setCurrentIndex(std::max(0, m_language->findData(Preferences::language())));
    m_speed->setRange(1, 60);
    m_speed->setSuffix(tr(" visits/s"));
    m_speed->setValue(Preferences::traversalSpeed());
    m_byteMode->setChecked(Preferences::byteMode());
    m_storageIndices->setChecked(Preferences::showStorageIndices());
    m_simulatedGpu->setObjectName(QStringLiteral("simulatedGpu"));
    m_simulatedGpu->setChecked(Preferences::simulatedGpu());

    auto* form = new QFormLayout;
    form->addRow(tr("Theme"), m_theme);
    form->addRow(tr("Language"), m_language);
    auto* languageNote = new QLabel(hasChineseFont() ? tr("The window and the lessons change language at once.")
                                                     : tr("No font with Chinese characters is installed, so Chinese "
                                                          "would show as boxes. Install one (Debian/Ubuntu: "
                                                          "sudo apt install fonts-noto-cjk) and restart."),
                                    this);
    languageNote->setObjectName(QStringLiteral("languageNote"));
    languageNote->setWordWrap(true);
    form->addRow(QString(), languageNote);
    form->addRow(tr("Traversal speed"), m_speed);
    form->addRow(tr("Diagram"), m_byteMode);
    form->addRow(QString(), m_storageIndices);
    form->addRow(tr("Devices"), m_simulatedGpu);
    form->addRow(QString(), new QLabel(tr("Turned off, scripts see a CPU-only PyTorch. Applies when StrideScope starts again."), this));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void PreferencesDialog::save() const {
    Preferences::setTheme(m_theme->currentData().toString());
    Preferences::setLanguage(m_language->currentData().toString());
    Preferences::setTraversalSpeed(m_speed->value());
    Preferences::setByteMode(m_byteMode->isChecked());
    Preferences::setShowStorageIndices(m_storageIndices->isChecked());
    Preferences::setSimulatedGpu(m_simulatedGpu->isChecked());
}

} // namespace stridescope::app
