#pragma once
// Preferences: theme, language (the window reopens in it at once, lessons included), the
// traversal's speed and the diagram's options. Values are read from and written to Preferences.
#include <QDialog>

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace stridescope::app {

class PreferencesDialog : public QDialog {
    Q_OBJECT

public:
    explicit PreferencesDialog(QWidget* parent = nullptr);

    // Writes the choices to Preferences.
    void save() const;
    // The chooser's entry for Simplified Chinese: its own name, or an English one that says no
    // font can draw it.
    static QString chineseChoiceLabel(bool hasFont);

private:
    QComboBox* m_theme;
    QComboBox* m_language;
    QSpinBox* m_speed;
    QCheckBox* m_byteMode;
    QCheckBox* m_storageIndices;
    QCheckBox* m_simulatedGpu;
};

} // namespace stridescope::app
